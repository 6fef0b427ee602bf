/**
 * Project permissions: permissions a user holds in the project, not in a team (`/project-permissions`).
 * Listing is recursive by default: a granted permission brings everything it contains, transitively.
 * `ProjectPermissions` (every tier with a signed-in user) reads the user's own; `ServerProjectPermissions`
 * (server and admin) reads anyone's and grants or revokes direct grants. Admins define them with
 * `ProjectPermissionDefinitions`; new users get the project's `userDefaultPermissions`. Their members are
 * declared in the table below.
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, custom, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { ProjectPermissionsApi } from "../../contract/permissions.js"
import type { PermissionListOptions } from "../teams/team-permissions.js"

/** The filter of a server listing. */
export interface ProjectPermissionFilter {
  readonly userId?: string | undefined
  readonly permissionId?: string | undefined
}

/** The query of a listing. The service lists recursively only with `recursive=true`, so the flag is always sent. */
export const projectPermissionsQuery = (filter: ProjectPermissionFilter, options: PermissionListOptions = {}) => ({
  query: {
    user_id: filter.userId,
    permission_id: filter.permissionId,
    recursive: (options.recursive ?? true) ? ("true" as const) : ("false" as const)
  }
})

const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items
const nothing = (): void => undefined
const grant = (userId: string, permissionId: string) => ({ params: { user_id: userId, permission_id: permissionId } })

/** The signed-in user's project permissions: list them and check whether they hold one. */
export const ProjectPermissionsCalls = {
  /** The signed-in user's project permissions, sorted by id. */
  list: functionCall(
    ProjectPermissionsApi.list,
    "client",
    (options?: PermissionListOptions) => projectPermissionsQuery({ userId: "me" }, options),
    items
  ),
  /** `has("admin")`: whether the signed-in user holds it, directly or through another. */
  has: custom<
    (permissionId: string) => Effect.Effect<boolean, CallFailureAt<typeof ProjectPermissionsApi.list, "client">>
  >("function")
}

/** Project permissions on the server: grant, revoke and list any user's project permissions. */
export const ServerProjectPermissionsCalls = {
  /** Project permissions narrowed by user (`"me"` or an id) and/or permission, sorted by user and id. */
  list: functionCall(
    ProjectPermissionsApi.list,
    "server",
    (filter: ProjectPermissionFilter, options?: PermissionListOptions) => projectPermissionsQuery(filter, options),
    items
  ),
  /** Grants a project permission directly (again is a no-op); the user and a project-scope definition must exist. */
  grant: functionCall(ProjectPermissionsApi.grant, "server", grant),
  /** Revokes a direct grant; a permission held only through another is PERMISSION_NOT_FOUND. */
  revoke: functionCall(ProjectPermissionsApi.revoke, "server", grant, nothing)
}

export const makeProjectPermissions = implement(
  ProjectPermissionsCalls,
  Effect.gen(function* () {
    const list = caller(yield* Transport, ProjectPermissionsApi.list, "client")
    return {
      has: (permissionId: string) =>
        list(projectPermissionsQuery({ userId: "me", permissionId })).pipe(
          Effect.map((page) => page.items.some((p) => p.id === permissionId))
        )
    }
  })
)

export const makeServerProjectPermissions = implement(ServerProjectPermissionsCalls)
