import * as Schema from "effect/Schema"
import { RestrictedReason } from "./fields.js"
import { knownError } from "./factory.js"
import { restrictedReasonType } from "./messages.js"

/** The `TEAM_NOT_FOUND` known error (404). */
export class TeamNotFound extends knownError<TeamNotFound>()(
  "TEAM_NOT_FOUND",
  404,
  (d) => `Team ${d.team_id} not found.`,
  { team_id: Schema.String }
) {}
/**
 * The `TEAM_ALREADY_EXISTS` known error (409). The hosted catalogue declares it with `details.team_id` but never
 * raises it; the id is optional so either form decodes.
 */
export class TeamAlreadyExists extends knownError<TeamAlreadyExists>()(
  "TEAM_ALREADY_EXISTS",
  409,
  (d) => (d.team_id === undefined ? "The team already exists." : `Team ${d.team_id} already exists.`),
  { team_id: Schema.optionalKey(Schema.String) }
) {}
/** The `TEAM_MEMBERSHIP_NOT_FOUND` known error (404). */
export class TeamMembershipNotFound extends knownError<TeamMembershipNotFound>()(
  "TEAM_MEMBERSHIP_NOT_FOUND",
  404,
  (d) => `User ${d.user_id} is not found in team ${d.team_id}.`,
  { team_id: Schema.String, user_id: Schema.String }
) {}
/** The `TEAM_MEMBERSHIP_ALREADY_EXISTS` known error (409): "Team membership already exists." */
export class TeamMembershipAlreadyExists extends knownError<TeamMembershipAlreadyExists>()(
  "TEAM_MEMBERSHIP_ALREADY_EXISTS",
  409,
  "Team membership already exists."
) {}
/** The `TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED` known error (403). */
export class TeamInvitationRestrictedUserNotAllowed extends knownError<TeamInvitationRestrictedUserNotAllowed>()(
  "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED",
  403,
  (d) =>
    `Restricted users cannot accept team invitations. Reason: ${restrictedReasonType(d.restricted_reason)}. Please complete ` +
    "the onboarding process before accepting team invitations.",
  { restricted_reason: RestrictedReason }
) {}
/**
 * The `TEAM_INVITATION_EMAIL_MISMATCH` known error (403): the invitation was sent to an address the signed-in
 * user has not verified. Newer hosted builds (SDK 2.8.108) answer it when accepting an invitation.
 */
export class TeamInvitationEmailMismatch extends knownError<TeamInvitationEmailMismatch>()(
  "TEAM_INVITATION_EMAIL_MISMATCH",
  403,
  "This team invitation was sent to a different email address. Sign in with the invited email, or add and verify " +
    "that email on your account, then try again."
) {}
/**
 * The `ITEM_NOT_FOUND` known error (404). Of the calls stackfx makes, only accepting an invitation to a team of
 * the hosted `internal` project meets it (its dashboard seats are an item).
 */
export class ItemNotFound extends knownError<ItemNotFound>()(
  "ITEM_NOT_FOUND",
  404,
  (d) => `Item with ID "${d.item_id}" not found.`,
  { item_id: Schema.String }
) {}
/**
 * The `ITEM_QUANTITY_INSUFFICIENT_AMOUNT` known error (400): accepting an invitation to a team of the hosted
 * `internal` project when the team has no dashboard seat left.
 */
export class ItemQuantityInsufficientAmount extends knownError<ItemQuantityInsufficientAmount>()(
  "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
  400,
  (d) =>
    `The item with ID ${JSON.stringify(d.item_id)} has an insufficient quantity for the customer with ID ` +
    `${JSON.stringify(d.customer_id)}. An attempt was made to charge ${d.quantity} credits.`,
  { item_id: Schema.String, customer_id: Schema.String, quantity: Schema.Finite }
) {}
