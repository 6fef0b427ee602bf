import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

export class PasswordTooShort extends knownError<PasswordTooShort>()(
  "PASSWORD_TOO_SHORT", 400, (d) => `Password too short. Minimum length is ${d.min_length}.`, { min_length: Schema.Int }
) {}
// The hosted service really spells this one in camelCase.
export class PasswordTooLong extends knownError<PasswordTooLong>()(
  "PASSWORD_TOO_LONG", 400, (d) => `Password too long. Maximum length is ${d.maxLength}.`, { maxLength: Schema.Int }
) {}
export class UserDoesNotHavePassword extends knownError<UserDoesNotHavePassword>()(
  "USER_DOES_NOT_HAVE_PASSWORD", 400, "This user does not have password authentication enabled."
) {}
export class PasswordConfirmationMismatch extends knownError<PasswordConfirmationMismatch>()(
  "PASSWORD_CONFIRMATION_MISMATCH", 400, "Passwords do not match."
) {}
