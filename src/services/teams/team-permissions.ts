/**
 * Team permissions, checked per user per team by permission id. Listing is recursive by default: a
 * granted permission brings everything it contains, transitively. `TeamPermissions` (every tier with a
 * signed-in user) reads the user's own; `ServerTeamPermissions` (server and admin) reads anyone's and
 * grants or revokes direct grants. Their members are declared in the table below.
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, custom, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { TeamPermissionsApi } from "../../contract/permissions.js"

/** Options of the permission listings. */
export interface PermissionListOptions {
  /** Include what granted permissions contain (default true); false lists the direct grants only. */
  readonly recursive?: boolean | undefined
}

/** The filter of a server listing. */
export interface TeamPermissionFilter {
  readonly teamId?: string | undefined
  readonly userId?: string | undefined
  readonly permissionId?: string | undefined
}

/** The query of a listing; the flag is always sent. */
export const teamPermissionsQuery = (filter: TeamPermissionFilter, options: PermissionListOptions = {}) => ({
  query: {
    team_id: filter.teamId,
    user_id: filter.userId,
    permission_id: filter.permissionId,
    recursive: (options.recursive ?? true) ? ("true" as const) : ("false" as const)
  }
})

const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items
const nothing = (): void => undefined
const grant = (teamId: string, userId: string, permissionId: string) => ({
  params: { team_id: teamId, user_id: userId, permission_id: permissionId }
})

/** The signed-in user's permissions in a team: list them and check whether they hold one. */
export const TeamPermissionsCalls = {
  /** The signed-in user's permissions in a team, sorted by id. */
  list: functionCall(
    TeamPermissionsApi.list,
    "client",
    (teamId: string, options?: PermissionListOptions) => teamPermissionsQuery({ teamId, userId: "me" }, options),
    items
  ),
  /** `has(teamId, "$invite_members")`: whether the signed-in user holds it, directly or through another. */
  has: custom<
    (
      teamId: string,
      permissionId: string
    ) => Effect.Effect<boolean, CallFailureAt<typeof TeamPermissionsApi.list, "client">>
  >("function")
}

/** Team permissions on the server: grant, revoke and list any user's permissions in a team. */
export const ServerTeamPermissionsCalls = {
  /** Permissions narrowed by team and/or user (`"me"` or an id), sorted by team, user and id. */
  list: functionCall(
    TeamPermissionsApi.list,
    "server",
    (filter: TeamPermissionFilter, options?: PermissionListOptions) => teamPermissionsQuery(filter, options),
    items
  ),
  /** Grants a permission directly (again is a no-op); the user must be a member and the permission defined. */
  grant: functionCall(TeamPermissionsApi.grant, "server", grant),
  /** Revokes a direct grant; a permission held only through another is TEAM_PERMISSION_NOT_FOUND. */
  revoke: functionCall(TeamPermissionsApi.revoke, "server", grant, nothing)
}

export const makeTeamPermissions = implement(
  TeamPermissionsCalls,
  Effect.gen(function* () {
    const list = caller(yield* Transport, TeamPermissionsApi.list, "client")
    return {
      has: (teamId: string, permissionId: string) =>
        list(teamPermissionsQuery({ teamId, userId: "me", permissionId })).pipe(
          Effect.map((page) => page.items.some((p) => p.id === permissionId && p.teamId === teamId))
        )
    }
  })
)

export const makeServerTeamPermissions = implement(ServerTeamPermissionsCalls)
