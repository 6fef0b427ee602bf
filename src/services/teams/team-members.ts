/**
 * Member profiles: a member's name and picture inside one team (falling back to the user's own).
 * `TeamMembers` (every tier with a signed-in user) lists a team the user belongs to (others' profiles need
 * `$read_members`) and reads or edits the user's own profile. `ServerTeamMembers` (server and admin)
 * lists and edits any profile, each with its full user. Their members are declared in the table below.
 */
import { functionCall, implement } from "../http/service-calls.js"
import { TeamMemberProfilesApi } from "../../contract/team-member-profiles.js"
import type { TeamMemberProfileUpdate } from "../../domain/team-member-profile.js"

/** Which profiles a server lists: of one team, of one user (`"me"` or an id), or both. */
export interface TeamMemberFilter {
  readonly teamId?: string | undefined
  readonly userId?: string | undefined
}

const profile = (teamId: string, userId: string) => ({ params: { team_id: teamId, user_id: userId } })
const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items

/** Members of the signed-in user's teams: list them and read or update the user's own team profile. */
export const TeamMembersCalls = {
  /** Every member's profile in a team of the signed-in user (needs `$read_members`). */
  list: functionCall(TeamMemberProfilesApi.list, "client", (teamId: string) => ({ query: { team_id: teamId } }), items),
  /** One member's profile; someone else's needs `$read_members`. */
  get: functionCall(TeamMemberProfilesApi.get, "client", profile),
  /** The signed-in user's profile in a team. */
  getMine: functionCall(TeamMemberProfilesApi.get, "client", (teamId: string) => profile(teamId, "me")),
  /** `updateMine(teamId, { displayName: "Ann (Acme)" })`: edits the signed-in user's profile in a team. */
  updateMine: functionCall(
    TeamMemberProfilesApi.update,
    "client",
    (teamId: string, patch: TeamMemberProfileUpdate) => ({
      ...profile(teamId, "me"),
      body: patch
    })
  )
}

/** Team members on the server: list them, read and update any member's team profile. */
export const ServerTeamMembersCalls = {
  /** Profiles narrowed by team and/or user (`"me"` or an id), oldest membership first. */
  list: functionCall(
    TeamMemberProfilesApi.list,
    "server",
    (filter: TeamMemberFilter) => ({
      query: {
        ...(filter.teamId === undefined ? {} : { team_id: filter.teamId }),
        ...(filter.userId === undefined ? {} : { user_id: filter.userId })
      }
    }),
    items
  ),
  get: functionCall(TeamMemberProfilesApi.get, "server", profile),
  update: functionCall(
    TeamMemberProfilesApi.update,
    "server",
    (teamId: string, userId: string, patch: TeamMemberProfileUpdate) => ({
      ...profile(teamId, userId),
      body: patch
    })
  )
}

export const makeTeamMembers = implement(TeamMembersCalls)

export const makeServerTeamMembers = implement(ServerTeamMembersCalls)
