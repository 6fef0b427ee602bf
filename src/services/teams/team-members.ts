/**
 * Member profiles: a member's name and picture inside one team (falling back to the user's own).
 * `TeamMembers` (every tier with a signed-in user) lists a team the user belongs to (others' profiles need
 * `$read_members`) and reads or edits the user's own profile. `ServerTeamMembers` (server and admin)
 * lists and edits any profile, each with its full user. Their members are declared in team-members-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { ServerTeamMembersMembers, TeamMembersMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ServerTeamMembersCalls, TeamMembersCalls } from "./team-members-calls.js"

export type { TeamMemberFilter } from "./team-members-calls.js"

/** What the TeamMembers service offers; see its tag for the rules. */
export type TeamMembersShape = ShapeOf<typeof TeamMembersCalls>

/** Members of the signed-in user's teams: list them and read or update the user's own team profile. */
export class TeamMembers
  extends /* @__PURE__ */ Context.Service<TeamMembers, TeamMembersShape>()("stackfx/TeamMembers")
{
  static readonly layer: Layer.Layer<TeamMembers, never, Transport> = /* @__PURE__ */ lazyLayer(
    TeamMembers,
    TeamMembersMembers,
    () => import("../live.js").then((m) => m.makeTeamMembers)
  )
}

/** What the ServerTeamMembers service offers; see its tag for the rules. */
export type ServerTeamMembersShape = ShapeOf<typeof ServerTeamMembersCalls>

/** Team members on the server: list them, read and update any member's team profile. */
export class ServerTeamMembers
  extends /* @__PURE__ */ Context.Service<ServerTeamMembers, ServerTeamMembersShape>()("stackfx/ServerTeamMembers")
{
  static readonly layer: Layer.Layer<ServerTeamMembers, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerTeamMembers,
    ServerTeamMembersMembers,
    () => import("../live.js").then((m) => m.makeServerTeamMembers)
  )
}
