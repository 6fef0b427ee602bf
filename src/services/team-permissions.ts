/**
 * Team permissions, checked per user per team by permission id. Listing is recursive by default: a
 * granted permission brings everything it contains, transitively. `TeamPermissions` (every tier with a
 * signed-in user) reads the user's own; `ServerTeamPermissions` (server and admin) reads anyone's and
 * grants or revokes direct grants.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ListResponse } from "../domain/list.js"
import { SuccessResponse } from "../domain/success.js"
import { TeamPermission } from "../domain/team-permission.js"
import { type CallFailure, documented } from "./endpoint.js"
import { segment } from "./path-segment.js"
import { Transport } from "./transport.js"

export interface PermissionListOptions {
  /** Include what granted permissions contain (default true); false lists the direct grants only. */
  readonly recursive?: boolean | undefined
}

export interface TeamPermissionsShape {
  /** The signed-in user's permissions in a team, sorted by id. */
  readonly list: (
    teamId: string,
    options?: PermissionListOptions
  ) => Effect.Effect<ReadonlyArray<TeamPermission>, CallFailure<"CannotGetOwnUserWithoutUser">>
  /** `has(teamId, "$invite_members")`: whether the signed-in user holds it, directly or through another. */
  readonly has: (teamId: string, permissionId: string) => Effect.Effect<boolean, CallFailure<"CannotGetOwnUserWithoutUser">>
}

const listRequest = (query: {
  readonly teamId?: string | undefined
  readonly userId?: string | undefined
  readonly permissionId?: string | undefined
  readonly recursive: boolean
}) => ({
  method: "GET" as const,
  path: "/team-permissions",
  query: { team_id: query.teamId, user_id: query.userId, permission_id: query.permissionId, recursive: query.recursive }
})

export class TeamPermissions extends Context.Service<TeamPermissions, TeamPermissionsShape>()("stackfx/TeamPermissions") {
  static readonly layer: Layer.Layer<TeamPermissions, never, Transport> = Layer.effect(
    TeamPermissions,
    Effect.gen(function*() {
      const transport = yield* Transport
      const fetch = (query: Parameters<typeof listRequest>[0]) =>
        transport.requestJson(listRequest(query), ListResponse(TeamPermission)).pipe(
          Effect.map((page) => page.items),
          documented("CannotGetOwnUserWithoutUser")
        )

      return TeamPermissions.of({
        list: (teamId, options = {}) => fetch({ teamId, userId: "me", recursive: options.recursive ?? true }),
        has: (teamId, permissionId) =>
          Effect.map(
            fetch({ teamId, userId: "me", permissionId, recursive: true }),
            (items) => items.some((p) => p.id === permissionId && p.teamId === teamId)
          )
      })
    })
  )
}

export interface ServerTeamPermissionsShape {
  /** Permissions narrowed by team and/or user (`"me"` or an id), sorted by team, user and id. */
  readonly list: (
    filter: {
      readonly teamId?: string | undefined
      readonly userId?: string | undefined
      readonly permissionId?: string | undefined
    },
    options?: PermissionListOptions
  ) => Effect.Effect<ReadonlyArray<TeamPermission>, CallFailure<"CannotGetOwnUserWithoutUser">>
  /** Grants a permission directly (again is a no-op); the user must be a member and the permission defined. */
  readonly grant: (
    teamId: string,
    userId: string,
    permissionId: string
  ) => Effect.Effect<
    TeamPermission,
    CallFailure<"TeamMembershipNotFound" | "UserNotFound" | "PermissionNotFound" | "SchemaError" | "CannotGetOwnUserWithoutUser">
  >
  /** Revokes a direct grant; a permission held only through another is TEAM_PERMISSION_NOT_FOUND. */
  readonly revoke: (
    teamId: string,
    userId: string,
    permissionId: string
  ) => Effect.Effect<
    void,
    CallFailure<"TeamMembershipNotFound" | "UserNotFound" | "TeamPermissionNotFound" | "SchemaError" | "CannotGetOwnUserWithoutUser">
  >
}

export class ServerTeamPermissions extends Context.Service<ServerTeamPermissions, ServerTeamPermissionsShape>()(
  "stackfx/ServerTeamPermissions"
) {
  static readonly layer: Layer.Layer<ServerTeamPermissions, never, Transport> = Layer.effect(
    ServerTeamPermissions,
    Effect.gen(function*() {
      const transport = yield* Transport
      const grantPath = (teamId: string, userId: string, permissionId: string) =>
        `/team-permissions/${segment(teamId)}/${segment(userId)}/${segment(permissionId)}`

      return ServerTeamPermissions.of({
        list: (filter, options = {}) =>
          transport.requestJson(listRequest({ ...filter, recursive: options.recursive ?? true }), ListResponse(TeamPermission)).pipe(
            Effect.map((page) => page.items),
            documented("CannotGetOwnUserWithoutUser")
          ),
        grant: (teamId, userId, permissionId) =>
          transport.requestJson({ method: "POST", path: grantPath(teamId, userId, permissionId) }, TeamPermission).pipe(
            documented("TeamMembershipNotFound", "UserNotFound", "PermissionNotFound", "SchemaError", "CannotGetOwnUserWithoutUser")
          ),
        revoke: (teamId, userId, permissionId) =>
          transport.requestJson({ method: "DELETE", path: grantPath(teamId, userId, permissionId) }, SuccessResponse).pipe(
            Effect.asVoid,
            documented("TeamMembershipNotFound", "UserNotFound", "TeamPermissionNotFound", "SchemaError", "CannotGetOwnUserWithoutUser")
          )
      })
    })
  )
}
