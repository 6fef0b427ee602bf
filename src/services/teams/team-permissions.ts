/**
 * Team permissions, checked per user per team by permission id. Listing is recursive by default: a
 * granted permission brings everything it contains, transitively. `TeamPermissions` (every tier with a
 * signed-in user) reads the user's own; `ServerTeamPermissions` (server and admin) reads anyone's and
 * grants or revokes direct grants. Their members are declared in team-permissions-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { ServerTeamPermissionsMembers, TeamPermissionsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ServerTeamPermissionsCalls, TeamPermissionsCalls } from "./team-permissions-calls.js"

export type { PermissionListOptions } from "./team-permissions-calls.js"

/** What the TeamPermissions service offers; see its tag for the rules. */
export type TeamPermissionsShape = ShapeOf<typeof TeamPermissionsCalls>

/** The signed-in user's permissions in a team: list them and check whether they hold one. */
export class TeamPermissions
  extends /* @__PURE__ */ Context.Service<TeamPermissions, TeamPermissionsShape>()("stackfx/TeamPermissions")
{
  static readonly layer: Layer.Layer<TeamPermissions, never, Transport> = /* @__PURE__ */ lazyLayer(
    TeamPermissions,
    TeamPermissionsMembers,
    () => import("../live.js").then((m) => m.makeTeamPermissions)
  )
}

/** What the ServerTeamPermissions service offers; see its tag for the rules. */
export type ServerTeamPermissionsShape = ShapeOf<typeof ServerTeamPermissionsCalls>

/** Team permissions on the server: grant, revoke and list any user's permissions in a team. */
export class ServerTeamPermissions
  extends /* @__PURE__ */ Context.Service<ServerTeamPermissions, ServerTeamPermissionsShape>()(
    "stackfx/ServerTeamPermissions"
  )
{
  static readonly layer: Layer.Layer<ServerTeamPermissions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerTeamPermissions,
    ServerTeamPermissionsMembers,
    () => import("../live.js").then((m) => m.makeServerTeamPermissions)
  )
}
