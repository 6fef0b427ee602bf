/** Team invitations: pending invites of a team and the answers of the invitation-code endpoints. */
import * as Schema from "effect/Schema"
import { AbsoluteUrl } from "./absolute-url.js"
import { EmailAddress } from "./rules/email.js"
import { Millis, wireStruct } from "./wire.js"

/**
 * A pending invitation, as a team's list (`GET /team-invitations?team_id=`) and a user's received list
 * (`?user_id=`) send it. The hosted service has sent `team_display_name` in both since February 2026.
 */
export const TeamInvitation = wireStruct(
  {
    id: Schema.String,
    teamId: Schema.String,
    teamDisplayName: Schema.String,
    recipientEmail: Schema.String,
    expiresAt: Millis
  },
  { expiresAt: "expires_at_millis" }
)
export type TeamInvitation = typeof TeamInvitation.Type

/** `POST /team-invitations/send-code` body; the link in the email is `callbackUrl` (absolute) with the code. */
export const TeamInvitationSendCode = wireStruct({
  email: EmailAddress,
  teamId: Schema.String.check(Schema.isMinLength(1)),
  callbackUrl: AbsoluteUrl
})
export type TeamInvitationSendCode = typeof TeamInvitationSendCode.Type

/** `POST /team-invitations/send-code` answer. */
export const TeamInvitationSent = Schema.Struct({ success: Schema.Literal(true), id: Schema.String })
export type TeamInvitationSent = typeof TeamInvitationSent.Type

/** `POST /team-invitations/accept/details` answer. */
export const TeamInvitationDetails = wireStruct({ teamDisplayName: Schema.String })
export type TeamInvitationDetails = typeof TeamInvitationDetails.Type
