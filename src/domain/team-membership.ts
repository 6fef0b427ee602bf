/** A user's membership of a team (`POST /team-memberships/{teamId}/{userId}` answers it). */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** That a user belongs to a team: what adding a member answers. */
export const TeamMembership = wireStruct({ teamId: Schema.String, userId: Schema.String })
export type TeamMembership = typeof TeamMembership.Type
