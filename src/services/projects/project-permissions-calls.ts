/**
 * The members of {@link ProjectPermissions} and {@link ServerProjectPermissions}, each a call of a declared
 * endpoint (contract/permissions.ts) but `has`, which reads the list. The services' shapes and
 * implementations derive from these tables.
 */
import type * as Effect from "effect/Effect"
import { ProjectPermissionsApi } from "../../contract/permissions.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, functionCall } from "../http/service-calls.js"
import type { PermissionListOptions } from "../teams/team-permissions-calls.js"

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
