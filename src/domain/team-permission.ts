/** A team permission granted to a user (`/team-permissions`). */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/**
 * Permission ids: lower-case letters, digits, `_` and `:`; a leading `$` marks the built-in ones
 * (e.g. `$read_members`). Used to validate inputs; reads accept any string.
 * @internal
 */
// The `u` flag lets the OpenAPI document carry the pattern (effect exports only such patterns to JSON Schema).
export const PERMISSION_ID_PATTERN = /^\$?[a-z0-9_:]+$/u

/**
 * A permission id as the service accepts it: lower-case letters, digits, `_` and `:`, with a leading `$` for built-in
 * ones.
 */
export const PermissionId = Schema.String.check(Schema.isPattern(PERMISSION_ID_PATTERN))

/** Whether a permission id names a built-in permission (those start with `$`). */
export const isBuiltInPermissionId = (id: string): boolean => id.startsWith("$")

/** A permission a user holds in a team, directly or through another permission that contains it. */
export const TeamPermission = wireStruct({ id: Schema.String, userId: Schema.String, teamId: Schema.String })
export type TeamPermission = typeof TeamPermission.Type
