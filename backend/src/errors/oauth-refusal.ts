/**
 * An RFC 6749 error answer of the OAuth token endpoint (`{ error, error_description }`, 400): a grant it
 * does not take, or a grant missing a field. Not a known error; the middleware (http/middleware.ts) answers
 * it as the RFC says.
 *
 * @example
 * Effect.fail(new OAuthRefusal({ error: "invalid_request", description: "Missing parameter: `refresh_token`" }))
 */
import * as Schema from "effect/Schema"

export class OAuthRefusal extends Schema.TaggedError<OAuthRefusal>()("OAuthRefusal", {
  error: Schema.String,
  description: Schema.String
}) {}
