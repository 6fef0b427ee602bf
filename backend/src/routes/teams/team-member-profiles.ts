/**
 * Member profiles (`/team-member-profiles`): a member's name and picture inside a team. Clients list a
 * team they belong to (`team_id` required) and need `$read_members` to see anyone but themselves; a user
 * edits only their own profile. Server and admin see every profile with its user (the declaration's
 * client view drops it).
 */
import * as Effect from "effect/Effect"
import { TeamMemberProfilesApi } from "@stackfx/lib/contract/team-member-profiles.js"
import type { Auth } from "../../http/auth.js"
import { HttpStatusError } from "../../http/respond.js"
import { serve } from "../../http/serve.js"
import {
  ensureFilterTargets,
  getProfile,
  listProfiles,
  mayReadProfiles,
  updateProfile
} from "../../operations/teams/team-member-profiles.js"
import { ownUser, resolveUserId } from "../../operations/acting-user.js"

/** A client reading someone else's profile in a team needs `$read_members` there. */
const clientMayRead = (auth: Auth, teamId: string, userId: string | undefined) =>
  Effect.gen(function* () {
    if (auth.accessType !== "client") return
    const me = yield* ownUser(auth)
    yield* mayReadProfiles(auth.project.id, teamId, me.id, userId)
  })

export const routes = [
  serve(TeamMemberProfilesApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const userId = query.user_id === undefined ? undefined : yield* resolveUserId(auth, query.user_id)
      const teamId = query.team_id
      if (auth.accessType === "client") {
        yield* ownUser(auth)
        if (teamId === undefined) {
          return yield* Effect.fail(
            new HttpStatusError({ status: 400, message: "team_id is required for access type client" })
          )
        }
        yield* clientMayRead(auth, teamId, userId)
      } else {
        yield* ensureFilterTargets(auth.project.id, { teamId, userId })
      }
      const items = yield* listProfiles(auth.project.id, { teamId, userId })
      return { items, isPaginated: false as const }
    })
  ),
  serve(TeamMemberProfilesApi.get, ({ auth, params }) =>
    Effect.gen(function* () {
      const userId = yield* resolveUserId(auth, params.user_id)
      yield* clientMayRead(auth, params.team_id, userId)
      return yield* getProfile(auth.project.id, params.team_id, userId)
    })
  ),
  serve(TeamMemberProfilesApi.update, ({ auth, body, params }) =>
    Effect.gen(function* () {
      const userId = yield* resolveUserId(auth, params.user_id)
      if (auth.accessType === "client" && userId !== (yield* ownUser(auth)).id) {
        return yield* Effect.fail(new HttpStatusError({ status: 403, message: "Cannot update another user's profile" }))
      }
      return yield* updateProfile(auth.project.id, params.team_id, userId, body)
    })
  )
]
