import * as Schema from "effect/Schema"

/** An argument that does not fit the call's input schema; nothing was sent. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  message: Schema.String
}) {}
