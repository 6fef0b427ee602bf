/**
 * Team permission definitions (`/team-permission-definitions`, admin only): the built-in `$` permissions
 * and the project's own, each with the permissions it contains.
 */
import * as Effect from "effect/Effect"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import {
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate
} from "@stackfx/lib/domain/permission-definition.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, success } from "../http/respond.js"
import {
  createDefinition,
  deleteDefinition,
  loadDefinitions,
  toPermissionDefinition,
  updateDefinition
} from "../operations/permission-definitions.js"
import { Db } from "../store/db.js"
import { ADMIN } from "../http/access.js"
import { param } from "./team-helpers.js"

const DefinitionList = ListResponse(PermissionDefinition)

export const routes = [
  endpoint({
    method: "GET",
    path: "/team-permission-definitions",
    access: ADMIN,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        const definitions = yield* loadDefinitions(yield* Db, auth.project.id)
        return yield* encoded(DefinitionList, { items: definitions.map(toPermissionDefinition), isPaginated: false })
      })
  }),
  endpoint({
    method: "POST",
    path: "/team-permission-definitions",
    access: ADMIN,
    body: PermissionDefinitionCreate,
    handler: ({ auth, body }) =>
      Effect.flatMap(createDefinition(auth.project.id, body), (created) => encoded(PermissionDefinition, created, 201))
  }),
  endpoint({
    method: "PATCH",
    path: "/team-permission-definitions/:permissionId",
    access: ADMIN,
    body: PermissionDefinitionUpdate,
    handler: ({ auth, body, params }) =>
      Effect.flatMap(
        updateDefinition(auth.project.id, param(params, "permissionId"), body),
        (updated) => encoded(PermissionDefinition, updated)
      )
  }),
  endpoint({
    method: "DELETE",
    path: "/team-permission-definitions/:permissionId",
    access: ADMIN,
    handler: ({ auth, params }) => Effect.as(deleteDefinition(auth.project.id, param(params, "permissionId")), success)
  })
]
