/**
 * What the permission route files share (not a route group itself): the permission id of a path. Who a
 * path's user is and the client's act-only-for-yourself rule are the actor policy (../operations/acting-user.ts).
 */
import { PermissionId } from "@stackfx/lib/domain/team-permission.js"
import { validate } from "../../http/request.js"

type Request = { readonly method: string; readonly originalUrl: string }

/** A permission id from the path, checked against the id pattern (SCHEMA_ERROR otherwise). */
export const permissionIdParam = (raw: string, request: Request) =>
  validate(PermissionId, "params.permission_id", raw, request)
