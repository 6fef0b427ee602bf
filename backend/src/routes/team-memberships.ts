/**
 * Memberships (`/team-memberships/{teamId}/{userId}`): server and admin add members (never twice); anyone
 * may leave a team (`/me`), and a client removes someone else only with `$remove_members`.
 */
import * as Effect from "effect/Effect"
import { TeamMembership } from "@stackfx/lib/domain/team-membership.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, success } from "../http/respond.js"
import { requireTeamPermission } from "../operations/team-permissions.js"
import { addMember, removeMember } from "../operations/teams.js"
import { Db } from "../store/db.js"
import { ALL, SERVER } from "../http/access.js"
import { ownUser, param, resolveUserId } from "./team-helpers.js"

export const routes = [
  endpoint({
    method: "POST",
    path: "/team-memberships/:teamId/:userId",
    access: SERVER,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const userId = yield* resolveUserId(auth, param(params, "userId"))
        const membership = yield* addMember(auth.project, param(params, "teamId"), userId)
        return yield* encoded(TeamMembership, membership, 201)
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/team-memberships/:teamId/:userId",
    access: ALL,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const teamId = param(params, "teamId")
        const userId = yield* resolveUserId(auth, param(params, "userId"))
        if (auth.accessType === "client") {
          const me = yield* ownUser(auth)
          // Leaving is always allowed; removing someone else takes $remove_members.
          if (userId !== me.id) {
            yield* requireTeamPermission(
              yield* Db,
              { projectId: auth.project.id, teamId, userId: me.id, permissionId: "$remove_members" },
              "required"
            )
          }
        }
        yield* removeMember(auth.project.id, teamId, userId)
        return success
      })
  })
]
