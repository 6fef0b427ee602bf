/** The answer of actions with nothing to return. */
import * as Schema from "effect/Schema"

/** @internal */
export const SuccessResponse = Schema.Struct({ success: Schema.Literal(true) })
/** @internal */
export type SuccessResponse = typeof SuccessResponse.Type
