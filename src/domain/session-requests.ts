/**
 * `POST /auth/sessions` (server) body. The client encodes it and the local backend decodes it with this
 * schema, so a lifetime out of range is refused before anything is sent. Its own module: the session
 * answers (tokens.ts) are in every bundle, this body only in the server-sessions service and the backend.
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** The longest session a server may create: 367 days, the hosted service's limit. @internal */
export const MAX_SESSION_EXPIRES_IN_MILLIS = 367 * 24 * 60 * 60 * 1000

/**
 * The body of `POST /auth/sessions` (server tier): a session for a user, with an optional lifetime and impersonation
 * flag.
 */
export const ServerSessionCreate = wireStruct({
  /** A user id, or `"me"` for the tier's own signed-in user. */
  userId: Schema.String,
  expiresInMillis: Schema.optionalKey(
    Schema.Int.check(
      Schema.makeFilter((n: number) => n > 0 || "must be positive"),
      Schema.isLessThanOrEqualTo(MAX_SESSION_EXPIRES_IN_MILLIS)
    )
  ),
  isImpersonation: Schema.optionalKey(Schema.Boolean)
})
export type ServerSessionCreate = typeof ServerSessionCreate.Type
