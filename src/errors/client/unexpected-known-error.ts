import * as Data from "effect/Data"

/**
 * A known error that the server sent but the endpoint does not document. Folding these into one class
 * keeps every call's error channel short enough to match exhaustively, without losing what was sent.
 */
export class UnexpectedKnownError extends Data.TaggedError("UnexpectedKnownError")<{
  readonly code: string
  readonly status: number
  readonly details: unknown
  readonly message: string
}> {}
