import * as Schema from "effect/Schema"
import { RestrictedReason } from "./fields.js"
import { knownError } from "./factory.js"
import { restrictedReasonType } from "./messages.js"

/** The `TEAM_NOT_FOUND` known error (404). */
export class TeamNotFound extends knownError<TeamNotFound>()(
  "TEAM_NOT_FOUND", 404, (d) => `Team ${d.team_id} not found.`, { team_id: Schema.String }
) {}
/** The `TEAM_ALREADY_EXISTS` known error (409): "The team already exists." */
export class TeamAlreadyExists extends knownError<TeamAlreadyExists>()(
  "TEAM_ALREADY_EXISTS", 409, "The team already exists."
) {}
/** The `TEAM_MEMBERSHIP_NOT_FOUND` known error (404). */
export class TeamMembershipNotFound extends knownError<TeamMembershipNotFound>()(
  "TEAM_MEMBERSHIP_NOT_FOUND", 404, (d) => `User ${d.user_id} is not found in team ${d.team_id}.`,
  { team_id: Schema.String, user_id: Schema.String }
) {}
/** The `TEAM_MEMBERSHIP_ALREADY_EXISTS` known error (409): "Team membership already exists." */
export class TeamMembershipAlreadyExists extends knownError<TeamMembershipAlreadyExists>()(
  "TEAM_MEMBERSHIP_ALREADY_EXISTS", 409, "Team membership already exists."
) {}
/** The `TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED` known error (403). */
export class TeamInvitationRestrictedUserNotAllowed extends knownError<TeamInvitationRestrictedUserNotAllowed>()(
  "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED", 403, (d) =>
    `Restricted users cannot accept team invitations. Reason: ${restrictedReasonType(d.restricted_reason)}. Please complete ` +
    "the onboarding process before accepting team invitations.",
  { restricted_reason: RestrictedReason }
) {}
