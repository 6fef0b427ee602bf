/**
 * Signing in and out, and the password and email flows around it:
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
import * as Effect from "effect/Effect"
import { AuthAnonymousApi, AuthMfaApi, AuthOtpApi, AuthPasswordApi } from "../../contract/auth.js"
import { ContactChannelsApi } from "../../contract/contact-channels.js"
import { ExternalAuthApi } from "../../contract/external-auth.js"
import type { ExternalAuthProviderId } from "../../domain/external-auth.js"
import { SessionsApi } from "../../contract/sessions.js"
import type { EndpointSpec } from "../../contract/declaration.js"
import { type CallbackUrlRequired, NoPrimaryEmail } from "../../errors/client/email-preconditions.js"
import { NotSignedIn } from "../../errors/client/session.js"
import { type CallFailureAt, custom, functionCall, implement } from "../http/service-calls.js"
import { type KnownErrorOf, Transport } from "../http/transport.js"
import { Session } from "../session/session.js"
import { none } from "../../contract/data-keys.js"
import { ClientConfig } from "../wire/client-config.js"
import type { BotChallenge } from "../../domain/bot-challenge.js"
import { authMembers } from "./auth-flows.js"

/** What calling a declared endpoint as a client can fail with. */
type Fails<D extends EndpointSpec> = CallFailureAt<D, "client">

/** The client's own check of a confirmation field, made before anything is sent. */
type ConfirmationMismatch = KnownErrorOf<"PasswordConfirmationMismatch">

/** A completed sign-in: the session holds its tokens. */
export interface SignedIn {
  readonly userId: string
  readonly isNewUser: boolean
}

/** What `Auth.signUpWithCredential` takes: the new user's email and password. */
export interface CredentialSignUp {
  readonly email: string
  readonly password: string
  /** When given, must repeat `password` (checked here, before anything is sent). */
  readonly passwordConfirmation?: string | undefined
  /**
   * Where the verification e-mail links to: an absolute URL, or one relative to the current page (as every
   * other e-mailed link; with no page, `CallbackUrlRequired`). Default: the app's email-verification handler
   * page (the tier's or the React provider's `handlerPath`/`urls`, resolved against the current page); where
   * none can be made (a relative default in a program with no page) no verification e-mail is sent.
   */
  readonly verificationCallbackUrl?: string | undefined
  /** The bot challenge of this sign-up; default: the tier's `botChallenge` source's. */
  readonly botChallenge?: BotChallenge | undefined
}

/** What `Auth.resetPassword` takes: the code from the reset email and the new password. */
export interface PasswordReset {
  readonly code: string
  readonly password: string
  readonly passwordConfirmation?: string | undefined
}

/** What `Auth.updatePassword` takes: the current and the new password of the signed-in user. */
export interface PasswordUpdate {
  readonly oldPassword: string
  readonly newPassword: string
  readonly newPasswordConfirmation?: string | undefined
}

/** What `Auth.setPassword` takes: the first password of a signed-in user who has none. */
export interface PasswordSet {
  readonly password: string
  readonly passwordConfirmation?: string | undefined
}

/** Where an emailed link points; absolute, or relative to the current page (default: the handler route). */
export interface EmailLinkOptions {
  readonly callbackUrl?: string | undefined
}

/** Where the magic link points, and the bot challenge of the send (default: the tier's source's). */
export interface MagicLinkOptions extends EmailLinkOptions {
  readonly botChallenge?: BotChallenge | undefined
}

/**
 * InvalidInput: a request body that its shared schema refuses (e.g. an email without "@") fails before
 * anything is sent, exactly as the backend would refuse it. The known errors of each flow are those its
 * endpoint declares (contract/auth.ts), plus the client's own PasswordConfirmationMismatch where the flow
 * takes a confirmation.
 */
export type SignUpFailure = Fails<typeof AuthPasswordApi.signUp> | ConfirmationMismatch | CallbackUrlRequired

