/**
 * What the permission route files share (not a route group itself): the permission id of a path. Who "me"
 * is and the client's act-only-for-yourself rule are operations (../operations/acting-user.ts).
 */
import type * as Effect from "effect/Effect"
import { PermissionId } from "@stackfx/lib/domain/team-permission.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { validate } from "../../http/request.js"

type Request = { readonly method: string; readonly originalUrl: string }

/** A permission id from the path, checked against the id pattern. */
export const permissionIdParam = (raw: string, request: Request): Effect.Effect<string, SchemaError> =>
  validate(PermissionId, "params.permission_id", raw, request)
