/**
 * Teams and memberships: creation (the creator joins with the project's creator permissions), adding a
 * member (with the member permissions; never twice), updates, removal and deletion (memberships, grants
 * and invitations go with the team).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import type { ListResponse } from "@stackfx/lib/domain/list.js"
import type { ServerTeam } from "@stackfx/lib/domain/team.js"
import type { TeamMembership } from "@stackfx/lib/domain/team-membership.js"
import { TeamMembershipAlreadyExists, TeamMembershipNotFound, TeamNotFound } from "@stackfx/lib/errors/known/teams.js"
import type { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { randomId } from "../../crypto/secrets.js"
import { Db, type DbEffect, type DbError, isUniqueViolation } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import {
  deleteTeam as deleteTeamRow,
  deleteTeamMember,
  insertTeam,
  insertTeamMember,
  isTeamMember,
  listTeams as listStoredTeams,
  type TeamColumnsPatch,
  updateTeamRow
} from "../../store/teams/teams.js"
import type { MemberPermissionGuard } from "../../store/teams/team-permissions.js"
import { type Actor, clientTeamGuard } from "../acting-user.js"
import { matchesSearch, type PageRequest, pageOf } from "../paging.js"
import { ensureMembership, ensureTeam, ensureUser } from "../permissions/team-access.js"
import { grantDefaultPermissions, guardRefusal, refusedTeamWrite } from "../permissions/team-permissions.js"
import { emitWebhook, emitWebhooks } from "../webhooks/emit.js"

export interface NewTeamInput {
  readonly displayName: string
  readonly profileImageUrl?: string | null | undefined
  readonly clientMetadata?: Schema.Json | undefined
  readonly clientReadOnlyMetadata?: Schema.Json | undefined
  readonly serverMetadata?: Schema.Json | undefined
  /** A resolved user id (never `"me"`): that user becomes the first member. */
  readonly creatorUserId?: string | undefined
}

const alreadyMember = (error: DbError) =>
  Effect.fail(isUniqueViolation(error) ? new TeamMembershipAlreadyExists({}) : error)

/**
 * Adds a member inside the caller's transaction; a second membership is TEAM_MEMBERSHIP_ALREADY_EXISTS. A member
 * (not a team's creator, as in the service) is announced: `team_membership.created`, then a
 * `team_permission.created` per default permission granted.
 */
const join = (project: StoredProject, teamId: string, userId: string, kind: "creator" | "member", now: Date) =>
  Effect.gen(function* () {
    if (yield* isTeamMember(project.id, teamId, userId)) return yield* Effect.fail(new TeamMembershipAlreadyExists({}))
    // The primary key also refuses a concurrent duplicate that slipped past the check.
    yield* Effect.catchTag(
      insertTeamMember({ projectId: project.id, teamId, userId, createdAt: now }),
      "DbError",
      alreadyMember
    )
    const granted = yield* grantDefaultPermissions(project, { teamId, userId }, kind)
    if (kind === "creator") return
    yield* emitWebhooks(project.id, [
      { type: "team_membership.created", data: { teamId, userId } },
      ...granted.map((id) => ({ type: "team_permission.created" as const, data: { id, teamId, userId } }))
    ])
  })

/** The project's teams, oldest first; only those `userId` belongs to when given. */
const listTeams = (projectId: string, userId: string | undefined): DbEffect<ReadonlyArray<ServerTeam>> =>
  listStoredTeams(projectId, userId)

/**
 * `GET /teams`: the project's teams (or a user's) oldest first, or newest first with `desc`; those whose name
 * contains the search (any case) or whose id it is; a page at a time when a limit or cursor is given
 * (`paging.ts`).
 */
export const listTeamsPage = (
  projectId: string,
  userId: string | undefined,
  request: PageRequest & { readonly desc: boolean; readonly search: string | undefined }
): DbEffect<ListResponse<ServerTeam>> =>
  Effect.map(listTeams(projectId, userId), (teams) => {
    const sorted = request.desc ? [...teams].reverse() : teams
    const found = sorted.filter((team) => matchesSearch(request.search, team.id, team.displayName))
    return pageOf(found, (team) => team.id, request)
  })

/**
 * A team; with `memberId`, only when that user belongs to it (USER_NOT_FOUND, then TEAM_MEMBERSHIP_NOT_FOUND,
 * also for a team that does not exist, as the service checks).
 */
export const getTeam = (
  projectId: string,
  teamId: string,
  memberId: string | undefined
): DbEffect<ServerTeam, UserNotFound | TeamMembershipNotFound | TeamNotFound> =>
  Effect.gen(function* () {
    if (memberId !== undefined) yield* ensureMembership(projectId, teamId, memberId)
    return yield* ensureTeam(projectId, teamId)
  })

