/**
 * Memberships (`/team-memberships/{teamId}/{userId}`): server and admin add members (never twice); anyone
 * may leave a team (`/me`), and a client removes someone else only with `$remove_members`.
 */
import * as Effect from "effect/Effect"
import { TeamMembershipsApi } from "@stackfx/lib/contract/teams.js"
import { serve } from "../../http/serve.js"
import { ownUser, resolveUserId } from "../../operations/acting-user.js"
import { requirePermissionInTeam } from "../../operations/teams/team-permissions.js"
import { addMember, removeMember } from "../../operations/teams/teams.js"

export const routes = [
  serve(TeamMembershipsApi.add, ({ auth, params }) =>
    Effect.gen(function* () {
      const userId = yield* resolveUserId(auth, params.user_id)
      return yield* addMember(auth.project, params.team_id, userId)
    })
  ),
  serve(TeamMembershipsApi.remove, ({ auth, params }) =>
    Effect.gen(function* () {
      const teamId = params.team_id
      const userId = yield* resolveUserId(auth, params.user_id)
      if (auth.accessType === "client") {
        const me = yield* ownUser(auth)
        // Leaving is always allowed; removing someone else takes $remove_members.
        if (userId !== me.id) {
          yield* requirePermissionInTeam({
            projectId: auth.project.id,
            teamId,
            userId: me.id,
            permissionId: "$remove_members"
          })
        }
      }
      yield* removeMember(auth.project.id, teamId, userId)
      return { success: true as const }
    })
  )
]
