/**
 * The implementations of {@link TeamPermissions} and {@link ServerTeamPermissions}, loaded on first use (see
 * lazy-service.ts): declared calls (team-permissions-calls.ts), and `has` over the list.
 */
import * as Effect from "effect/Effect"
import { TeamPermissionsApi } from "../../contract/permissions.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { ServerTeamPermissionsCalls, TeamPermissionsCalls, teamPermissionsQuery } from "./team-permissions-calls.js"

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