/** The errors an email and password sign-in can fail with; match on their `_tag`. */
export type CredentialSignInFailure = Fails<typeof AuthPasswordApi.signIn>

/** The errors finishing a multi-factor sign-in with a TOTP code can fail with. */
export type MfaSignInFailure = Fails<typeof AuthMfaApi.signIn>

/** The errors sending a magic-link / one-time-code email can fail with. */
export type MagicLinkSendFailure = CallbackUrlRequired | Fails<typeof AuthOtpApi.sendSignInCode>

/** The errors signing in with a magic-link code can fail with. */
export type MagicLinkSignInFailure = Fails<typeof AuthOtpApi.signIn>

/** The errors sending a password-reset email can fail with. */
export type ForgotPasswordFailure = CallbackUrlRequired | Fails<typeof AuthPasswordApi.sendResetCode>

/** The errors checking a password-reset code can fail with. */
export type VerifyPasswordResetCodeFailure = Fails<typeof AuthPasswordApi.checkResetCode>

/** The errors resetting a password with an emailed code can fail with. */
export type ResetPasswordFailure = Fails<typeof AuthPasswordApi.reset> | ConfirmationMismatch

/** The errors changing the signed-in user's password can fail with. */
export type UpdatePasswordFailure = Fails<typeof AuthPasswordApi.update>

/** The errors setting a first password can fail with. */
export type SetPasswordFailure = Fails<typeof AuthPasswordApi.set> | ConfirmationMismatch

/** What a call fails with when its body is always built to fit (the body's own check cannot fail). */
type BuiltFails<D extends EndpointSpec> = Exclude<Fails<D>, { readonly _tag: "InvalidInput" }>

/**
 * The errors sending an email-verification message can fail with (the signed-in user is read first: none
 * is `NotSignedIn`, one without a primary address `NoPrimaryEmail`).
 */
export type SendVerificationFailure =
  | NotSignedIn
  | NoPrimaryEmail
  | CallbackUrlRequired
  | BuiltFails<typeof ContactChannelsApi.sendPrimaryVerificationCode>

/** The errors redeeming an e-mail verification code can fail with. */
export type VerifyEmailFailure = BuiltFails<typeof ContactChannelsApi.verify>

/** The errors signing out can fail with: a session already over on the server (or none) is signed out, not an error. */
export type SignOutFailure = Exclude<
  Fails<typeof SessionsApi.signOut>,
  { readonly _tag: "RefreshTokenNotFoundOrExpired" | "AccessTokenExpired" }
>

/** The errors an anonymous sign-up can fail with. */
export type AnonymousSignUpFailure = Fails<typeof AuthAnonymousApi.signUp>

const nothing = (): void => undefined

