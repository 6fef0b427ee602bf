import * as Schema from "effect/Schema"

/**
 * A known error that the server sent but the endpoint does not document. Folding these into one class
 * keeps every call's error channel short enough to match exhaustively, without losing what was sent.
 */
export class UnexpectedKnownError extends Schema.TaggedError<UnexpectedKnownError>()("UnexpectedKnownError", {
  code: Schema.String,
  status: Schema.Number,
  details: Schema.Unknown,
  message: Schema.String
}) {}
