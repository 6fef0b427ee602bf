/**
 * The implementations of {@link ProjectPermissions} and {@link ServerProjectPermissions}, loaded on first use
 * (see lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { ListResponse } from "../../domain/list.js"
import { ProjectPermission } from "../../domain/project-permission.js"
import { SuccessResponse } from "../../domain/success.js"
import { announcing } from "../changes/data-changes.js"
import { serverProjectPermissionsChanges } from "../changes/write-keys.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import { Transport } from "../http/transport.js"
import { ProjectPermissionsErrors, ServerProjectPermissionsErrors } from "./project-permissions-errors.js"
import type { ProjectPermissionsShape, ServerProjectPermissionsShape } from "./project-permissions.js"

// The service lists recursively only with `recursive=true`, so the flag is always sent.
const listRequest = (query: {
  readonly userId?: string | undefined
  readonly permissionId?: string | undefined
  readonly recursive: boolean
}) => ({
  method: "GET" as const,
  path: "/project-permissions",
  query: { user_id: query.userId, permission_id: query.permissionId, recursive: query.recursive }
})

const ProjectPermissionList = ListResponse(ProjectPermission)

export const makeProjectPermissions: Effect.Effect<ProjectPermissionsShape, never, Transport> = Effect.gen(function*() {
  const transport = yield* Transport
  const fetch = (query: Parameters<typeof listRequest>[0]) =>
    transport.requestJson(listRequest(query), ProjectPermissionList).pipe(Effect.map((page) => page.items))

  return {
    list: (options = {}) => fetch({ userId: "me", recursive: options.recursive ?? true }).pipe(documented(...ProjectPermissionsErrors.list)),
    has: (permissionId) =>
      fetch({ userId: "me", permissionId, recursive: true }).pipe(
        Effect.map((items) => items.some((p) => p.id === permissionId)),
        documented(...ProjectPermissionsErrors.has)
      )
  } satisfies ProjectPermissionsShape
})

export const makeServerProjectPermissions: Effect.Effect<ServerProjectPermissionsShape, never, Transport> = announcing(
  serverProjectPermissionsChanges,
  Effect.gen(function*() {
    const transport = yield* Transport
    const grantPath = (userId: string, permissionId: string) => `/project-permissions/${segment(userId)}/${segment(permissionId)}`

    return {
      list: (filter, options = {}) =>
        transport.requestJson(listRequest({ ...filter, recursive: options.recursive ?? true }), ProjectPermissionList).pipe(
          Effect.map((page) => page.items),
          documented(...ServerProjectPermissionsErrors.list)
        ),
      grant: (userId, permissionId) =>
        transport.requestJson({ method: "POST", path: grantPath(userId, permissionId) }, ProjectPermission).pipe(
          documented(...ServerProjectPermissionsErrors.grant)
        ),
      revoke: (userId, permissionId) =>
        transport.requestJson({ method: "DELETE", path: grantPath(userId, permissionId) }, SuccessResponse).pipe(
          Effect.asVoid,
          documented(...ServerProjectPermissionsErrors.revoke)
        )
    } satisfies ServerProjectPermissionsShape
  })
)
