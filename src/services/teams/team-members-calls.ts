/**
 * The members of {@link TeamMembers} and {@link ServerTeamMembers}, calls of the declared endpoints
 * (contract/team-member-profiles.ts). The services' shapes and implementations derive from these tables.
 */
import { TeamMemberProfilesApi } from "../../contract/team-member-profiles.js"
import type { TeamMemberProfileUpdate } from "../../domain/team-member-profile.js"
import { functionCall } from "../http/service-calls.js"

/** Which profiles a server lists: of one team, of one user (`"me"` or an id), or both. */
export interface TeamMemberFilter {
  readonly teamId?: string | undefined
  readonly userId?: string | undefined
}

const profile = (teamId: string, userId: string) => ({ params: { team_id: teamId, user_id: userId } })
const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items

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
