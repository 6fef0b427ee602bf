import * as Data from "effect/Data"

/** An argument that does not fit the call's input schema; nothing was sent. */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{ readonly message: string }> {}
