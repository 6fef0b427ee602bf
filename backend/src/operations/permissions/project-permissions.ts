/**
 * Project permissions: permissions a user holds in the project, not in a team. Listing (recursive or
 * direct), granting, revoking, the checks a route makes, and every new user's default grants. What a grant
 * contains is resolved with the same walk as team permissions (permission-closure.ts).
 */
import { emitWebhook } from "../webhooks/emit.js"
import * as Effect from "effect/Effect"
import type { ProjectPermission } from "@stackfx/lib/domain/project-permission.js"
import {
  PermissionNotFound,
  ProjectPermissionRequired,
  WrongPermissionScope
} from "@stackfx/lib/errors/known/permissions.js"
import type { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { Db, type DbEffect } from "../../store/db.js"
import { findDefinitionScope, type PermissionScope } from "../../store/teams/permission-definitions.js"
import {
  deleteProjectGrant,
  insertProjectGrants,
  listProjectGrants,
  type ProjectPermissionGrant
} from "../../store/projects/project-permissions.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { containedLookup, resolvePermissionIds } from "./permission-closure.js"
import { loadDefinitions } from "./permission-definitions.js"
import { ensureUser } from "./team-access.js"

export interface ProjectPermissionFilter {
  readonly projectId: string
  readonly userId?: string | undefined
  readonly permissionId?: string | undefined
  /** Expand grants into what they contain, transitively. */
  readonly recursive: boolean
}

/** The project permissions users hold, sorted by user then permission id (the service's order). */
export const listUserPermissions = (filter: ProjectPermissionFilter): DbEffect<ReadonlyArray<ProjectPermission>> =>
  Effect.gen(function* () {
    const grants = yield* listProjectGrants(filter)
    if (grants.length === 0) return []
    const containedOf = containedLookup(yield* loadDefinitions(filter.projectId, "project"))
    const byUser = new Map<string, Array<string>>()
    for (const grant of grants) byUser.set(grant.userId, [...(byUser.get(grant.userId) ?? []), grant.permissionId])
    const result: Array<ProjectPermission> = []
    // listProjectGrants is ordered by user, so the users come out in that order too.
    for (const [userId, direct] of byUser) {
      for (const id of resolvePermissionIds(direct, containedOf, filter.recursive)) {
        if (filter.permissionId === undefined || filter.permissionId === id) result.push({ id, userId })
      }
    }
    return result
  })

/**
 * Fails unless the definition exists in `expected` scope: PERMISSION_NOT_FOUND when no scope defines it,
 * WRONG_PERMISSION_SCOPE when the other one does (the service's grant checks, both scopes).
 */
export const ensureDefinitionInScope = (
  projectId: string,
  permissionId: string,
  expected: PermissionScope
): DbEffect<void, PermissionNotFound | WrongPermissionScope> =>
  Effect.gen(function* () {
    // Built-in `$` team permissions may have no row; they are team scope.
    const scope = permissionId.startsWith("$") ? "team" : yield* findDefinitionScope(projectId, permissionId)
    if (scope === undefined)
      return yield* Effect.fail(new PermissionNotFound({ details: { permission_id: permissionId } }))
    if (scope !== expected) {
      return yield* Effect.fail(
        new WrongPermissionScope({
          details: { permission_id: permissionId, expected_scope: expected, actual_scope: scope }
        })
      )
    }
  })

/**
 * Fails unless the user holds the permission. `required` (PROJECT_PERMISSION_REQUIRED) is the answer for an
 * action the caller may not take; `not-exist` (PERMISSION_NOT_FOUND, as the service answers a revocation of
 * a grant that is not there) for a grant that is missing.
 */
export function requireProjectPermission(
  check: ProjectPermissionGrant,
  errorType: "required",
  recursive: boolean
): DbEffect<void, ProjectPermissionRequired | UserNotFound>
export function requireProjectPermission(
  check: ProjectPermissionGrant,
  errorType: "not-exist",
  recursive: boolean
): DbEffect<void, PermissionNotFound | UserNotFound>
export function requireProjectPermission(
  check: ProjectPermissionGrant,
  errorType: "required" | "not-exist",
  recursive: boolean
): DbEffect<void, ProjectPermissionRequired | PermissionNotFound | UserNotFound> {
  return Effect.gen(function* () {
    yield* ensureUser(check.projectId, check.userId)
    const held = yield* listUserPermissions({ ...check, recursive })
    if (held.length > 0) return
    return yield* Effect.fail(
      errorType === "required"
        ? new ProjectPermissionRequired({ details: { user_id: check.userId, permission_id: check.permissionId } })
        : new PermissionNotFound({ details: { permission_id: check.permissionId } })
    )
  })
}

/** Grants a project permission directly (again is a no-op); the user and a project-scope definition must exist. */
export const grantProjectPermission = (
  grant: ProjectPermissionGrant
): DbEffect<ProjectPermission, UserNotFound | PermissionNotFound | WrongPermissionScope> =>
  Effect.gen(function* () {
    yield* ensureUser(grant.projectId, grant.userId)
    yield* ensureDefinitionInScope(grant.projectId, grant.permissionId, "project")
    yield* insertProjectGrants({ ...grant, permissionIds: [grant.permissionId] })
    const granted = { id: grant.permissionId, userId: grant.userId }
    yield* emitWebhook(grant.projectId, { type: "project_permission.created", data: granted })
    return granted
  })

/** Revokes a direct grant; one the user only holds through another permission cannot be revoked. */
export const revokeProjectPermission = (
  grant: ProjectPermissionGrant
): DbEffect<void, UserNotFound | PermissionNotFound> =>
  Effect.gen(function* () {
    yield* requireProjectPermission(grant, "not-exist", false)
    yield* deleteProjectGrant(grant)
    yield* emitWebhook(grant.projectId, {
      type: "project_permission.deleted",
      data: { id: grant.permissionId, userId: grant.userId }
    })
  })

/**
 * A new user's default project permissions (`user_default_permissions`, the service's
 * `rbac.defaultPermissions.signUp`). Defaults that name no project definition (deleted since the config was
 * written) are skipped rather than granted.
 */
export const grantDefaultProjectPermissions = (project: StoredProject, userId: string): DbEffect<void> =>
  Effect.gen(function* () {
    const defaults = project.config.userDefaultPermissions
    if (defaults.length === 0) return
    const defined = new Set((yield* loadDefinitions(project.id, "project")).map((d) => d.id))
    const permissionIds = [...new Set(defaults.map((p) => p.id))].filter((id) => defined.has(id))
    yield* insertProjectGrants({ projectId: project.id, userId, permissionIds })
  })

/** {@link listUserPermissions} on the request's database. */
export const listProjectPermissions = (filter: ProjectPermissionFilter): DbEffect<ReadonlyArray<ProjectPermission>> =>
  listUserPermissions(filter)

/** {@link grantProjectPermission} in one transaction. */
export const grantProjectPermissionOf = (grant: ProjectPermissionGrant) => Db.transaction(grantProjectPermission(grant))

/** {@link revokeProjectPermission} in one transaction. */
export const revokeProjectPermissionOf = (grant: ProjectPermissionGrant) =>
  Db.transaction(revokeProjectPermission(grant))
