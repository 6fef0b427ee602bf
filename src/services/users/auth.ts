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
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { CallbackUrlRequired, NoPrimaryEmail } from "../../errors/client/email-preconditions.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { NotSignedIn } from "../../errors/client/session.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Session } from "../session/session.js"
import type { Transport } from "../http/transport.js"
import type { AuthErrors } from "./auth-errors.js"

type Fails<Method extends keyof typeof AuthErrors> = FailureOf<typeof AuthErrors, Method>

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
   * Where the verification e-mail links to. Default: the app's email-verification handler page (the tier's or
   * the React provider's `handlerPath`/`urls`, resolved against the current page); where none can be made (a
   * relative default in a program with no page) no verification e-mail is sent.
   */
  readonly verificationCallbackUrl?: string | undefined
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

/**
 * InvalidInput: a request body that its shared schema refuses (e.g. an email without "@") fails before
 * anything is sent, exactly as the backend would refuse it. The known errors of each flow, the client's own
 * PasswordConfirmationMismatch and InvalidTotpCode among them, are listed in auth-errors.ts.
 */
export type SignUpFailure = InvalidInput | Fails<"signUpWithCredential">

/** The errors an email and password sign-in can fail with; match on their `_tag`. */
export type CredentialSignInFailure = InvalidInput | Fails<"signInWithCredential">

/** The errors finishing a multi-factor sign-in with a TOTP code can fail with. */
export type MfaSignInFailure = InvalidInput | Fails<"signInWithMfa">

/** The errors sending a magic-link / one-time-code email can fail with. */
export type MagicLinkSendFailure = InvalidInput | CallbackUrlRequired | Fails<"sendMagicLinkEmail">

/** The errors signing in with a magic-link code can fail with. */
export type MagicLinkSignInFailure = InvalidInput | Fails<"signInWithMagicLink">

/** The errors sending a password-reset email can fail with. */
export type ForgotPasswordFailure = InvalidInput | CallbackUrlRequired | Fails<"sendForgotPasswordEmail">

/** The errors resetting a password with an emailed code can fail with. */
export type ResetPasswordFailure = InvalidInput | Fails<"resetPassword">

/** The errors changing the signed-in user's password can fail with. */
export type UpdatePasswordFailure = InvalidInput | Fails<"updatePassword">

/** The errors setting a first password can fail with. */
export type SetPasswordFailure = InvalidInput | Fails<"setPassword">

/** The errors sending an email-verification message can fail with. */
export type SendVerificationFailure = NotSignedIn | NoPrimaryEmail | CallbackUrlRequired | Fails<"sendVerificationEmail">

/** The errors an anonymous sign-up can fail with. */
export type AnonymousSignUpFailure = Fails<"signUpAnonymously">

/** What the Auth service offers; see its tag for the rules. */
export interface AuthShape {
  /** Creates an account and signs it in (`isNewUser: true`). */
  readonly signUpWithCredential: (input: CredentialSignUp) => Effect.Effect<SignedIn, SignUpFailure>
  /**
   * Creates an anonymous user (no e-mail, no password) and signs it in (`isNewUser: true`); allowed even
   * where sign-up is disabled. The service refuses an anonymous session unless the request allows it, so
   * build the tier with `allowAnonymousUser: true` (or run later calls under `allowingAnonymousUsers`);
   * `CurrentUser.get` reads such a user as `null`, `getWith({ includeAnonymous: true })` reads it.
   */
  readonly signUpAnonymously: Effect.Effect<SignedIn, Fails<"signUpAnonymously">>
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
  readonly verifyPasswordResetCode: (code: string) => Effect.Effect<void, InvalidInput | Fails<"verifyPasswordResetCode">>
  /**
   * Sets a new password with the code of the reset email. Every session of the user ends, a signed-in one
   * of this client too (the service deletes all the user's refresh tokens): they sign in again.
   */
  readonly resetPassword: (input: PasswordReset) => Effect.Effect<void, ResetPasswordFailure>
  /**
   * Changes the signed-in user's password; the user's other sessions end. This session is kept because the
   * call sends its refresh token: a client holding only an access token (no refresh token stored) has every
   * session ended, this one too, as the service ends all of them when no refresh token comes with the call.
   */
  readonly updatePassword: (input: PasswordUpdate) => Effect.Effect<void, UpdatePasswordFailure>
  /** Gives the signed-in user a password when they have none. */
  readonly setPassword: (input: PasswordSet) => Effect.Effect<void, SetPasswordFailure>
  /** Emails a verification link to the signed-in user's primary email. */
  readonly sendVerificationEmail: (options?: EmailLinkOptions) => Effect.Effect<void, SendVerificationFailure>
  /** Redeems the `code` of a verification link. */
  readonly verifyEmail: (code: string) => Effect.Effect<void, Fails<"verifyEmail">>
  /** Ends the session on the server and here; succeeds even when the session was already invalid. */
  readonly signOut: Effect.Effect<void, Fails<"signOut">>
}

/** Sign-in, sign-out and the password and email flows; on every tier (it acts on the tier's own session). */
export class Auth extends /* @__PURE__ */ Context.Service<Auth, AuthShape>()("stackfx/Auth") {
  static readonly layer: Layer.Layer<Auth, never, Transport | Session> = /* @__PURE__ */ lazyLayer(
    Auth,
    {
      signUpWithCredential: "function",
      signUpAnonymously: "effect",
      signInWithCredential: "function",
      signInWithMfa: "function",
      sendMagicLinkEmail: "function",
      signInWithMagicLink: "function",
      signInWithOtp: "function",
      sendForgotPasswordEmail: "function",
      verifyPasswordResetCode: "function",
      resetPassword: "function",
      updatePassword: "function",
      setPassword: "function",
      sendVerificationEmail: "function",
      verifyEmail: "function",
      signOut: "effect"
    },
    () => import("../live.js").then((m) => m.makeAuth)
  )
}
