/** A project permission granted to a user (`/project-permissions`): held in the project, not in a team. */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** A project permission a user holds, directly or through another permission that contains it. */
export const ProjectPermission = wireStruct({ id: Schema.String, userId: Schema.String })
export type ProjectPermission = typeof ProjectPermission.Type
