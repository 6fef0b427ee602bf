/**
 * Teams (`/teams`): clients list and read their own teams, create teams when the project allows it (they
 * become the creator), and update or delete a team with `$update_team` / `$delete_team`. Server and admin
 * act on any team, and also set read-only and server metadata. Who may do what: operations/teams/team-actors.ts.
 */
import * as Effect from "effect/Effect"
import { TeamsApi } from "@stackfx/lib/contract/teams.js"
import { serve, unreachable } from "../../http/serve.js"
import { listedUserId } from "../../operations/acting-user.js"
import { clientProfileImage, teamCreator, teamReader } from "../../operations/teams/team-actors.js"
import { createTeam, deleteTeam, getTeam, listTeamsPage, updateTeam } from "../../operations/teams/teams.js"

export const routes = [
  serve(TeamsApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const userId = yield* listedUserId(auth, query.user_id, "list teams")
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
      const memberId = yield* teamReader(auth)
      // The signed-in user was read with the request's authentication.
      return yield* getTeam(auth.project.id, params.team_id, memberId).pipe(unreachable("UserNotFound"))
    })
  ),
  serve(TeamsApi.create, ({ auth, body }) =>
    Effect.gen(function* () {
      const creatorUserId = yield* teamCreator(auth, body.creatorUserId, body.profileImageUrl)
      // The creator joins a team made a moment ago: never a second membership.
      return yield* createTeam(auth.project, { ...body, creatorUserId }).pipe(
        unreachable("TeamMembershipAlreadyExists")
      )
    })
  ),
  serve(TeamsApi.update, ({ auth, body, params }) =>
    Effect.gen(function* () {
      yield* clientProfileImage(auth, body.profileImageUrl)
      // The signed-in user was read with the request's authentication.
      return yield* updateTeam(auth, params.team_id, body).pipe(unreachable("UserNotFound"))
    })
  ),
  serve(TeamsApi.delete, ({ auth, params }) =>
    Effect.gen(function* () {
      yield* deleteTeam(auth, params.team_id).pipe(unreachable("UserNotFound"))
      return { success: true as const }
    })
  )
]
