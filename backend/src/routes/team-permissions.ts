/**
 * Team permissions of members (`/team-permissions`). Listing is recursive unless `recursive=false`: a
 * granted permission brings everything it contains, transitively. Clients list their own; server and
 * admin list anyone's and grant or revoke direct grants.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { TeamPermission } from "@stackfx/lib/domain/team-permission.js"
import { endpoint, type EndpointContext } from "../http/endpoint.js"
import { encoded, success } from "../http/respond.js"
import { grantPermission, listMemberPermissions, revokePermission } from "../operations/team-permissions.js"
import { Db, type DbShape } from "../store/db.js"
import type { PermissionGrant } from "../store/team-permissions.js"
import { ALL, SERVER } from "../http/access.js"
import { clientSelfOnly, param, permissionIdParam, resolveUserId } from "./team-helpers.js"

const TeamPermissionList = ListResponse(TeamPermission)

const ListQuery = Schema.Struct({
  team_id: Schema.optionalKey(Schema.String),
  user_id: Schema.optionalKey(Schema.String),
  permission_id: Schema.optionalKey(Schema.String),
  recursive: Schema.optionalKey(Schema.Literals(["true", "false"]))
})

type GrantContext = Pick<EndpointContext<unknown, unknown>, "auth" | "params" | "request">

/** The grant the path names (`"me"` resolved), changed in one transaction. */
const changeGrant = <A, E>(
  { auth, params, request }: GrantContext,
  change: (db: DbShape, grant: PermissionGrant) => Effect.Effect<A, E>
) =>
  Effect.gen(function*() {
    const permissionId = yield* permissionIdParam(param(params, "permissionId"), request)
    const userId = yield* resolveUserId(auth, param(params, "userId"))
    const grant = { projectId: auth.project.id, teamId: param(params, "teamId"), userId, permissionId }
    const db = yield* Db
    return yield* db.transaction(change(db, grant))
  })

export const routes = [
  endpoint({
    method: "GET",
    path: "/team-permissions",
    access: ALL,
    query: ListQuery,
    handler: ({ auth, query }) =>
      Effect.gen(function*() {
        let userId = query.user_id === undefined ? undefined : yield* resolveUserId(auth, query.user_id)
        if (auth.accessType === "client") userId = (yield* clientSelfOnly(auth, userId, "list permissions")).id
        const items = yield* listMemberPermissions(yield* Db, {
          projectId: auth.project.id,
          teamId: query.team_id,
          userId,
          permissionId: query.permission_id,
          recursive: query.recursive !== "false"
        })
        return yield* encoded(TeamPermissionList, { items, isPaginated: false })
      })
  }),
  endpoint({
    method: "POST",
    path: "/team-permissions/:teamId/:userId/:permissionId",
    access: SERVER,
    handler: (ctx) => Effect.flatMap(changeGrant(ctx, grantPermission), (granted) => encoded(TeamPermission, granted, 201))
  }),
  endpoint({
    method: "DELETE",
    path: "/team-permissions/:teamId/:userId/:permissionId",
    access: SERVER,
    handler: (ctx) => Effect.as(changeGrant(ctx, revokePermission), success)
  })
]