/** Sign-in, sign-out and the password and email flows; on every tier (it acts on the tier's own session). */
export const AuthCalls = {
  /** Creates an account and signs it in (`isNewUser: true`). */
  signUpWithCredential: custom<(input: CredentialSignUp) => Effect.Effect<SignedIn, SignUpFailure>>(
    "function",
    AuthPasswordApi.signUp.changes
  ),
  /**
   * Creates an anonymous user (no e-mail, no password) and signs it in (`isNewUser: true`); allowed even
   * where sign-up is disabled. The service refuses an anonymous session unless the request allows it, so
   * build the tier with `allowAnonymousUser: true` (or run later calls under `allowingAnonymousUsers`);
   * `CurrentUser.get` reads such a user as `null`, `getWith({ includeAnonymous: true })` reads it.
   */
  signUpAnonymously: custom<Effect.Effect<SignedIn, AnonymousSignUpFailure>>("effect", AuthAnonymousApi.signUp.changes),
  signInWithCredential: custom<
    (input: { readonly email: string; readonly password: string }) => Effect.Effect<SignedIn, CredentialSignInFailure>
  >("function", AuthPasswordApi.signIn.changes),
  /** Completes an MFA sign-in; an empty TOTP is `InvalidTotpCode` without a request. */
  signInWithMfa: custom<(attemptCode: string, totp: string) => Effect.Effect<SignedIn, MfaSignInFailure>>(
    "function",
    AuthMfaApi.signIn.changes
  ),
  /** Emails a sign-in link and OTP; answers the nonce that `signInWithOtp` pairs with the typed OTP. */
  sendMagicLinkEmail: custom<
    (email: string, options?: MagicLinkOptions) => Effect.Effect<{ readonly nonce: string }, MagicLinkSendFailure>
  >("function", none),
  /** Signs in with the `code` of a magic link; creates the account on first use (`isNewUser: true`). */
  signInWithMagicLink: custom<(code: string) => Effect.Effect<SignedIn, MagicLinkSignInFailure>>(
    "function",
    AuthOtpApi.signIn.changes
  ),
  /** Signs in with the six characters of the email and the nonce of `sendMagicLinkEmail`. */
  signInWithOtp: custom<(otp: string, nonce: string) => Effect.Effect<SignedIn, MagicLinkSignInFailure>>(
    "function",
    AuthOtpApi.signIn.changes
  ),
  /** Emails a reset link when the address has an account; says nothing either way. */
  sendForgotPasswordEmail: custom<
    (email: string, options?: EmailLinkOptions) => Effect.Effect<void, ForgotPasswordFailure>
  >("function", none),
  /** Succeeds when the reset code can still be used (without using it). */
  verifyPasswordResetCode: functionCall(
    AuthPasswordApi.checkResetCode,
    "client",
    (code: string) => ({ body: { code }, options: { withSession: false } }),
    nothing
  ),
  /**
   * Sets a new password with the code of the reset email. Every session of the user ends, a signed-in one
   * of this client too (the service deletes all the user's refresh tokens): they sign in again.
   */
  resetPassword: custom<(input: PasswordReset) => Effect.Effect<void, ResetPasswordFailure>>(
    "function",
    AuthPasswordApi.reset.changes
  ),
  /**
   * Changes the signed-in user's password; the user's other sessions end. This session is kept because the
   * call sends its refresh token: a client holding only an access token (no refresh token stored) has every
   * session ended, this one too, as the service ends all of them when no refresh token comes with the call.
   */
  updatePassword: custom<(input: PasswordUpdate) => Effect.Effect<void, UpdatePasswordFailure>>(
    "function",
    AuthPasswordApi.update.changes
  ),
  /** Gives the signed-in user a password when they have none. */
  setPassword: custom<(input: PasswordSet) => Effect.Effect<void, SetPasswordFailure>>(
    "function",
    AuthPasswordApi.set.changes
  ),
  /** Emails a verification link to the signed-in user's primary email. */
  sendVerificationEmail: custom<(options?: EmailLinkOptions) => Effect.Effect<void, SendVerificationFailure>>(
    "function",
    none
  ),
  /** Redeems the `code` of a verification link. */
  verifyEmail: custom<(code: string) => Effect.Effect<void, VerifyEmailFailure>>(
    "function",
    ContactChannelsApi.verify.changes
  ),
  /** Ends the session on the server and here; succeeds even when the session was already invalid. */
  signOut: custom<Effect.Effect<void, SignOutFailure>>("effect", SessionsApi.signOut.changes),
  /**
   * Exchanges a session token of the app's other auth provider (Clerk, Better Auth or WorkOS, whose
   * integration the project enables in its config) for an access token of the same person here, the user made
   * on the first exchange (`isNewUser: true`). The provider keeps the session: no refresh token comes back, so
   * nothing is stored in this tier's session; send the access token with the requests made for that user, and
   * exchange a fresh provider token when it runs out. A signed-in guest of this tier is the user it upgrades.
   */
  exchangeExternalToken: functionCall(
    ExternalAuthApi.exchangeToken,
    "client",
    (providerId: ExternalAuthProviderId, token: string) => ({ body: { providerId, token } })
  )
}

export const makeAuth = implement(
  AuthCalls,
  Effect.gen(function* () {
    return authMembers(yield* ClientConfig, yield* Transport, yield* Session)
  })
)
