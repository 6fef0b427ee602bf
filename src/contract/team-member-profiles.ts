/**
 * Member profiles (`/team-member-profiles`): a member's name and picture inside one team. A client lists a
 * team it belongs to (`team_id` required) and needs `$read_members` to see anyone but itself; it edits only
 * its own profile. Server and admin list and edit any profile, each with its full server user.
 */
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import { ServerTeamMemberProfile, TeamMemberProfile, TeamMemberProfileUpdate } from "../domain/team-member-profile.js"
import { TeamId, UserIdOrMe } from "../domain/ids.js"
import { dataKeys } from "./data-keys.js"
import { ALL } from "./access.js"
import { endpoint } from "./declaration.js"
import { TeamAndUserCrudQuery } from "./crud-query.js"

const read = [
  "CannotGetOwnUserWithoutUser",
  "TeamMembershipNotFound",
  "TeamPermissionRequired",
  "UserNotFound"
] as const
const edit = ["TeamMembershipNotFound", "UserNotFound", "CannotGetOwnUserWithoutUser"] as const
const profile = { client: TeamMemberProfile, server: ServerTeamMemberProfile }

export const TeamMemberProfilesApi = {
  list: endpoint({
    name: "teamMemberProfiles.list",
    summary: "Profiles narrowed by team and/or user (`me` or an id); a client names a team of its own",
    method: "GET",
    path: "/team-member-profiles",
    access: ALL,
    query: Schema.Struct({
      team_id: Schema.optionalKey(Schema.String),
      user_id: Schema.optionalKey(Schema.String)
    }),
    success: { client: ListResponse(TeamMemberProfile), server: ListResponse(ServerTeamMemberProfile) },
    errors: { client: read, server: ["TeamNotFound", "UserNotFound", "CannotGetOwnUserWithoutUser"] }
  }),
  get: endpoint({
    name: "teamMemberProfiles.get",
    summary: "One member's profile in a team; a client reading someone else's needs `$read_members`",
    method: "GET",
    path: "/team-member-profiles/{team_id}/{user_id}",
    params: { team_id: TeamId, user_id: UserIdOrMe },
    access: ALL,
    query: TeamAndUserCrudQuery,
    success: profile,
    errors: { client: read, server: edit }
  }),
  update: endpoint({
    name: "teamMemberProfiles.update",
    summary: "Edits a member's profile in a team; a client only its own (`me`)",
    method: "PATCH",
    path: "/team-member-profiles/{team_id}/{user_id}",
    params: { team_id: TeamId, user_id: UserIdOrMe },
    access: ALL,
    query: TeamAndUserCrudQuery,
    body: TeamMemberProfileUpdate,
    success: profile,
    errors: edit,
    changes: ({ params }) => [dataKeys.teamMembers(params["team_id"])]
  })
}
