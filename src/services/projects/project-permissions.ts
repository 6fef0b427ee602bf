/**
 * Project permissions: permissions a user holds in the project, not in a team (`/project-permissions`).
 * Listing is recursive by default: a granted permission brings everything it contains, transitively.
 * `ProjectPermissions` (every tier with a signed-in user) reads the user's own; `ServerProjectPermissions`
 * (server and admin) reads anyone's and grants or revokes direct grants. Admins define them with
 * `ProjectPermissionDefinitions`; new users get the project's `userDefaultPermissions`.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { ProjectPermission } from "../../domain/project-permission.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { PermissionListOptions } from "../teams/team-permissions.js"
import type { ProjectPermissionsErrors, ServerProjectPermissionsErrors } from "./project-permissions-errors.js"

type Fails<Method extends keyof typeof ProjectPermissionsErrors> = FailureOf<typeof ProjectPermissionsErrors, Method>
type ServerFails<Method extends keyof typeof ServerProjectPermissionsErrors> = FailureOf<typeof ServerProjectPermissionsErrors, Method>

/** What the ProjectPermissions service offers; see its tag for the rules. */
export interface ProjectPermissionsShape {
  /** The signed-in user's project permissions, sorted by id. */
  readonly list: (options?: PermissionListOptions) => Effect.Effect<ReadonlyArray<ProjectPermission>, Fails<"list">>
  /** `has("admin")`: whether the signed-in user holds it, directly or through another. */
  readonly has: (permissionId: string) => Effect.Effect<boolean, Fails<"has">>
}

/** The signed-in user's project permissions: list them and check whether they hold one. */
export class ProjectPermissions extends /* @__PURE__ */ Context.Service<ProjectPermissions, ProjectPermissionsShape>()(
  "stackfx/ProjectPermissions"
) {
  static readonly layer: Layer.Layer<ProjectPermissions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ProjectPermissions,
    { list: "function", has: "function" },
    () => import("../live.js").then((m) => m.makeProjectPermissions)
  )
}

/** What the ServerProjectPermissions service offers; see its tag for the rules. */
export interface ServerProjectPermissionsShape {
  /** Project permissions narrowed by user (`"me"` or an id) and/or permission, sorted by user and id. */
  readonly list: (
    filter: { readonly userId?: string | undefined; readonly permissionId?: string | undefined },
    options?: PermissionListOptions
  ) => Effect.Effect<ReadonlyArray<ProjectPermission>, ServerFails<"list">>
  /** Grants a project permission directly (again is a no-op); the user and a project-scope definition must exist. */
  readonly grant: (userId: string, permissionId: string) => Effect.Effect<ProjectPermission, ServerFails<"grant">>
  /** Revokes a direct grant; a permission held only through another is PERMISSION_NOT_FOUND. */
  readonly revoke: (userId: string, permissionId: string) => Effect.Effect<void, ServerFails<"revoke">>
}

/** Project permissions on the server: grant, revoke and list any user's project permissions. */
export class ServerProjectPermissions extends /* @__PURE__ */ Context.Service<ServerProjectPermissions, ServerProjectPermissionsShape>()(
  "stackfx/ServerProjectPermissions"
) {
  static readonly layer: Layer.Layer<ServerProjectPermissions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerProjectPermissions,
    { list: "function", grant: "function", revoke: "function" },
    () => import("../live.js").then((m) => m.makeServerProjectPermissions)
  )
}
