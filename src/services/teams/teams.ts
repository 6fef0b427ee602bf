/**
 * Teams. `Teams` (every tier with a signed-in user) works on the user's own teams: list, read, create
 * (the user becomes the creator), update and delete (with `$update_team` / `$delete_team`), leave.
 * `ServerTeams` (server and admin) works on any team and membership, and sets server metadata.
 * Their members are declared in teams-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { ServerTeamsMembers, TeamsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ServerTeamsCalls, TeamsCalls } from "./teams-calls.js"

export type { NewTeam } from "./teams-calls.js"

/** What the Teams service offers; see its tag for the rules. */
export type TeamsShape = ShapeOf<typeof TeamsCalls>

/** The signed-in user's teams: list, create, update, delete and leave. */
export class Teams extends /* @__PURE__ */ Context.Service<Teams, TeamsShape>()("stackfx/Teams") {
  static readonly layer: Layer.Layer<Teams, never, Transport> = /* @__PURE__ */ lazyLayer(Teams, TeamsMembers, () =>
    import("../live.js").then((m) => m.makeTeams)
  )
}

/** What the ServerTeams service offers; see its tag for the rules. */
export type ServerTeamsShape = ShapeOf<typeof ServerTeamsCalls>

/** Teams on the server: create, read, update, delete and list any team, and add or remove its members. */
export class ServerTeams
  extends /* @__PURE__ */ Context.Service<ServerTeams, ServerTeamsShape>()("stackfx/ServerTeams")
{
  static readonly layer: Layer.Layer<ServerTeams, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerTeams,
    ServerTeamsMembers,
    () => import("../live.js").then((m) => m.makeServerTeams)
  )
}
