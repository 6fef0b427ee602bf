/**
 * An operation's refusal that the hosted service answers without a known-error code (a plain-text status):
 * the operation says why in its own terms, and the middleware (http/middleware.ts) answers it with the
 * status of its reason. Operations know nothing of HTTP; this is how they say "no" when the catalogue has
 * no error for it.
 *
 * @example
 * Effect.fail(new Refused({ reason: "forbidden", message: "Client team creation is disabled for this project" }))
 */
import * as Schema from "effect/Schema"

export class Refused extends Schema.TaggedError<Refused>()("Refused", {
  /**
   * `invalid`: the input cannot be acted on; `unauthenticated`: the credentials do not prove who the caller
   * says it is; `forbidden`: not by this caller; `not-found`; `conflict`.
   */
  reason: Schema.Literals(["invalid", "unauthenticated", "forbidden", "not-found", "conflict"]),
  message: Schema.String
}) {}

/** The status the hosted service answers each reason with. */
export const refusalStatus: Record<Refused["reason"], number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409
}
