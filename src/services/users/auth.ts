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
import type * as Layer from "effect/Layer"
import type { AuthAnonymousApi, AuthMfaApi, AuthOtpApi, AuthPasswordApi } from "../../contract/auth.js"
import type { ContactChannelsApi } from "../../contract/contact-channels.js"
import type { SessionsApi } from "../../contract/sessions.js"
import type { EndpointSpec } from "../../contract/declaration.js"
import type { CallbackUrlRequired, NoPrimaryEmail } from "../../errors/client/email-preconditions.js"
import type { NotSignedIn } from "../../errors/client/session.js"
import { AuthMembers } from "../generated/member-kinds.js"
import type { CallFailureAt } from "../http/call.js"
import type { KnownErrorOf } from "../http/error-narrowing.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Session } from "../session/session.js"
import type { Transport } from "../http/transport.js"
import type { AuthCalls } from "./auth-calls.js"

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

/** What the Auth service offers; see its tag for the rules. Its members are declared in auth-calls.ts. */
export type AuthShape = ShapeOf<typeof AuthCalls>

/** Sign-in, sign-out and the password and email flows; on every tier (it acts on the tier's own session). */
export class Auth extends /* @__PURE__ */ Context.Service<Auth, AuthShape>()("stackfx/Auth") {
  static readonly layer: Layer.Layer<Auth, never, Transport | Session> = /* @__PURE__ */ lazyLayer(
    Auth,
    AuthMembers,
    () => import("../live.js").then((m) => m.makeAuth)
  )
}
