/**
 * The implementations of {@link ProjectPermissions} and {@link ServerProjectPermissions}, loaded on first use
 * (see lazy-service.ts): declared calls (project-permissions-calls.ts), and `has` over the list.
 */
import * as Effect from "effect/Effect"
import { ProjectPermissionsApi } from "../../contract/permissions.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import {
  ProjectPermissionsCalls,
  projectPermissionsQuery,
  ServerProjectPermissionsCalls
} from "./project-permissions-calls.js"

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
