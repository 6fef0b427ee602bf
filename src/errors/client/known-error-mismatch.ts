import * as Schema from "effect/Schema"

/**
 * The response named a known error in its header but the body does not back it up: the body code
 * differs, the body is not JSON or has no code, or the details do not match the catalogue. The product
 * treats this as an internal error, never as the named known error.
 */
export class KnownErrorMismatch extends Schema.TaggedError<KnownErrorMismatch>()("KnownErrorMismatch", {
  status: Schema.Number,
  headerCode: Schema.String,
  bodyCode: Schema.NullOr(Schema.String),
  reason: Schema.Literals(["code-mismatch", "body-not-json", "missing-code", "invalid-details"]),
  message: Schema.String
}) {}
