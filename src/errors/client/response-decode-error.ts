import * as Data from "effect/Data"

/** A successful answer whose body does not have the shape docs/wire.md describes. */
export class ResponseDecodeError extends Data.TaggedError("ResponseDecodeError")<{
  readonly message: string
  /** The start of the body, for debugging. */
  readonly bodyExcerpt: string
}> {}
