/**
 * Teams (`/teams`): clients list and read their own teams, create teams when the project allows it (they
 * become the creator), and update or delete a team with `$update_team` / `$delete_team`. Server and admin
 * act on any team, and also set read-only and server metadata.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { ClientTeam, ServerTeam, ServerTeamCreate, ServerTeamUpdate, TeamCreate, TeamUpdate } from "@stackfx/lib/domain/team.js"
import type { AccessType } from "@stackfx/lib/domain/api.js"
import type { Auth } from "../http/auth.js"
import { clientProfileImageCheck } from "../http/client-input-checks.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError, success } from "../http/respond.js"
import { toClientTeam } from "../operations/user-views.js"
import { ensureMembership, ensureTeam } from "../operations/team-access.js"
import { requireTeamPermission } from "../operations/team-permissions.js"
import { createTeam, deleteTeam, updateTeam } from "../operations/teams.js"
import { Db } from "../store/db.js"
import { listTeams } from "../store/teams.js"
import { ALL } from "../http/access.js"
import { clientSelfOnly, param, resolveUserId, signedInUser } from "./team-helpers.js"
import { tierBody } from "../http/tier-body.js"

const SERVER_ONLY_FIELDS = ["client_read_only_metadata", "server_metadata"]

const ClientTeamList = ListResponse(ClientTeam)
const ServerTeamList = ListResponse(ServerTeam)

const teamResponse = (team: ServerTeam, accessType: AccessType, status = 200) =>
  accessType === "client" ? encoded(ClientTeam, toClientTeam(team), status) : encoded(ServerTeam, team, status)

const ListQuery = Schema.Struct({ user_id: Schema.optionalKey(Schema.String) })

/** Clients act on a team only through a permission they hold in it. */
const clientNeeds = (auth: Auth, teamId: string, permissionId: string) =>
  Effect.gen(function*() {
    if (auth.accessType !== "client") return
    const user = yield* signedInUser(auth)
    yield* requireTeamPermission(yield* Db, { projectId: auth.project.id, teamId, userId: user.id, permissionId }, "required")
  })

/** The creator of a new team: clients create for themselves only. */
const creatorOf = (auth: Auth, requested: string | undefined, profileImageUrl: string | null | undefined) =>
  Effect.gen(function*() {
    if (auth.accessType === "client") {
      const user = yield* signedInUser(auth)
      if (!auth.project.config.clientTeamCreationEnabled) {
        return yield* Effect.fail(new HttpStatusError({ status: 403, message: "Client team creation is disabled for this project" }))
      }
      yield* clientProfileImageCheck(auth.accessType, profileImageUrl)
      if (requested !== undefined && requested !== "me" && requested !== user.id) {
        return yield* Effect.fail(
          new HttpStatusError({
            status: 403,
            message: "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'."
          })
        )
      }
      return user.id
    }
    return requested === undefined ? undefined : yield* resolveUserId(auth, requested)
  })

export const routes = [
  endpoint({
    method: "GET",
    path: "/teams",
    access: ALL,
    query: ListQuery,
    handler: ({ auth, query }) =>
      Effect.gen(function*() {
        const db = yield* Db
        if (auth.accessType === "client") {
          const requested = query.user_id === undefined ? undefined : yield* resolveUserId(auth, query.user_id)
          const me = yield* clientSelfOnly(auth, requested, "list teams")
          const teams = yield* listTeams(db, auth.project.id, me.id)
          return yield* encoded(ClientTeamList, { items: teams.map(toClientTeam), isPaginated: false })
        }
        const userId = query.user_id === undefined ? undefined : yield* resolveUserId(auth, query.user_id)
        return yield* encoded(ServerTeamList, { items: yield* listTeams(db, auth.project.id, userId), isPaginated: false })
      })
  }),
  endpoint({
    method: "GET",
    path: "/teams/:teamId",
    access: ALL,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const teamId = param(params, "teamId")
        if (auth.accessType === "client") {
          const user = yield* signedInUser(auth)
          yield* ensureMembership(db, auth.project.id, teamId, user.id)
        }
        return yield* teamResponse(yield* ensureTeam(db, auth.project.id, teamId), auth.accessType)
      })
  }),
  endpoint({
    method: "POST",
    path: "/teams",
    access: ALL,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        const input = yield* tierBody(auth, body, request, {
          client: TeamCreate,
          server: ServerTeamCreate,
          serverOnlyFields: SERVER_ONLY_FIELDS
        })
        const creatorUserId = yield* creatorOf(auth, input.creatorUserId, input.profileImageUrl)
        const team = yield* createTeam(auth.project, { ...input, creatorUserId })
        return yield* teamResponse(team, auth.accessType, 201)
      })
  }),
  endpoint({
    method: "PATCH",
    path: "/teams/:teamId",
    access: ALL,
    handler: ({ auth, body, params, request }) =>
      Effect.gen(function*() {
        const teamId = param(params, "teamId")
        const patch = yield* tierBody(auth, body, request, {
          client: TeamUpdate,
          server: ServerTeamUpdate,
          serverOnlyFields: SERVER_ONLY_FIELDS
        })
        yield* clientProfileImageCheck(auth.accessType, patch.profileImageUrl)
        yield* clientNeeds(auth, teamId, "$update_team")
        return yield* teamResponse(yield* updateTeam(auth.project.id, teamId, patch), auth.accessType)
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/teams/:teamId",
    access: ALL,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const teamId = param(params, "teamId")
        yield* clientNeeds(auth, teamId, "$delete_team")
        yield* deleteTeam(auth.project.id, teamId)
        return success
      })
  })
]
