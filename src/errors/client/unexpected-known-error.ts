import * as Data from "effect/Data"

/**
 * A known error that the server sent but the endpoint does not document, or whose code this client's
 * catalogue does not have (a newer hosted service). Folding these into one class keeps every call's error
 * channel short enough to match exhaustively, without losing what was sent: the wire code, the real HTTP
 * status, the `details` as sent (`undefined` when the answer had none) and the server's message.
 */
export class UnexpectedKnownError extends Data.TaggedError("UnexpectedKnownError")<{
  readonly code: string
  readonly status: number
  readonly details: unknown
  readonly message: string
}> {}
