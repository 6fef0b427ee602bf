/**
 * Teams. `Teams` (every tier with a signed-in user) works on the user's own teams: list, read, create
 * (the user becomes the creator), update and delete (with `$update_team` / `$delete_team`), leave.
 * `ServerTeams` (server and admin) works on any team and membership, and sets server metadata.
 * Their members are declared in the table below.
 */
import { effectCall, functionCall, implement } from "../http/service-calls.js"
import type { ServerTeamCreate, ServerTeamUpdate, TeamCreate, TeamUpdate } from "../../domain/team.js"
import { TeamMembershipsApi, TeamsApi } from "../../contract/teams.js"

/** A new team from the client tier; the signed-in user is always its creator. */
export type NewTeam = Omit<TeamCreate, "creatorUserId">

const team = (teamId: string) => ({ params: { team_id: teamId } })
const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items
const nothing = (): void => undefined

/** The signed-in user's teams: list, create, update, delete and leave. */
export const TeamsCalls = {
  /** The signed-in user's teams, oldest first. */
  list: effectCall(TeamsApi.list, "client", { input: () => ({ query: { user_id: "me" } }), output: items }),
  /** A team the signed-in user belongs to. */
  get: functionCall(TeamsApi.get, "client", team),
  /**
   * `create({ displayName: "Acme" })`: a new team with the signed-in user as creator (holding the project's
   * creator permissions). Refused (HTTP 403) when the project disables client team creation.
   */
  create: functionCall(TeamsApi.create, "client", (newTeam: NewTeam) => ({
    body: { ...newTeam, creatorUserId: "me" }
  })),
  /** Needs `$update_team` in that team. */
  update: functionCall(TeamsApi.update, "client", (teamId: string, patch: TeamUpdate) => ({
    ...team(teamId),
    body: patch
  })),
  /** Needs `$delete_team`; memberships, permissions and invitations go with the team. */
  delete: functionCall(TeamsApi.delete, "client", team, nothing),
  /** The signed-in user leaves the team. */
  leave: functionCall(
    TeamMembershipsApi.remove,
    "client",
    (teamId: string) => ({ params: { team_id: teamId, user_id: "me" } }),
    nothing
  ),
  /** Removes another member of the team; needs `$remove_members` there (`TeamPermissionRequired` otherwise). */
  removeMember: functionCall(
    TeamMembershipsApi.remove,
    "client",
    (teamId: string, userId: string) => ({ params: { team_id: teamId, user_id: userId } }),
    nothing
  )
}

const membership = (teamId: string, userId: string) => ({ params: { team_id: teamId, user_id: userId } })

/** Teams on the server: create, read, update, delete and list any team, and add or remove its members. */
export const ServerTeamsCalls = {
  /** Every team of the project, or those of one user (`"me"` or an id), oldest first. */
  list: functionCall(
    TeamsApi.list,
    "server",
    (filter: { readonly userId?: string | undefined } = {}) => ({
      query: filter.userId === undefined ? {} : { user_id: filter.userId }
    }),
    items
  ),
  get: functionCall(TeamsApi.get, "server", team),
  /** `create({ displayName, creatorUserId })`: with a creator, that user joins with the creator permissions. */
  create: functionCall(TeamsApi.create, "server", (newTeam: ServerTeamCreate) => ({ body: newTeam })),
  update: functionCall(TeamsApi.update, "server", (teamId: string, patch: ServerTeamUpdate) => ({
    ...team(teamId),
    body: patch
  })),
  delete: functionCall(TeamsApi.delete, "server", team, nothing),
  /** Adds a user with the project's member permissions; a second membership is refused. */
  addMember: functionCall(TeamMembershipsApi.add, "server", (teamId: string, userId: string) => ({
    ...membership(teamId, userId),
    body: {}
  })),
  /** Removes a member; their permissions in the team go with the membership. */
  removeMember: functionCall(TeamMembershipsApi.remove, "server", membership, nothing)
}

export const makeTeams = implement(TeamsCalls)

export const makeServerTeams = implement(ServerTeamsCalls)
