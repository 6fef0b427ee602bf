/**
 * Team permission definitions (`/team-permission-definitions`, admin only): the built-in `$` permissions
 * and the project's own, each with the permissions it contains.
 */
import * as Effect from "effect/Effect"
import { TeamPermissionDefinitionsApi } from "@stackfx/lib/contract/permissions.js"
import { serve } from "../../http/serve.js"
import {
  createDefinition,
  deleteDefinition,
  listDefinitionsPage,
  updateDefinition
} from "../../operations/permissions/permission-definitions.js"

export const routes = [
  serve(TeamPermissionDefinitionsApi.list, ({ auth, query }) =>
    listDefinitionsPage(auth.project.id, { limit: query.limit, cursor: query.cursor, search: query.query })
  ),
  serve(TeamPermissionDefinitionsApi.create, ({ auth, body }) => createDefinition(auth.project.id, body)),
  serve(TeamPermissionDefinitionsApi.update, ({ auth, body, params }) =>
    updateDefinition(auth.project.id, params.permission_id, body)
  ),
  serve(TeamPermissionDefinitionsApi.delete, ({ auth, params }) =>
    Effect.as(deleteDefinition(auth.project.id, params.permission_id), { success: true as const })
  )
]
