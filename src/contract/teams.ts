/**
 * Teams (`/teams`) and memberships (`/team-memberships`). A client lists and reads its own teams, creates
 * teams when the project allows it (as their creator), updates and deletes with `$update_team` /
 * `$delete_team`, and leaves; server and admin act on any team and membership and see server metadata.
 */
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import { SuccessResponse } from "../domain/success.js"
import { ClientTeam, ServerTeam, ServerTeamCreate, ServerTeamUpdate, TeamCreate, TeamUpdate } from "../domain/team.js"
import { TeamMembership } from "../domain/team-membership.js"
import { TeamId, UserIdOrMe } from "../domain/ids.js"
import { accountKeys, dataKeys } from "./data-keys.js"
import { ALL, SERVER } from "./access.js"
import { endpoint } from "./declaration.js"
import { NoCrudQuery, TeamsCrudQuery } from "./crud-query.js"

const { teams, user, teamMembers, teamPermissions, teamInvitations } = dataKeys
const received = accountKeys.receivedTeamInvitations
/** The signed-in user's membership of a team changed (joined, left, the team went away). */
const membership = ({ params }: { readonly params: Readonly<Record<string, string>> }) => {
  const teamId = params["team_id"]
  return [teams, user, teamMembers(teamId), teamPermissions(teamId), teamInvitations(teamId), received]
}

const manage = [
  "UserAuthenticationRequired",
  "TeamMembershipNotFound",
  "TeamPermissionRequired",
  "TeamNotFound"
] as const
const team = { client: ClientTeam, server: ServerTeam }

export const TeamsApi = {
  list: endpoint({
    name: "teams.list",
    summary:
      "The teams of the project, or of one user (`me` for a client), oldest first or newest first, a page at a time when asked, filtered by search",
    method: "GET",
    path: "/teams",
    access: ALL,
    query: TeamsCrudQuery,
    success: { client: ListResponse(ClientTeam), server: ListResponse(ServerTeam) },
    errors: ["CannotGetOwnUserWithoutUser"]
  }),
  get: endpoint({
    name: "teams.get",
    summary: "One team; a client must be a member",
    method: "GET",
    path: "/teams/{team_id}",
    params: { team_id: TeamId },
    access: ALL,
    query: TeamsCrudQuery,
    success: team,
    errors: {
      client: ["UserAuthenticationRequired", "TeamMembershipNotFound", "TeamNotFound"],
      server: ["TeamNotFound"]
    }
  }),
  create: endpoint({
    name: "teams.create",
    summary: "A new team; a client's creator is itself",
    method: "POST",
    path: "/teams",
    access: ALL,
    query: TeamsCrudQuery,
    body: { client: TeamCreate, server: ServerTeamCreate },
    success: team,
    status: 201,
    errors: { client: ["UserAuthenticationRequired"], server: ["UserNotFound", "CannotGetOwnUserWithoutUser"] },
    // The creator becomes a member; the user's selected team may be the new one.
    changes: [teams, user]
  }),
  update: endpoint({
    name: "teams.update",
    summary: "Updates a team; a client needs `$update_team`",
    method: "PATCH",
    path: "/teams/{team_id}",
    params: { team_id: TeamId },
    access: ALL,
    query: TeamsCrudQuery,
    body: { client: TeamUpdate, server: ServerTeamUpdate },
    success: team,
    errors: { client: manage, server: ["TeamNotFound"] },
    // A received invitation shows its team's name.
    changes: [teams, received]
  }),
  delete: endpoint({
    name: "teams.delete",
    summary: "Deletes a team with its memberships, permissions and invitations; a client needs `$delete_team`",
    method: "DELETE",
    path: "/teams/{team_id}",
    params: { team_id: TeamId },
    access: ALL,
    query: TeamsCrudQuery,
    success: SuccessResponse,
    errors: { client: manage, server: ["TeamNotFound"] },
    changes: membership
  })
}

export const TeamMembershipsApi = {
  add: endpoint({
    name: "teamMemberships.add",
    summary: "Adds a user to a team with the project's member permissions",
    method: "POST",
    path: "/team-memberships/{team_id}/{user_id}",
    params: { team_id: TeamId, user_id: UserIdOrMe },
    access: SERVER,
    query: NoCrudQuery,
    body: Schema.Struct({}),
    success: TeamMembership,
    status: 201,
    errors: ["TeamNotFound", "UserNotFound", "TeamMembershipAlreadyExists", "CannotGetOwnUserWithoutUser"],
    changes: membership
  }),
  remove: endpoint({
    name: "teamMemberships.remove",
    summary: "Removes a member; anyone may leave (`me`), a client removes others with `$remove_members`",
    method: "DELETE",
    path: "/team-memberships/{team_id}/{user_id}",
    params: { team_id: TeamId, user_id: UserIdOrMe },
    access: ALL,
    query: NoCrudQuery,
    success: SuccessResponse,
    errors: {
      client: ["CannotGetOwnUserWithoutUser", "TeamMembershipNotFound", "TeamPermissionRequired"],
      server: ["TeamMembershipNotFound", "UserNotFound", "CannotGetOwnUserWithoutUser"]
    },
    changes: membership
  })
}
