/**
 * What the team route files share (not a route group itself): path parameters (bodies by tier:
 * ../http/tier-body.ts). Who "me" is and the client's act-only-for-yourself rule are operations
 * (../operations/acting-user.ts).
 */
import type * as Effect from "effect/Effect"
import { PermissionId } from "@stackfx/lib/domain/team-permission.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { validate } from "../http/request.js"

// For the route files that still import them from here (team-member-profiles.ts, project-api-keys.ts);
// the others import ../operations/acting-user.js.
export { ownUser, resolveUserId } from "../operations/acting-user.js"

type Request = { readonly method: string; readonly originalUrl: string }

/** A path parameter the router matched (always present; an empty string is impossible by routing). */
export const param = (params: Readonly<Record<string, string | undefined>>, name: string): string => params[name] ?? ""

/** A permission id from the path, checked against the id pattern. */
export const permissionIdParam = (raw: string, request: Request): Effect.Effect<string, SchemaError> =>
  validate(PermissionId, "params.permission_id", raw, request)
