/**
 * Request and answer bodies of the credential, password-reset, magic-link/OTP and MFA sign-in routes.
 *
 * The client encodes its requests with these schemas and the local backend decodes them with the same
 * ones, so both directions agree on every field name and check. Only the lazily loaded auth service and
 * the backend import this file: it stays out of the initial browser bundle.
 */
import * as Schema from "effect/Schema"
import { AbsoluteUrl } from "./absolute-url.js"
import { EmailAddress } from "./rules/email.js"
import { wireStruct } from "./wire.js"

/**
 * The bot-challenge fields the hosted service takes on the routes that may create a user (password sign-up,
 * OTP send, OAuth authorize): a Turnstile token, the phase it was solved in (`invisible` first; `visible`
 * after `BOT_CHALLENGE_REQUIRED`), or `"true"` when the page could not show a challenge at all.
 * @internal
 */
export const BotChallengeFields = {
  botChallengeToken: Schema.optionalKey(Schema.String),
  botChallengePhase: Schema.optionalKey(Schema.Literals(["invisible", "visible"])),
  botChallengeUnavailable: Schema.optionalKey(Schema.Literal("true"))
}

/** `POST /auth/password/sign-up` body. @internal */
export const PasswordSignUpRequest = wireStruct({
  email: EmailAddress,
  password: Schema.String,
  /** Where the verification email links to (absolute); without it no verification email is sent. */
  verificationCallbackUrl: Schema.optionalKey(AbsoluteUrl),
  ...BotChallengeFields
})
/** @internal */
export type PasswordSignUpRequest = typeof PasswordSignUpRequest.Type

/** `POST /auth/password/sign-in` body. @internal */
export const PasswordSignInRequest = wireStruct({ email: EmailAddress, password: Schema.String })
/** @internal */
export type PasswordSignInRequest = typeof PasswordSignInRequest.Type

/**
 * `POST /auth/password/send-reset-code`, `/auth/otp/send-sign-in-code` and
 * `/contact-channels/send-verification-code` body: who, and where the link goes.
 * @internal
 */
export const EmailLinkRequest = wireStruct({ email: EmailAddress, callbackUrl: AbsoluteUrl })
/** @internal */
export type EmailLinkRequest = typeof EmailLinkRequest.Type

/** `POST /auth/otp/send-sign-in-code` body: who, where the link goes, and the bot challenge. @internal */
export const OtpSendRequest = wireStruct({ email: EmailAddress, callbackUrl: AbsoluteUrl, ...BotChallengeFields })
/** @internal */
export type OtpSendRequest = typeof OtpSendRequest.Type

/** A body carrying only an emailed or attempt code (sign-in, check-code and verify routes). @internal */
export const CodeRequest = wireStruct({ code: Schema.String })
/** @internal */
export type CodeRequest = typeof CodeRequest.Type

/** `POST /contact-channels/{user}/{channel}/send-verification-code` body: where the link goes. @internal */
export const CallbackUrlRequest = wireStruct({ callbackUrl: AbsoluteUrl })
/** @internal */
export type CallbackUrlRequest = typeof CallbackUrlRequest.Type

/** `POST /auth/password/reset` body. @internal */
export const PasswordResetRequest = wireStruct({ code: Schema.String, password: Schema.String })
/** @internal */
export type PasswordResetRequest = typeof PasswordResetRequest.Type

/** `POST /auth/password/update` body. @internal */
export const PasswordUpdateRequest = wireStruct({ oldPassword: Schema.String, newPassword: Schema.String })
/** @internal */
export type PasswordUpdateRequest = typeof PasswordUpdateRequest.Type

/** `POST /auth/password/set` body. @internal */
export const PasswordSetRequest = wireStruct({ password: Schema.String })
/** @internal */
export type PasswordSetRequest = typeof PasswordSetRequest.Type

/** `POST /auth/mfa/sign-in` body: the attempt code of the MFA-required error plus the current TOTP code. @internal */
export const MfaSignInRequest = wireStruct({ type: Schema.Literal("totp"), totp: Schema.String, code: Schema.String })
/** @internal */
export type MfaSignInRequest = typeof MfaSignInRequest.Type

/**
 * `POST /auth/password/send-reset-code` answer. The hosted service answers a string rather than `true`
 * so that it never tells whether the address has an account.
 * @internal
 */
export const ResetCodeSentResponse = wireStruct({ success: Schema.Union([Schema.Literal(true), Schema.String]) })
/** @internal */
export type ResetCodeSentResponse = typeof ResetCodeSentResponse.Type

/** The answer of every `.../check-code` route when the code can still be used. @internal */
export const CodeCheckResponse = wireStruct({ isCodeValid: Schema.Literal(true) })
/** @internal */
export type CodeCheckResponse = typeof CodeCheckResponse.Type

/** `POST /auth/oauth/callback/apple/native` body: the identity token of a native Sign in with Apple. @internal */
export const AppleNativeSignInRequest = wireStruct({ idToken: Schema.String })
/** @internal */
export type AppleNativeSignInRequest = typeof AppleNativeSignInRequest.Type
