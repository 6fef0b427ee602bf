/**
 * Signing in and out, and the password and email flows around it (SPEC.md sections 4 and 7, "Auth"):
 * credential sign-up and sign-in with the MFA step, magic link / OTP, forgot / reset / update / set
 * password, email verification and sign-out. A successful sign-in stores its tokens in the `Session`.
 *
 * MFA: a user with TOTP gets `MultiFactorAuthenticationRequired` from any sign-in; its
 * `details.attempt_code` and the six-digit code from the authenticator complete it with `signInWithMfa`.
 *
 * @example
 * const signedIn = yield* auth.signInWithCredential({ email, password }).pipe(
 *   Effect.catchTag("MultiFactorAuthenticationRequired", (mfa) =>
 *     Effect.flatMap(promptTotp, (totp) => auth.signInWithMfa(mfa.details.attempt_code, totp)))
 * )
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { checkPasswordConfirmation } from "../domain/rules/password.js"
import { SuccessResponse } from "../domain/success.js"
import { OtpSendResponse, PasswordSignInResponse, SignInResponse } from "../domain/tokens.js"
import { ClientUser } from "../domain/user.js"
import { type CallbackUrlRequired, NoPrimaryEmail } from "../errors/client/email-preconditions.js"
import { NotSignedIn } from "../errors/client/session.js"
import { PasswordConfirmationMismatch } from "../errors/known/password.js"
import { InvalidTotpCode } from "../errors/known/sign-in.js"
import { isRefreshTokenError } from "../errors/categories.js"
import { emailCallbackUrl } from "./callback-url.js"
import { type CallFailure, documented } from "./endpoint.js"
import { Session } from "./session.js"
import { jsonBody, Transport } from "./transport.js"

type VerificationTags =
  | "VerificationCodeNotFound"
  | "VerificationCodeExpired"
  | "VerificationCodeAlreadyUsed"
  | "VerificationCodeMaxAttemptsReached"

type PasswordRuleTags = "PasswordTooShort" | "PasswordTooLong"

const verificationTags = [
  "VerificationCodeNotFound",
  "VerificationCodeExpired",
  "VerificationCodeAlreadyUsed",
  "VerificationCodeMaxAttemptsReached"
] as const

/** A completed sign-in: the session holds its tokens. */
export interface SignedIn {
  readonly userId: string
  readonly isNewUser: boolean
}

export interface CredentialSignUp {
  readonly email: string
  readonly password: string
  /** When given, must repeat `password` (checked here, before anything is sent). */
  readonly passwordConfirmation?: string | undefined
  /** Where the verification email links to; without it no verification email is sent. */
  readonly verificationCallbackUrl?: string | undefined
}

export interface PasswordReset {
  readonly code: string
  readonly password: string
  readonly passwordConfirmation?: string | undefined
}

export interface PasswordUpdate {
  readonly oldPassword: string
  readonly newPassword: string
  readonly newPasswordConfirmation?: string | undefined
}

export interface PasswordSet {
  readonly password: string
  readonly passwordConfirmation?: string | undefined
}

/** Where an emailed link points; absolute, or relative to the current page (default: the handler route). */
export interface EmailLinkOptions {
  readonly callbackUrl?: string | undefined
}

export type SignUpFailure =
  | PasswordConfirmationMismatch
  | CallFailure<
    | "UserEmailAlreadyExists"
    | PasswordRuleTags
    | "SignUpNotEnabled"
    | "PasswordAuthenticationNotEnabled"
    | "RedirectUrlNotWhitelisted"
    | "MultiFactorAuthenticationRequired"
  >

export type CredentialSignInFailure = CallFailure<
  "EmailPasswordMismatch" | "PasswordAuthenticationNotEnabled" | "MultiFactorAuthenticationRequired"
>

export type MfaSignInFailure = CallFailure<"InvalidTotpCode" | VerificationTags> | InvalidTotpCode

export type MagicLinkSendFailure =
  | CallbackUrlRequired
  | CallFailure<"RedirectUrlNotWhitelisted" | "SignUpNotEnabled" | "UserEmailAlreadyExists">