export const createTeam = (
  project: StoredProject,
  input: NewTeamInput
): DbEffect<ServerTeam, UserNotFound | TeamMembershipAlreadyExists> =>
  Effect.gen(function* () {
    const id = yield* randomId
    const now = new Date(yield* Clock.currentTimeMillis)
    const team: ServerTeam = {
      id,
      displayName: input.displayName,
      profileImageUrl: input.profileImageUrl ?? null,
      clientMetadata: input.clientMetadata ?? null,
      clientReadOnlyMetadata: input.clientReadOnlyMetadata ?? null,
      serverMetadata: input.serverMetadata ?? null,
      createdAt: now
    }
    return yield* Db.transaction(
      Effect.gen(function* () {
        if (input.creatorUserId !== undefined) yield* ensureUser(project.id, input.creatorUserId)
        yield* insertTeam({ ...team, projectId: project.id })
        if (input.creatorUserId !== undefined) yield* join(project, id, input.creatorUserId, "creator", now)
        yield* emitWebhook(project.id, { type: "team.created", data: team })
        return team
      })
    )
  })

/**
 * `PATCH /teams/{id}`: a client needs `$update_team` in the team, checked by the update's own statement for the
 * user authentication loaded; then the `team.updated` event. Three statements when it succeeds.
 */
export const updateTeam = (actor: Actor, teamId: string, patch: TeamColumnsPatch) =>
  Effect.gen(function* () {
    const projectId = actor.project.id
    const guard = yield* clientTeamGuard(actor, "$update_team")
    return yield* Db.transaction(
      Effect.gen(function* () {
        const team = yield* updateTeamRow(projectId, teamId, patch, guard)
        if (team === undefined) return yield* refusedTeamWrite(projectId, teamId, guard)
        yield* emitWebhook(projectId, { type: "team.updated", data: team })
        return team
      })
    )
  })

/** `DELETE /teams/{id}`: a client needs `$delete_team`, checked as `updateTeam` checks its permission. */
export const deleteTeam = (actor: Actor, teamId: string) =>
  Effect.gen(function* () {
    const projectId = actor.project.id
    const guard = yield* clientTeamGuard(actor, "$delete_team")
    yield* Db.transaction(
      Effect.gen(function* () {
        if (!(yield* deleteTeamRow(projectId, teamId, guard))) return yield* refusedTeamWrite(projectId, teamId, guard)
        yield* emitWebhook(projectId, { type: "team.deleted", data: { id: teamId } })
      })
    )
  })

/** Adds a user to a team with the project's member permissions. */
export const addMember = (
  project: StoredProject,
  teamId: string,
  userId: string
): DbEffect<TeamMembership, UserNotFound | TeamNotFound | TeamMembershipAlreadyExists> =>
  Effect.gen(function* () {
    const now = new Date(yield* Clock.currentTimeMillis)
    return yield* Db.transaction(
      Effect.gen(function* () {
        yield* ensureUser(project.id, userId)
        yield* ensureTeam(project.id, teamId)
        yield* join(project, teamId, userId, "member", now)
        return { teamId, userId }
      })
    )
  })

/** Adds the user unless they already belong to the team (accepting an invitation twice is harmless). */
export const joinIfAbsent = (
  project: StoredProject,
  teamId: string,
  userId: string
): DbEffect<void, UserNotFound | TeamNotFound> =>
  Effect.gen(function* () {
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* Db.transaction(
      Effect.gen(function* () {
        yield* ensureTeam(project.id, teamId)
        if (yield* isTeamMember(project.id, teamId, userId)) return
        yield* join(project, teamId, userId, "member", now).pipe(
          Effect.catchTag("TeamMembershipAlreadyExists", () => Effect.void)
        )
      })
    )
  })

/**
 * `DELETE /team-memberships/{team}/{user}`: removes a membership, the member's grants with it. A client removing
 * someone else needs `$remove_members` (team-actors.ts `removableMember`), checked by the removal's own statement. When nothing
 * was removed, the refusal in the service's order: the remover's checks, then USER_NOT_FOUND, then
 * TEAM_MEMBERSHIP_NOT_FOUND.
 */
export const removeMember = (
  projectId: string,
  teamId: string,
  removal: { readonly userId: string; readonly guard: MemberPermissionGuard | undefined }
) =>
  Db.transaction(
    Effect.gen(function* () {
      const { userId, guard } = removal
      if (!(yield* deleteTeamMember(projectId, teamId, userId, guard))) {
        yield* guardRefusal(projectId, teamId, guard)
        yield* ensureUser(projectId, userId)
        return yield* Effect.fail(new TeamMembershipNotFound({ details: { team_id: teamId, user_id: userId } }))
      }
      yield* emitWebhook(projectId, { type: "team_membership.deleted", data: { teamId, userId } })
    })
  )
