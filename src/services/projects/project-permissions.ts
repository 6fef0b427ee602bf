/**
 * Project permissions: permissions a user holds in the project, not in a team (`/project-permissions`).
 * Listing is recursive by default: a granted permission brings everything it contains, transitively.
 * `ProjectPermissions` (every tier with a signed-in user) reads the user's own; `ServerProjectPermissions`
 * (server and admin) reads anyone's and grants or revokes direct grants. Admins define them with
 * `ProjectPermissionDefinitions`; new users get the project's `userDefaultPermissions`. Their members are
 * declared in project-permissions-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { ProjectPermissionsMembers, ServerProjectPermissionsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ProjectPermissionsCalls, ServerProjectPermissionsCalls } from "./project-permissions-calls.js"

/** What the ProjectPermissions service offers; see its tag for the rules. */
export type ProjectPermissionsShape = ShapeOf<typeof ProjectPermissionsCalls>

/** The signed-in user's project permissions: list them and check whether they hold one. */
export class ProjectPermissions
  extends /* @__PURE__ */ Context.Service<ProjectPermissions, ProjectPermissionsShape>()("stackfx/ProjectPermissions")
{
  static readonly layer: Layer.Layer<ProjectPermissions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ProjectPermissions,
    ProjectPermissionsMembers,
    () => import("../live.js").then((m) => m.makeProjectPermissions)
  )
}

/** What the ServerProjectPermissions service offers; see its tag for the rules. */
export type ServerProjectPermissionsShape = ShapeOf<typeof ServerProjectPermissionsCalls>

/** Project permissions on the server: grant, revoke and list any user's project permissions. */
export class ServerProjectPermissions
  extends /* @__PURE__ */ Context.Service<ServerProjectPermissions, ServerProjectPermissionsShape>()(
    "stackfx/ServerProjectPermissions"
  )
{
  static readonly layer: Layer.Layer<ServerProjectPermissions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerProjectPermissions,
    ServerProjectPermissionsMembers,
    () => import("../live.js").then((m) => m.makeServerProjectPermissions)
  )
}