export type MagicLinkSignInFailure = CallFailure<
  VerificationTags | "MultiFactorAuthenticationRequired" | "SignUpNotEnabled" | "UserEmailAlreadyExists"
>

export type ForgotPasswordFailure =
  | CallbackUrlRequired
  | CallFailure<"RedirectUrlNotWhitelisted" | "PasswordAuthenticationNotEnabled">

export type ResetPasswordFailure =
  | PasswordConfirmationMismatch
  | CallFailure<VerificationTags | PasswordRuleTags | "PasswordAuthenticationNotEnabled">

export type UpdatePasswordFailure =
  | PasswordConfirmationMismatch
  | CallFailure<
    | "PasswordConfirmationMismatch"
    | "UserDoesNotHavePassword"
    | PasswordRuleTags
    | "UserAuthenticationRequired"
    | "PasswordAuthenticationNotEnabled"
  >

export type SetPasswordFailure =
  | PasswordConfirmationMismatch
  | CallFailure<PasswordRuleTags | "UserAuthenticationRequired" | "PasswordAuthenticationNotEnabled">

export type SendVerificationFailure =
  | NotSignedIn
  | NoPrimaryEmail
  | CallbackUrlRequired
  | CallFailure<"EmailAlreadyVerified" | "EmailIsNotPrimaryEmail" | "RedirectUrlNotWhitelisted" | "UserAuthenticationRequired">

export interface AuthShape {
  /** Creates an account and signs it in (`isNewUser: true`). */
  readonly signUpWithCredential: (input: CredentialSignUp) => Effect.Effect<SignedIn, SignUpFailure>
  readonly signInWithCredential: (
    input: { readonly email: string; readonly password: string }
  ) => Effect.Effect<SignedIn, CredentialSignInFailure>
  /** Completes an MFA sign-in; an empty TOTP is `InvalidTotpCode` without a request. */
  readonly signInWithMfa: (attemptCode: string, totp: string) => Effect.Effect<SignedIn, MfaSignInFailure>
  /** Emails a sign-in link and OTP; answers the nonce that `signInWithOtp` pairs with the typed OTP. */
  readonly sendMagicLinkEmail: (
    email: string,
    options?: EmailLinkOptions
  ) => Effect.Effect<{ readonly nonce: string }, MagicLinkSendFailure>
  /** Signs in with the `code` of a magic link; creates the account on first use (`isNewUser: true`). */
  readonly signInWithMagicLink: (code: string) => Effect.Effect<SignedIn, MagicLinkSignInFailure>
  /** Signs in with the six characters of the email and the nonce of `sendMagicLinkEmail`. */
  readonly signInWithOtp: (otp: string, nonce: string) => Effect.Effect<SignedIn, MagicLinkSignInFailure>
  /** Emails a reset link when the address has an account; says nothing either way. */
  readonly sendForgotPasswordEmail: (email: string, options?: EmailLinkOptions) => Effect.Effect<void, ForgotPasswordFailure>
  /** Succeeds when the reset code can still be used (without using it). */
  readonly verifyPasswordResetCode: (code: string) => Effect.Effect<void, CallFailure<VerificationTags>>
  readonly resetPassword: (input: PasswordReset) => Effect.Effect<void, ResetPasswordFailure>
  /** Changes the signed-in user's password; other sessions of the user end. */
  readonly updatePassword: (input: PasswordUpdate) => Effect.Effect<void, UpdatePasswordFailure>
  /** Gives the signed-in user a password when they have none. */
  readonly setPassword: (input: PasswordSet) => Effect.Effect<void, SetPasswordFailure>
  /** Emails a verification link to the signed-in user's primary email. */
  readonly sendVerificationEmail: (options?: EmailLinkOptions) => Effect.Effect<void, SendVerificationFailure>
  /** Redeems the `code` of a verification link. */
  readonly verifyEmail: (code: string) => Effect.Effect<void, CallFailure<VerificationTags>>
  /** Ends the session on the server and here; succeeds even when the session was already invalid. */
  readonly signOut: Effect.Effect<void, CallFailure>
}

