/** Team member profiles: a user's name and picture inside one team (`/team-member-profiles`). */
import * as Schema from "effect/Schema"
import { ServerUser } from "./user.js"
import { wireStruct } from "./wire.js"

const profileFields = {
  teamId: Schema.String,
  userId: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  profileImageUrl: Schema.NullOr(Schema.String)
}

/** A member's profile in a team, as the client tier sees it. */
export const TeamMemberProfile = wireStruct(profileFields)
export type TeamMemberProfile = typeof TeamMemberProfile.Type

/** The server view also embeds the full user. */
export const ServerTeamMemberProfile = wireStruct({ ...profileFields, user: ServerUser })
export type ServerTeamMemberProfile = typeof ServerTeamMemberProfile.Type

/** `PATCH /team-member-profiles/{teamId}/{userId}` body; absent keys are left unchanged. */
export const TeamMemberProfileUpdate = wireStruct({
  displayName: Schema.optionalKey(Schema.String),
  profileImageUrl: Schema.optionalKey(Schema.NullOr(Schema.String))
})
export type TeamMemberProfileUpdate = typeof TeamMemberProfileUpdate.Type
