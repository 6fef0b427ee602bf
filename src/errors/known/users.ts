import * as Schema from "effect/Schema"
import { RestrictedReason } from "./fields.js"
import { knownError } from "./factory.js"
import { notVerifiedHint, restrictedReasonType } from "./messages.js"

/**
 * The `USER_EMAIL_ALREADY_EXISTS` known error (409). Older hosted builds leave out
 * `would_work_if_email_was_verified`; the hosted SDK reads a missing one as false, and so does the message.
 */
export class UserEmailAlreadyExists extends knownError<UserEmailAlreadyExists>()(
  "USER_EMAIL_ALREADY_EXISTS",
  409,
  (d) =>
    `A user with email ${JSON.stringify(d.email)} already exists${d.would_work_if_email_was_verified ? notVerifiedHint : "."}`,
  { email: Schema.String, would_work_if_email_was_verified: Schema.optionalKey(Schema.Boolean) }
) {}
/** The `USER_ID_DOES_NOT_EXIST` known error (400). */
export class UserIdDoesNotExist extends knownError<UserIdDoesNotExist>()(
  "USER_ID_DOES_NOT_EXIST",
  400,
  (d) => `The given user with the ID ${d.user_id} does not exist.`,
  { user_id: Schema.String }
) {}
/** The `USER_NOT_FOUND` known error (404): "User not found." */
export class UserNotFound extends knownError<UserNotFound>()("USER_NOT_FOUND", 404, "User not found.") {}
/** The `CANNOT_GET_OWN_USER_WITHOUT_USER` known error (400). */
export class CannotGetOwnUserWithoutUser extends knownError<CannotGetOwnUserWithoutUser>()(
  "CANNOT_GET_OWN_USER_WITHOUT_USER",
  400,
  "You have specified 'me' as a userId, but did not provide authentication for a user."
) {}
/** The `RESTRICTED_USER_NOT_ALLOWED` known error (403). */
export class RestrictedUserNotAllowed extends knownError<RestrictedUserNotAllowed>()(
  "RESTRICTED_USER_NOT_ALLOWED",
  403,
  (d) =>
    `The user in the access token is in restricted state. Reason: ${restrictedReasonType(d.restricted_reason)}. Please pass ` +
    "the X-Stack-Allow-Restricted-User header if this is intended.",
  { restricted_reason: RestrictedReason }
) {}
