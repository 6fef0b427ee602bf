/**
 * Project permissions (`/project-permissions`) and their definitions (`/project-permission-definitions`):
 * permissions a user holds in the project, not in a team. Clients list their own (`user_id=me`); server and
 * admin list anyone's and grant or revoke direct grants; admins define them. As on the service, a listing
 * is recursive only with `recursive=true` (the client always sends it).
 */
import * as Effect from "effect/Effect"
import { ProjectPermissionDefinitionsApi, ProjectPermissionsApi } from "@stackfx/lib/contract/permissions.js"
import { PermissionId } from "@stackfx/lib/domain/team-permission.js"
import type { Auth } from "../../http/auth.js"
import { validate } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  createDefinition,
  deleteDefinition,
  listDefinitionViews,
  updateDefinition
} from "../../operations/permissions/permission-definitions.js"
import {
  grantProjectPermissionOf,
  listProjectPermissions,
  revokeProjectPermissionOf
} from "../../operations/permissions/project-permissions.js"
import { listedUserId, resolveUserId } from "../../operations/acting-user.js"

interface GrantContext {
  readonly auth: Auth
  readonly params: { readonly user_id: string; readonly permission_id: string }
}

/** The grant the path names (its user resolved by the actor policy). */
const grantOf = ({ auth, params }: GrantContext) =>
  Effect.map(resolveUserId(auth, params.user_id), (userId) => ({
    projectId: auth.project.id,
    userId,
    permissionId: params.permission_id
  }))

const listed = <A>(items: ReadonlyArray<A>) => ({ items, isPaginated: false as const })

export const routes = [
  serve(ProjectPermissionsApi.list, ({ auth, query, request }) =>
    Effect.gen(function* () {
      const userId = yield* listedUserId(auth, query.user_id, "list permissions")
      const permissionId =
        query.permission_id === undefined
          ? undefined
          : yield* validate(PermissionId, "query.permission_id", query.permission_id, request)
      const items = yield* listProjectPermissions({
        projectId: auth.project.id,
        userId,
        permissionId,
        recursive: query.recursive === "true"
      })
      return listed(items)
    })
  ),
  serve(ProjectPermissionsApi.grant, (context) => Effect.flatMap(grantOf(context), grantProjectPermissionOf)),
  serve(ProjectPermissionsApi.revoke, (context) =>
    Effect.as(Effect.flatMap(grantOf(context), revokeProjectPermissionOf), { success: true as const })
  ),
  serve(ProjectPermissionDefinitionsApi.list, ({ auth }) =>
    Effect.map(listDefinitionViews(auth.project.id, "project"), listed)
  ),
  serve(ProjectPermissionDefinitionsApi.create, ({ auth, body }) => createDefinition(auth.project.id, body, "project")),
  serve(ProjectPermissionDefinitionsApi.update, ({ auth, body, params }) =>
    updateDefinition(auth.project.id, params.permission_id, body, "project")
  ),
  serve(ProjectPermissionDefinitionsApi.delete, ({ auth, params }) =>
    Effect.as(deleteDefinition(auth.project.id, params.permission_id, "project"), { success: true as const })
  )
]
