/**
 * Project permissions (`/project-permissions`) and their definitions (`/project-permission-definitions`):
 * permissions a user holds in the project, not in a team. Clients list their own (`user_id=me`); server and
 * admin list anyone's and grant or revoke direct grants; admins define them. As on the service, a listing
 * is recursive only with `recursive=true` (the client always sends it).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import {
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate
} from "@stackfx/lib/domain/permission-definition.js"
import { ProjectPermission } from "@stackfx/lib/domain/project-permission.js"
import { PermissionId } from "@stackfx/lib/domain/team-permission.js"
import { endpoint, type EndpointContext } from "../http/endpoint.js"
import { encoded, success } from "../http/respond.js"
import {
  createDefinition,
  deleteDefinition,
  loadDefinitions,
  toPermissionDefinition,
  updateDefinition
} from "../operations/permission-definitions.js"
import { grantProjectPermission, listUserPermissions, revokeProjectPermission } from "../operations/project-permissions.js"
import { Db, type DbShape } from "../store/db.js"
import type { ProjectPermissionGrant } from "../store/project-permissions.js"
import { ADMIN, ALL, SERVER } from "../http/access.js"
import { validate } from "../http/request.js"
import { clientSelfOnly, param, permissionIdParam, resolveUserId } from "./team-helpers.js"

const ProjectPermissionList = ListResponse(ProjectPermission)
const DefinitionList = ListResponse(PermissionDefinition)

const ListQuery = Schema.Struct({
  user_id: Schema.optionalKey(Schema.String),
  permission_id: Schema.optionalKey(Schema.String),
  recursive: Schema.optionalKey(Schema.Literals(["true", "false"]))
})

type GrantContext = Pick<EndpointContext<unknown, unknown>, "auth" | "params" | "request">

/** The grant the path names (`"me"` resolved), changed in one transaction. */
const changeGrant = <A, E>(
  { auth, params, request }: GrantContext,
  change: (db: DbShape, grant: ProjectPermissionGrant) => Effect.Effect<A, E>
) =>
  Effect.gen(function*() {
    const permissionId = yield* permissionIdParam(param(params, "permissionId"), request)
    const userId = yield* resolveUserId(auth, param(params, "userId"))
    const db = yield* Db
    return yield* db.transaction(change(db, { projectId: auth.project.id, userId, permissionId }))
  })

export const routes = [
  endpoint({
    method: "GET",
    path: "/project-permissions",
    access: ALL,
    query: ListQuery,
    handler: ({ auth, query, request }) =>
      Effect.gen(function*() {
        let userId = query.user_id === undefined ? undefined : yield* resolveUserId(auth, query.user_id)
        if (auth.accessType === "client") userId = (yield* clientSelfOnly(auth, userId, "list permissions")).id
        const permissionId = query.permission_id === undefined
          ? undefined
          : yield* validate(PermissionId, "query.permission_id", query.permission_id, request)
        const items = yield* listUserPermissions(yield* Db, {
          projectId: auth.project.id,
          userId,
          permissionId,
          recursive: query.recursive === "true"
        })
        return yield* encoded(ProjectPermissionList, { items, isPaginated: false })
      })
  }),
  endpoint({
    method: "POST",
    path: "/project-permissions/:userId/:permissionId",
    access: SERVER,
    handler: (ctx) =>
      Effect.flatMap(changeGrant(ctx, grantProjectPermission), (granted) => encoded(ProjectPermission, granted, 201))
  }),
  endpoint({
    method: "DELETE",
    path: "/project-permissions/:userId/:permissionId",
    access: SERVER,
    handler: (ctx) => Effect.as(changeGrant(ctx, revokeProjectPermission), success)
  }),
  endpoint({
    method: "GET",
    path: "/project-permission-definitions",
    access: ADMIN,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        const definitions = yield* loadDefinitions(yield* Db, auth.project.id, "project")
        return yield* encoded(DefinitionList, { items: definitions.map(toPermissionDefinition), isPaginated: false })
      })
  }),
  endpoint({
    method: "POST",
    path: "/project-permission-definitions",
    access: ADMIN,
    body: PermissionDefinitionCreate,
    handler: ({ auth, body }) =>
      Effect.flatMap(createDefinition(auth.project.id, body, "project"), (created) => encoded(PermissionDefinition, created, 201))
  }),
  endpoint({
    method: "PATCH",
    path: "/project-permission-definitions/:permissionId",
    access: ADMIN,
    body: PermissionDefinitionUpdate,
    handler: ({ auth, body, params }) =>
      Effect.flatMap(
        updateDefinition(auth.project.id, param(params, "permissionId"), body, "project"),
        (updated) => encoded(PermissionDefinition, updated)
      )
  }),
  endpoint({
    method: "DELETE",
    path: "/project-permission-definitions/:permissionId",
    access: ADMIN,
    handler: ({ auth, params }) =>
      Effect.as(deleteDefinition(auth.project.id, param(params, "permissionId"), "project"), success)
  })
]
