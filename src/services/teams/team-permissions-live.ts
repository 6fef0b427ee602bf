/**
 * The implementations of {@link TeamPermissions} and {@link ServerTeamPermissions}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { ListResponse } from "../../domain/list.js"
import { SuccessResponse } from "../../domain/success.js"
import { TeamPermission } from "../../domain/team-permission.js"
import { announcing } from "../changes/data-changes.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import type { ServerTeamPermissionsShape, TeamPermissionsShape } from "./team-permissions.js"
import { Transport } from "../http/transport.js"
import { serverTeamPermissionsChanges } from "../changes/write-keys.js"
import { ServerTeamPermissionsErrors, TeamPermissionsErrors } from "./team-permissions-errors.js"

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

export const makeTeamPermissions: Effect.Effect<TeamPermissionsShape, never, Transport> = Effect.gen(function*() {
  const transport = yield* Transport
  const fetch = (query: Parameters<typeof listRequest>[0]) =>
    transport.requestJson(listRequest(query), ListResponse(TeamPermission)).pipe(Effect.map((page) => page.items))

  return {
    list: (teamId, options = {}) =>
      fetch({ teamId, userId: "me", recursive: options.recursive ?? true }).pipe(documented(...TeamPermissionsErrors.list)),
    has: (teamId, permissionId) =>
      fetch({ teamId, userId: "me", permissionId, recursive: true }).pipe(
        Effect.map((items) => items.some((p) => p.id === permissionId && p.teamId === teamId)),
        documented(...TeamPermissionsErrors.has)
      )
  } satisfies TeamPermissionsShape
})

export const makeServerTeamPermissions: Effect.Effect<ServerTeamPermissionsShape, never, Transport> = announcing(serverTeamPermissionsChanges, Effect.gen(function*() {
  const transport = yield* Transport
  const grantPath = (teamId: string, userId: string, permissionId: string) =>
    `/team-permissions/${segment(teamId)}/${segment(userId)}/${segment(permissionId)}`

  return {
    list: (filter, options = {}) =>
      transport.requestJson(listRequest({ ...filter, recursive: options.recursive ?? true }), ListResponse(TeamPermission)).pipe(
        Effect.map((page) => page.items),
        documented(...ServerTeamPermissionsErrors.list)
      ),
    grant: (teamId, userId, permissionId) =>
      transport.requestJson({ method: "POST", path: grantPath(teamId, userId, permissionId) }, TeamPermission).pipe(
        documented(...ServerTeamPermissionsErrors.grant)
      ),
    revoke: (teamId, userId, permissionId) =>
      transport.requestJson({ method: "DELETE", path: grantPath(teamId, userId, permissionId) }, SuccessResponse).pipe(
        Effect.asVoid,
        documented(...ServerTeamPermissionsErrors.revoke)
      )
  } satisfies ServerTeamPermissionsShape
}))