const confirm = (password: string, confirmation: string | undefined) =>
  confirmation === undefined ? Effect.void : Effect.asVoid(Effect.fromResult(checkPasswordConfirmation(password, confirmation)))

/** `{ success: ... }`: the hosted forgot-password answer is `"maybe, ..."` rather than `true`. */
const Acknowledged = Schema.Struct({ success: Schema.Union([Schema.Literal(true), Schema.String]) })

export const makeAuth = (transport: Transport["Service"], session: Session["Service"]): AuthShape => {
  const post = (path: string, body: unknown, withSession = true) => ({
    method: "POST" as const,
    path,
    body: jsonBody(body),
    withSession
  })

  const start = (answer: { readonly accessToken: string; readonly refreshToken: string }) =>
    session.setTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken })

  const signInWith = (path: string, body: unknown) =>
    Effect.gen(function*() {
      const answer = yield* transport.requestJson(post(path, body, false), SignInResponse)
      yield* start(answer)
      return { userId: answer.userId, isNewUser: answer.isNewUser }
    })

  const signUpWithCredential = (input: CredentialSignUp) =>
    Effect.gen(function*() {
      yield* confirm(input.password, input.passwordConfirmation)
      const answer = yield* transport.requestJson(
        post("/auth/password/sign-up", {
          email: input.email,
          password: input.password,
          ...(input.verificationCallbackUrl === undefined ? {} : { verification_callback_url: input.verificationCallbackUrl })
        }, false),
        PasswordSignInResponse
      )
      yield* start(answer)
      return { userId: answer.userId, isNewUser: true }
    }).pipe(
      documented(
        "UserEmailAlreadyExists",
        "PasswordTooShort",
        "PasswordTooLong",
        "SignUpNotEnabled",
        "PasswordAuthenticationNotEnabled",
        "RedirectUrlNotWhitelisted",
        "MultiFactorAuthenticationRequired",
        "PasswordConfirmationMismatch"
      )
    )

  const signInWithCredential = (input: { readonly email: string; readonly password: string }) =>
    Effect.gen(function*() {
      const answer = yield* transport.requestJson(
        post("/auth/password/sign-in", { email: input.email, password: input.password }, false),
        PasswordSignInResponse
      )
      yield* start(answer)
      return { userId: answer.userId, isNewUser: false }
    }).pipe(documented("EmailPasswordMismatch", "PasswordAuthenticationNotEnabled", "MultiFactorAuthenticationRequired"))

  const signInWithMfa = (attemptCode: string, totp: string) =>
    totp.trim() === ""
      ? Effect.fail(new InvalidTotpCode({}))
      : signInWith("/auth/mfa/sign-in", { type: "totp", totp: totp.trim(), code: attemptCode }).pipe(
        documented("InvalidTotpCode", ...verificationTags)
      )

  const sendMagicLinkEmail = (email: string, options: EmailLinkOptions = {}) =>
    Effect.gen(function*() {
      const callbackUrl = yield* emailCallbackUrl("magicLinkCallback", options.callbackUrl)
      return yield* transport.requestJson(
        post("/auth/otp/send-sign-in-code", { email, callback_url: callbackUrl }, false),
        OtpSendResponse
      )
    }).pipe(documented("RedirectUrlNotWhitelisted", "SignUpNotEnabled", "UserEmailAlreadyExists"))

  const signInWithMagicLink = (code: string) =>
    signInWith("/auth/otp/sign-in", { code }).pipe(
      documented(...verificationTags, "MultiFactorAuthenticationRequired", "SignUpNotEnabled", "UserEmailAlreadyExists")
    )

  const sendForgotPasswordEmail = (email: string, options: EmailLinkOptions = {}) =>
    Effect.gen(function*() {
      const callbackUrl = yield* emailCallbackUrl("passwordReset", options.callbackUrl)
      yield* transport.requestJson(
        post("/auth/password/send-reset-code", { email, callback_url: callbackUrl }, false),
        Acknowledged
      )
    }).pipe(documented("RedirectUrlNotWhitelisted", "PasswordAuthenticationNotEnabled"))

  const verifyPasswordResetCode = (code: string) =>
    Effect.asVoid(transport.request(post("/auth/password/reset/check-code", { code }, false))).pipe(
      documented(...verificationTags)
    )

  const resetPassword = (input: PasswordReset) =>
    Effect.gen(function*() {
      yield* confirm(input.password, input.passwordConfirmation)
      yield* transport.requestJson(
        post("/auth/password/reset", { code: input.code, password: input.password }, false),
        SuccessResponse
      )
    }).pipe(
      documented(
        ...verificationTags,
        "PasswordTooShort",
        "PasswordTooLong",
        "PasswordAuthenticationNotEnabled",
        "PasswordConfirmationMismatch"
      )
    )

  const updatePassword = (input: PasswordUpdate) =>
    Effect.gen(function*() {
      yield* confirm(input.newPassword, input.newPasswordConfirmation)
      yield* transport.requestJson(
        post("/auth/password/update", { old_password: input.oldPassword, new_password: input.newPassword }),
        SuccessResponse
      )
    }).pipe(
      documented(
        "PasswordConfirmationMismatch",
        "UserDoesNotHavePassword",
        "PasswordTooShort",
        "PasswordTooLong",
        "UserAuthenticationRequired",
        "PasswordAuthenticationNotEnabled"
      )
    )

  const setPassword = (input: PasswordSet) =>
    Effect.gen(function*() {
      yield* confirm(input.password, input.passwordConfirmation)
      yield* transport.requestJson(post("/auth/password/set", { password: input.password }), SuccessResponse)
    }).pipe(
      documented(
        "PasswordTooShort",
        "PasswordTooLong",
        "UserAuthenticationRequired",
        "PasswordAuthenticationNotEnabled",
        "PasswordConfirmationMismatch"
      )
    )

  const sendVerificationEmail = (options: EmailLinkOptions = {}) =>
    Effect.gen(function*() {
      const callbackUrl = yield* emailCallbackUrl("emailVerification", options.callbackUrl)
      const user = yield* transport.requestJson({ method: "GET", path: "/users/me" }, ClientUser).pipe(
        Effect.catchTag("CannotGetOwnUserWithoutUser", () => Effect.fail(new NotSignedIn({})))
      )
      if (user.primaryEmail === null) return yield* Effect.fail(new NoPrimaryEmail({}))
      yield* transport.requestJson(
        post("/contact-channels/send-verification-code", { email: user.primaryEmail, callback_url: callbackUrl }),
        SuccessResponse
      )
    }).pipe(
      documented("EmailAlreadyVerified", "EmailIsNotPrimaryEmail", "RedirectUrlNotWhitelisted", "UserAuthenticationRequired")
    )

  const verifyEmail = (code: string) =>
    Effect.asVoid(transport.requestJson(post("/contact-channels/verify", { code }, false), SuccessResponse)).pipe(
      documented(...verificationTags)
    )

  const signOut = transport.requestJson({ method: "DELETE", path: "/auth/sessions/current" }, SuccessResponse).pipe(
    // The session is already over on the server: as signed out as it gets.
    Effect.catchIf(isRefreshTokenError, () => Effect.void),
    Effect.andThen(session.clear),
    documented()
  )

  return {
    signUpWithCredential,
    signInWithCredential,
    signInWithMfa,
    sendMagicLinkEmail,
    signInWithMagicLink,
    signInWithOtp: (otp, nonce) => signInWithMagicLink(`${otp.trim().toLowerCase()}${nonce}`),
    sendForgotPasswordEmail,
    verifyPasswordResetCode,
    resetPassword,
    updatePassword,
    setPassword,
    sendVerificationEmail,
    verifyEmail,
    signOut
  }
}

/** Sign-in, sign-out and the password and email flows; on every tier (it acts on the tier's own session). */
export class Auth extends Context.Service<Auth, AuthShape>()("stackfx/Auth") {
  static readonly layer: Layer.Layer<Auth, never, Transport | Session> = Layer.effect(
    Auth,
    Effect.gen(function*() {
      return Auth.of(makeAuth(yield* Transport, yield* Session))
    })
  )
}
