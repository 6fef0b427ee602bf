/**
 * Team permissions of members: listing (recursive or direct), the checks routes make before acting for a
 * client, granting and revoking, and the default grants of creators and new members.
 */
import { emitWebhook } from "../webhooks/emit.js"
import * as Effect from "effect/Effect"
import type { TeamPermission } from "@stackfx/lib/domain/team-permission.js"
import type { PermissionNotFound, WrongPermissionScope } from "@stackfx/lib/errors/known/permissions.js"
import { TeamPermissionNotFound, TeamPermissionRequired } from "@stackfx/lib/errors/known/permissions.js"
import { type TeamMembershipNotFound, TeamNotFound } from "@stackfx/lib/errors/known/teams.js"
import type { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { Db, type DbEffect, type DbError } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import {
  deleteGrant,
  listGrants,
  type MemberPermissionGuard,
  type PermissionGrant
} from "../../store/teams/team-permissions.js"
import { BUILTIN_TEAM_PERMISSIONS } from "./builtin-permissions.js"
import { grantTeamPermissions } from "../../store/teams/teams.js"
import { loadDefinitions } from "./permission-definitions.js"
import { ensureMembership } from "./team-access.js"
import { containedLookup, resolvePermissionIds } from "./permission-closure.js"
import { ensureDefinitionInScope } from "./project-permissions.js"

export interface PermissionFilter {
  readonly projectId: string
  readonly teamId?: string | undefined
  readonly userId?: string | undefined
  readonly permissionId?: string | undefined
  /** Expand grants into what they contain, transitively. */
  readonly recursive: boolean
}

/** The permissions members hold, sorted by team, user and permission id. */
export const listMemberPermissions = (filter: PermissionFilter): DbEffect<ReadonlyArray<TeamPermission>> =>
  Effect.gen(function* () {
    const grants = yield* listGrants(filter)
    if (grants.length === 0) return []
    const containedOf = containedLookup(yield* loadDefinitions(filter.projectId))
    const byMember = new Map<string, { teamId: string; userId: string; direct: Array<string> }>()
    for (const grant of grants) {
      const key = `${grant.teamId}\u0000${grant.userId}`
      const member = byMember.get(key) ?? { teamId: grant.teamId, userId: grant.userId, direct: [] }
      member.direct.push(grant.permissionId)
      byMember.set(key, member)
    }
    const result: Array<TeamPermission> = []
    // listGrants is ordered by team then user, so the members come out in that order too.
    for (const member of byMember.values()) {
      for (const id of resolvePermissionIds(member.direct, containedOf, filter.recursive)) {
        if (filter.permissionId === undefined || filter.permissionId === id) {
          result.push({ id, teamId: member.teamId, userId: member.userId })
        }
      }
    }
    return result
  })

export type PermissionCheckError = UserNotFound | TeamMembershipNotFound | DbError

/**
 * Fails unless the member holds the permission (recursively). `required` is the answer for an action the
 * caller may not take (TEAM_PERMISSION_REQUIRED); `not-exist` for a grant that is not there.
 */
export function requireTeamPermission(
  check: PermissionGrant,
  errorType: "required"
): Effect.Effect<void, TeamPermissionRequired | PermissionCheckError, Db>
export function requireTeamPermission(
  check: PermissionGrant,
  errorType: "not-exist",
  recursive: boolean
): Effect.Effect<void, TeamPermissionNotFound | PermissionCheckError, Db>
export function requireTeamPermission(
  check: PermissionGrant,
  errorType: "required" | "not-exist",
  recursive = true
): Effect.Effect<void, TeamPermissionRequired | TeamPermissionNotFound | PermissionCheckError, Db> {
  return Effect.gen(function* () {
    yield* ensureMembership(check.projectId, check.teamId, check.userId)
    const held = yield* listMemberPermissions({ ...check, recursive })
    if (held.length > 0) return
    const details = { team_id: check.teamId, user_id: check.userId, permission_id: check.permissionId }
    return yield* Effect.fail(
      errorType === "required" ? new TeamPermissionRequired({ details }) : new TeamPermissionNotFound({ details })
    )
  })
}

/** Grants a permission directly (granting one the member already has is a no-op). */
export const grantPermission = (
  grant: PermissionGrant
): Effect.Effect<TeamPermission, PermissionNotFound | WrongPermissionScope | PermissionCheckError, Db> =>
  Effect.gen(function* () {
    yield* ensureMembership(grant.projectId, grant.teamId, grant.userId)
    yield* ensureDefinitionInScope(grant.projectId, grant.permissionId, "team")
    yield* grantTeamPermissions({ ...grant, permissionIds: [grant.permissionId] })
    const granted = { id: grant.permissionId, teamId: grant.teamId, userId: grant.userId }
    yield* emitWebhook(grant.projectId, { type: "team_permission.created", data: granted })
    return granted
  })

/** Revokes a direct grant; one the member only holds through another permission cannot be revoked. */
export const revokePermission = (
  grant: PermissionGrant
): Effect.Effect<void, TeamPermissionNotFound | PermissionCheckError, Db> =>
  Effect.gen(function* () {
    yield* requireTeamPermission(grant, "not-exist", false)
    yield* deleteGrant(grant)
    yield* emitWebhook(grant.projectId, {
      type: "team_permission.deleted",
      data: { id: grant.permissionId, teamId: grant.teamId, userId: grant.userId }
    })
  })

/**
 * The project's default permissions for a team creator or a new member; answers the ids granted. Defaults that
 * name no definition (deleted since the config was written) are skipped rather than granted.
 */
export const grantDefaultPermissions = (
  project: StoredProject,
  member: { readonly teamId: string; readonly userId: string },
  kind: "creator" | "member"
): DbEffect<ReadonlyArray<string>> =>
  Effect.gen(function* () {
    const defaults =
      kind === "creator" ? project.config.teamCreatorDefaultPermissions : project.config.teamMemberDefaultPermissions
    if (defaults.length === 0) return []
    const defined = new Set((yield* loadDefinitions(project.id)).map((d) => d.id))
    const permissionIds = [...new Set(defaults.map((p) => p.id))].filter((id) => defined.has(id))
    yield* grantTeamPermissions({ projectId: project.id, ...member, permissionIds })
    return permissionIds
  })

/** {@link listMemberPermissions} on the request's database. */
export const listTeamPermissions = (filter: PermissionFilter): DbEffect<ReadonlyArray<TeamPermission>> =>
  listMemberPermissions(filter)

/** {@link grantPermission} in one transaction. */
export const grantTeamPermission = (grant: PermissionGrant) => Db.transaction(grantPermission(grant))

/** {@link revokePermission} in one transaction. */
export const revokeTeamPermission = (grant: PermissionGrant) => Db.transaction(revokePermission(grant))

/** Fails with TEAM_PERMISSION_REQUIRED unless the member holds the permission (recursively). */
export const requirePermissionInTeam = (check: PermissionGrant) => requireTeamPermission(check, "required")

/** The refusal of a guard's member (UserNotFound, TEAM_MEMBERSHIP_NOT_FOUND, TEAM_PERMISSION_REQUIRED), if any. */
export const guardRefusal = (projectId: string, teamId: string, guard: MemberPermissionGuard | undefined) =>
  guard === undefined
    ? Effect.void
    : requirePermissionInTeam({ projectId, teamId, userId: guard.userId, permissionId: guard.permissionId })

/**
 * Why a write to a team guarded by a member's permission found nothing, in the service's order of checks: the
 * member's (TEAM_MEMBERSHIP_NOT_FOUND also for a team that does not exist), else TEAM_NOT_FOUND. Read only once
 * the write has been refused.
 */
export const refusedTeamWrite = (projectId: string, teamId: string, guard: MemberPermissionGuard | undefined) =>
  Effect.andThen(
    guardRefusal(projectId, teamId, guard),
    Effect.fail(new TeamNotFound({ details: { team_id: teamId } }))
  )

/**
 * The guard of a write the member may make only holding `permissionId` in the team: the write's own statement
 * checks it (store/teams/team-permissions.ts `holdsPermission`), so a grant revoked before the write is seen.
 */
export const memberPermissionGuard = (userId: string, permissionId: string): MemberPermissionGuard => ({
  userId,
  permissionId,
  builtinIds: BUILTIN_TEAM_PERMISSIONS.map((permission) => permission.id)
})
