import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

/** The `PASSWORD_TOO_SHORT` known error (400). */
export class PasswordTooShort extends knownError<PasswordTooShort>()(
  "PASSWORD_TOO_SHORT",
  400,
  (d) => `Password too short. Minimum length is ${d.min_length}.`,
  { min_length: Schema.Int }
) {}
// The hosted service really spells this one in camelCase.
/** The `PASSWORD_TOO_LONG` known error (400). */
export class PasswordTooLong extends knownError<PasswordTooLong>()(
  "PASSWORD_TOO_LONG",
  400,
  (d) => `Password too long. Maximum length is ${d.maxLength}.`,
  { maxLength: Schema.Int }
) {}
/** The `USER_DOES_NOT_HAVE_PASSWORD` known error (400): "This user does not have password authentication enabled." */
export class UserDoesNotHavePassword extends knownError<UserDoesNotHavePassword>()(
  "USER_DOES_NOT_HAVE_PASSWORD",
  400,
  "This user does not have password authentication enabled."
) {}
/** The `PASSWORD_CONFIRMATION_MISMATCH` known error (400): "Passwords do not match." */
export class PasswordConfirmationMismatch extends knownError<PasswordConfirmationMismatch>()(
  "PASSWORD_CONFIRMATION_MISMATCH",
  400,
  "Passwords do not match."
) {}
