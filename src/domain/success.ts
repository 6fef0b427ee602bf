/** The answer of actions with nothing to return. */
import * as Schema from "effect/Schema"

export const SuccessResponse = Schema.Struct({ success: Schema.Literal(true) })
export type SuccessResponse = typeof SuccessResponse.Type
