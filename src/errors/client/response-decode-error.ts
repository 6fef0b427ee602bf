import * as Schema from "effect/Schema"

/** A successful answer whose body does not have the shape docs/wire.md describes. */
export class ResponseDecodeError extends Schema.TaggedError<ResponseDecodeError>()("ResponseDecodeError", {
  message: Schema.String,
  /** The start of the body, for debugging. */
  bodyExcerpt: Schema.String
}) {}
