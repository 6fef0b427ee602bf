import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

/** The `SIGN_UP_NOT_ENABLED` known error (400). */
export class SignUpNotEnabled extends knownError<SignUpNotEnabled>()(
  "SIGN_UP_NOT_ENABLED",
  400,
  "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it."
) {}
const signUpRejectedDefault = "Your sign up was rejected by an administrator's sign-up rule."

/**
 * The `SIGN_UP_REJECTED` known error (403): a sign-up rule of the project refused the new account (password
 * sign-up, magic-link/OTP sign-in of a new address, OAuth sign-up). The hosted service repeats its message
 * in `details.message`; the key is optional so an answer without it still decodes.
 */
export class SignUpRejected extends knownError<SignUpRejected>()(
  "SIGN_UP_REJECTED",
  403,
  (d) => d.message ?? signUpRejectedDefault,
  { message: Schema.optionalKey(Schema.String) }
) {}
/**
 * The `BOT_CHALLENGE_REQUIRED` known error (409): the invisible bot challenge failed and a visible one must be
 * solved. The hosted service sends it only to clients that pass `bot_challenge_phase: "invisible"`.
 */
export class BotChallengeRequired extends knownError<BotChallengeRequired>()(
  "BOT_CHALLENGE_REQUIRED",
  409,
  "An additional bot challenge is required before sign-up can continue."
) {}
/** The `BOT_CHALLENGE_FAILED` known error (400); the hosted message is the one in `details.message`. */
export class BotChallengeFailed extends knownError<BotChallengeFailed>()(
  "BOT_CHALLENGE_FAILED",
  400,
  (d) => d.message ?? "The bot challenge failed.",
  { message: Schema.optionalKey(Schema.String) }
) {}
/** The `PASSWORD_AUTHENTICATION_NOT_ENABLED` known error (400): "Password authentication is not enabled for this project." */
export class PasswordAuthenticationNotEnabled extends knownError<PasswordAuthenticationNotEnabled>()(
  "PASSWORD_AUTHENTICATION_NOT_ENABLED",
  400,
  "Password authentication is not enabled for this project."
) {}
/** The `PASSKEY_AUTHENTICATION_NOT_ENABLED` known error (400): "Passkey authentication is not enabled for this project." */
export class PasskeyAuthenticationNotEnabled extends knownError<PasskeyAuthenticationNotEnabled>()(
  "PASSKEY_AUTHENTICATION_NOT_ENABLED",
  400,
  "Passkey authentication is not enabled for this project."
) {}
/** The `ANONYMOUS_ACCOUNTS_NOT_ENABLED` known error (400): "Anonymous accounts are not enabled for this project." */
export class AnonymousAccountsNotEnabled extends knownError<AnonymousAccountsNotEnabled>()(
  "ANONYMOUS_ACCOUNTS_NOT_ENABLED",
  400,
  "Anonymous accounts are not enabled for this project."
) {}
/** The `EMAIL_PASSWORD_MISMATCH` known error (400): "Wrong e-mail or password." */
export class EmailPasswordMismatch extends knownError<EmailPasswordMismatch>()(
  "EMAIL_PASSWORD_MISMATCH",
  400,
  "Wrong e-mail or password."
) {}
/**
 * The `REDIRECT_URL_NOT_WHITELISTED` known error (400); `details.redirect_url` names the URL refused where the
 * service names it (a sign-up's verification callback, an agent's app URL, ...), else there are no details.
 */
export class RedirectUrlNotWhitelisted extends knownError<RedirectUrlNotWhitelisted>()(
  "REDIRECT_URL_NOT_WHITELISTED",
  400,
  "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Hexclave dashboard?",
  { redirect_url: Schema.optionalKey(Schema.String) }
) {}
/** The `MULTI_FACTOR_AUTHENTICATION_REQUIRED` known error (400): "Multi-factor authentication is required for this user." */
export class MultiFactorAuthenticationRequired extends knownError<MultiFactorAuthenticationRequired>()(
  "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
  400,
  "Multi-factor authentication is required for this user.",
  { attempt_code: Schema.String }
) {}
/** The `INVALID_TOTP_CODE` known error (400): "The TOTP code is invalid. Please try again." */
export class InvalidTotpCode extends knownError<InvalidTotpCode>()(
  "INVALID_TOTP_CODE",
  400,
  "The TOTP code is invalid. Please try again."
) {}
/** The `INVALID_AUTHORIZATION_CODE` known error (400): "The given authorization code is invalid." */
export class InvalidAuthorizationCode extends knownError<InvalidAuthorizationCode>()(
  "INVALID_AUTHORIZATION_CODE",
  400,
  "The given authorization code is invalid."
) {}
