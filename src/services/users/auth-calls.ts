/**
 * The members of {@link Auth}. Most store the session a call answers, so they are written by the
 * implementation (auth-live.ts) as calls of the declared endpoints (contract/auth.ts); their error channels
 * are those declarations' errors. What each member's success makes stale is its endpoint's `changes`.
 */
import type * as Effect from "effect/Effect"
import { AuthAnonymousApi, AuthMfaApi, AuthOtpApi, AuthPasswordApi } from "../../contract/auth.js"
import { ContactChannelsApi } from "../../contract/contact-channels.js"
import { SessionsApi } from "../../contract/sessions.js"
import { none } from "../../contract/data-keys.js"
import { custom, functionCall } from "../http/service-calls.js"
import type {
  AnonymousSignUpFailure,
  CredentialSignInFailure,
  CredentialSignUp,
  EmailLinkOptions,
  ForgotPasswordFailure,
  MagicLinkSendFailure,
  MagicLinkSignInFailure,
  MfaSignInFailure,
  PasswordReset,
  PasswordSet,
  PasswordUpdate,
  ResetPasswordFailure,
  SendVerificationFailure,
  SetPasswordFailure,
  SignedIn,
  SignOutFailure,
  SignUpFailure,
  UpdatePasswordFailure,
  VerifyEmailFailure
} from "./auth.js"

const nothing = (): void => undefined

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
    (email: string, options?: EmailLinkOptions) => Effect.Effect<{ readonly nonce: string }, MagicLinkSendFailure>
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
  signOut: custom<Effect.Effect<void, SignOutFailure>>("effect", SessionsApi.signOut.changes)
}
