import * as Schema from "effect/Schema"
import { RestrictedReason } from "./fields.js"
import { knownError } from "./factory.js"

export class UserEmailAlreadyExists extends knownError<UserEmailAlreadyExists>()(
  "USER_EMAIL_ALREADY_EXISTS", 409,
  (d) =>
    d.would_work_if_email_was_verified
      ? `A user with e-mail ${d.email} already exists but the e-mail is not verified. Sign in with the original ` +
        "method and verify the e-mail to use this one."
      : `A user with e-mail ${d.email} already exists.`,
  { email: Schema.String, would_work_if_email_was_verified: Schema.Boolean }
) {}
export class UserIdDoesNotExist extends knownError<UserIdDoesNotExist>()(
  "USER_ID_DOES_NOT_EXIST", 400, (d) => `The user with ID ${d.user_id} does not exist.`, { user_id: Schema.String }
) {}
export class UserNotFound extends knownError<UserNotFound>()("USER_NOT_FOUND", 404, "User not found.") {}
export class CannotGetOwnUserWithoutUser extends knownError<CannotGetOwnUserWithoutUser>()(
  "CANNOT_GET_OWN_USER_WITHOUT_USER", 400, "The user ID 'me' was given, but no user is signed in."
) {}
export class RestrictedUserNotAllowed extends knownError<RestrictedUserNotAllowed>()(
  "RESTRICTED_USER_NOT_ALLOWED", 403, "This action is not allowed for a restricted user.",
  { restricted_reason: RestrictedReason }
) {}
