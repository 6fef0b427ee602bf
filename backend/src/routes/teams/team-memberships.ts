/**
 * Memberships (`/team-memberships/{teamId}/{userId}`): server and admin add members (never twice); anyone
 * may leave a team (`/me`), and a client removes someone else only with `$remove_members`.
 */
import * as Effect from "effect/Effect"
import { TeamMembershipsApi } from "@stackfx/lib/contract/teams.js"
import { serve } from "../../http/serve.js"
import { resolveUserId } from "../../operations/acting-user.js"
import { removableMember } from "../../operations/teams/team-actors.js"
import { addMember, removeMember } from "../../operations/teams/teams.js"

export const routes = [
  serve(TeamMembershipsApi.add, ({ auth, params }) =>
    Effect.flatMap(resolveUserId(auth, params.user_id), (userId) => addMember(auth.project, params.team_id, userId))
  ),
  serve(TeamMembershipsApi.remove, ({ auth, params }) =>
    Effect.gen(function* () {
      yield* removeMember(auth.project.id, params.team_id, yield* removableMember(auth, params.user_id))
      return { success: true as const }
    })
  )
]
