/**
 * Team permissions, checked per user per team by permission id. Listing is recursive by default: a
 * granted permission brings everything it contains, transitively. `TeamPermissions` (every tier with a
 * signed-in user) reads the user's own; `ServerTeamPermissions` (server and admin) reads anyone's and
 * grants or revokes direct grants.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { TeamPermission } from "../../domain/team-permission.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ServerTeamPermissionsErrors, TeamPermissionsErrors } from "./team-permissions-errors.js"

type Fails<Method extends keyof typeof TeamPermissionsErrors> = FailureOf<typeof TeamPermissionsErrors, Method>
type ServerFails<Method extends keyof typeof ServerTeamPermissionsErrors> = FailureOf<typeof ServerTeamPermissionsErrors, Method>

/** Options of the permission listings. */
export interface PermissionListOptions {
  /** Include what granted permissions contain (default true); false lists the direct grants only. */
  readonly recursive?: boolean | undefined
}

/** What the TeamPermissions service offers; see its tag for the rules. */
export interface TeamPermissionsShape {
  /** The signed-in user's permissions in a team, sorted by id. */
  readonly list: (
    teamId: string,
    options?: PermissionListOptions
  ) => Effect.Effect<ReadonlyArray<TeamPermission>, Fails<"list">>
  /** `has(teamId, "$invite_members")`: whether the signed-in user holds it, directly or through another. */
  readonly has: (teamId: string, permissionId: string) => Effect.Effect<boolean, Fails<"has">>
}

/** The signed-in user's permissions in a team: list them and check whether they hold one. */
export class TeamPermissions extends /* @__PURE__ */ Context.Service<TeamPermissions, TeamPermissionsShape>()("stackfx/TeamPermissions") {
  static readonly layer: Layer.Layer<TeamPermissions, never, Transport> = /* @__PURE__ */ lazyLayer(
    TeamPermissions,
    { list: "function", has: "function" },
    () => import("../live.js").then((m) => m.makeTeamPermissions)
  )
}

/** What the ServerTeamPermissions service offers; see its tag for the rules. */
export interface ServerTeamPermissionsShape {
  /** Permissions narrowed by team and/or user (`"me"` or an id), sorted by team, user and id. */
  readonly list: (
    filter: {
      readonly teamId?: string | undefined
      readonly userId?: string | undefined
      readonly permissionId?: string | undefined
    },
    options?: PermissionListOptions
  ) => Effect.Effect<ReadonlyArray<TeamPermission>, ServerFails<"list">>
  /** Grants a permission directly (again is a no-op); the user must be a member and the permission defined. */
  readonly grant: (
    teamId: string,
    userId: string,
    permissionId: string
  ) => Effect.Effect<TeamPermission, ServerFails<"grant">>
  /** Revokes a direct grant; a permission held only through another is TEAM_PERMISSION_NOT_FOUND. */
  readonly revoke: (
    teamId: string,
    userId: string,
    permissionId: string
  ) => Effect.Effect<void, ServerFails<"revoke">>
}

/** Team permissions on the server: grant, revoke and list any user's permissions in a team. */
export class ServerTeamPermissions extends /* @__PURE__ */ Context.Service<ServerTeamPermissions, ServerTeamPermissionsShape>()(
  "stackfx/ServerTeamPermissions"
) {
  static readonly layer: Layer.Layer<ServerTeamPermissions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerTeamPermissions,
    { list: "function", grant: "function", revoke: "function" },
    () => import("../live.js").then((m) => m.makeServerTeamPermissions)
  )
}
