/**
 * Teams (`/teams`): clients list and read their own teams, create teams when the project allows it (they
 * become the creator), and update or delete a team with `$update_team` / `$delete_team`. Server and admin
 * act on any team, and also set read-only and server metadata.
 */
import * as Effect from "effect/Effect"
import { TeamsApi } from "@stackfx/lib/contract/teams.js"
import type { Auth } from "../../http/auth.js"
import { clientProfileImageCheck } from "../../http/client-input-checks.js"
import { serve, unreachable } from "../../http/serve.js"
import { Refused } from "../../errors/refused.js"
import { clientSelfOnly, resolveUserId, signedInUser } from "../../operations/acting-user.js"
import { requirePermissionInTeam } from "../../operations/teams/team-permissions.js"
import { createTeam, deleteTeam, getTeam, listTeamsPage, updateTeam } from "../../operations/teams/teams.js"

/** Clients act on a team only through a permission they hold in it. */
const clientNeeds = (auth: Auth, teamId: string, permissionId: string) =>
  Effect.gen(function* () {
    if (auth.accessType !== "client") return
    const user = yield* signedInUser(auth)
    yield* requirePermissionInTeam({ projectId: auth.project.id, teamId, userId: user.id, permissionId }).pipe(
      // The signed-in user was read with the request's authentication.
      unreachable("UserNotFound")
    )
  })

/** The creator of a new team: clients create for themselves only. */
const creatorOf = (auth: Auth, requested: string | undefined, profileImageUrl: string | null | undefined) =>
  Effect.gen(function* () {
    if (auth.accessType === "client") {
      const user = yield* signedInUser(auth)
      if (!auth.project.config.clientTeamCreationEnabled) {
        return yield* Effect.fail(
          new Refused({ reason: "forbidden", message: "Client team creation is disabled for this project" })
        )
      }
      yield* clientProfileImageCheck(auth.accessType, profileImageUrl)
      if (requested !== undefined && requested !== "me" && requested !== user.id) {
        return yield* Effect.fail(
          new Refused({
            reason: "forbidden",
            message:
              "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'."
          })
        )
      }
      return user.id
    }
    return requested === undefined ? undefined : yield* resolveUserId(auth, requested)
  })

export const routes = [
  serve(TeamsApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const requested = query.user_id === undefined ? undefined : yield* resolveUserId(auth, query.user_id)
      const userId =
        auth.accessType === "client" ? (yield* clientSelfOnly(auth, requested, "list teams")).id : requested
      return yield* listTeamsPage(auth.project.id, userId, {
        desc: query.desc === "true",
        search: query.query,
        limit: query.limit,
        cursor: query.cursor
      })
    })
  ),
  serve(TeamsApi.get, ({ auth, params }) =>
    Effect.gen(function* () {
      // A client reads only a team it belongs to.
      const memberId = auth.accessType === "client" ? (yield* signedInUser(auth)).id : undefined
      // The signed-in user was read with the request's authentication.
      return yield* getTeam(auth.project.id, params.team_id, memberId).pipe(unreachable("UserNotFound"))
    })
  ),
  serve(TeamsApi.create, ({ auth, body }) =>
    Effect.gen(function* () {
      const creatorUserId = yield* creatorOf(auth, body.creatorUserId, body.profileImageUrl)
      // The creator joins a team made a moment ago: never a second membership.
      return yield* createTeam(auth.project, { ...body, creatorUserId }).pipe(
        unreachable("TeamMembershipAlreadyExists")
      )
    })
  ),
  serve(TeamsApi.update, ({ auth, body, params }) =>
    Effect.gen(function* () {
      yield* clientProfileImageCheck(auth.accessType, body.profileImageUrl)
      yield* clientNeeds(auth, params.team_id, "$update_team")
      return yield* updateTeam(auth.project.id, params.team_id, body)
    })
  ),
  serve(TeamsApi.delete, ({ auth, params }) =>
    Effect.gen(function* () {
      yield* clientNeeds(auth, params.team_id, "$delete_team")
      yield* deleteTeam(auth.project.id, params.team_id)
      return { success: true as const }
    })
  )
]
