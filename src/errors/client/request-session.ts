/**
 * Why an app's own server could not tell who sent a request (`RequestAuth`). All three are answers about
 * the caller, not faults of the server: an app usually turns each into a 401.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** The request carries no session at all: no `x-stack-auth` header with tokens, no token cookies. */
export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()("Unauthenticated", {
  message: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed("The request carries no session.")))
}) {}

/** Why a session that a request carries is not a valid one. */
export const InvalidSessionReason = Schema.Literals([
  /** The access token is forged, foreign (another project or issuer), malformed or not yet valid. */
  "access-token-invalid",
  /** The access token has expired and no refresh token came with it. */
  "access-token-expired",
  /** The refresh token was refused: the session was ended, or the token is not one. */
  "refresh-token-rejected",
  /** The token is sound but its user no longer exists. */
  "user-not-found"
])
export type InvalidSessionReason = typeof InvalidSessionReason.Type

/** The request carries a session, but not a valid one; `reason` says why. */
export class InvalidSession extends Schema.TaggedError<InvalidSession>()("InvalidSession", {
  reason: InvalidSessionReason,
  message: Schema.String
}) {}

/**
 * The `x-stack-auth` header (or an auth JSON received another way) is not the JSON object
 * `{ accessToken, refreshToken }` with string or null values. The message names what is wrong, never the
 * value itself: it carries tokens.
 */
export class MalformedAuthJson extends Schema.TaggedError<MalformedAuthJson>()("MalformedAuthJson", {
  message: Schema.String
}) {}
