/**
 * Member profiles (`/team-member-profiles`): a member's name and picture inside a team. Clients list a
 * team they belong to (`team_id` required) and need `$read_members` to see anyone but themselves; a user
 * edits only their own profile. Server and admin see every profile with its user (the declaration's
 * client view drops it). Who may read or edit which: operations/teams/team-actors.ts.
 */
import * as Effect from "effect/Effect"
import { TeamMemberProfilesApi } from "@stackfx/lib/contract/team-member-profiles.js"
import { serve } from "../../http/serve.js"
import { editableProfile, profileListFilter, readableProfile } from "../../operations/teams/team-actors.js"
import { getProfile, listProfiles, updateProfile } from "../../operations/teams/team-member-profiles.js"

export const routes = [
  serve(TeamMemberProfilesApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const filter = yield* profileListFilter(auth, query)
      return { items: yield* listProfiles(auth.project.id, filter), isPaginated: false as const }
    })
  ),
  serve(TeamMemberProfilesApi.get, ({ auth, params }) =>
    Effect.flatMap(readableProfile(auth, params.team_id, params.user_id), (userId) =>
      getProfile(auth.project.id, params.team_id, userId)
    )
  ),
  serve(TeamMemberProfilesApi.update, ({ auth, body, params }) =>
    Effect.flatMap(editableProfile(auth, params.user_id), (userId) =>
      updateProfile(auth.project.id, params.team_id, userId, body)
    )
  )
]
