/** The implementation of {@link Auth}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import {
  CodeRequest,
  EmailLinkRequest,
  MfaSignInRequest,
  PasswordResetRequest,
  PasswordSetRequest,
  PasswordSignInRequest,
  PasswordSignUpRequest,
  PasswordUpdateRequest,
  ResetCodeSentResponse
} from "../../domain/auth-requests.js"
import { checkPasswordConfirmation } from "./password-confirmation.js"
import { SuccessResponse } from "../../domain/success.js"
import { OtpSendResponse, PasswordSignInResponse, SignInResponse } from "../../domain/tokens.js"
import { ClientUser } from "../../domain/user.js"
import { NoPrimaryEmail } from "../../errors/client/email-preconditions.js"
import { NotSignedIn } from "../../errors/client/session.js"
import { InvalidTotpCode } from "../../errors/known/sign-in.js"
import { isRefreshTokenError } from "../../errors/categories.js"
import type {
  AuthShape,
  CredentialSignUp,
  EmailLinkOptions,
  PasswordReset,
  PasswordSet,
  PasswordUpdate
} from "./auth.js"
import { emailCallbackUrl } from "../navigation/callback-url.js"
import { announcing } from "../changes/data-changes.js"
import { allowingAnonymousUsers, allowingRestrictedUsers } from "../http/allowed-users.js"
import { documented } from "../http/endpoint.js"
import { isGuestSession, isRestrictedSession } from "../session/guest-session.js"
import { Session } from "../session/session.js"
import { jsonBody, Transport } from "../http/transport.js"
import { authChanges } from "../changes/write-keys.js"
import { AuthErrors } from "./auth-errors.js"
import { encodeBuilt, encodeInput } from "../http/wire-codec.js"

const confirm = (password: string, confirmation: string | undefined) =>
  confirmation === undefined ? Effect.void : Effect.asVoid(Effect.fromResult(checkPasswordConfirmation(password, confirmation)))

const encodeSignUp = encodeInput(PasswordSignUpRequest)
const encodeSignIn = encodeInput(PasswordSignInRequest)
const encodeEmailLink = encodeInput(EmailLinkRequest)
const encodeCode = encodeInput(CodeRequest)
const encodeReset = encodeInput(PasswordResetRequest)
const encodeUpdate = encodeInput(PasswordUpdateRequest)
const encodeSet = encodeInput(PasswordSetRequest)
const encodeMfa = encodeInput(MfaSignInRequest)
const encodeVerification = encodeBuilt(EmailLinkRequest)
const encodeBuiltCode = encodeBuilt(CodeRequest)

const authShape = (transport: Transport["Service"], session: Session["Service"]): AuthShape => {
  const post = (path: string, body: unknown, withSession = true) => ({
    method: "POST" as const,
    path,
    body: jsonBody(body),
    withSession
  })

  const start = (answer: { readonly accessToken: string; readonly refreshToken: string }) =>
    session.setTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken })

  const signInWith = <E>(path: string, encodedBody: Effect.Effect<unknown, E>) =>
    Effect.gen(function*() {
      const body = yield* encodedBody
      const answer = yield* transport.requestJson(post(path, body, false), SignInResponse)
      yield* start(answer)
      return { userId: answer.userId, isNewUser: answer.isNewUser }
    })

  // A guest who signs up keeps their account: the request carries the guest's session (and allows it), and
  // the service upgrades that user. Anyone else signs up with no session, so a stale one cannot fail it.
  const asSignUp = (path: string, body: unknown) => post(path, body, isGuestSession(session))

  const signUpWithCredential = (input: CredentialSignUp) =>
    Effect.gen(function*() {
      yield* confirm(input.password, input.passwordConfirmation)
      // A new account gets its verification e-mail by default, linking to the app's email-verification page
      // (as the official SDK's sign-up does); only where no such URL can be made (no page to resolve the
      // handler path against, no absolute URL configured) is the sign-up sent without one, and no e-mail.
      const verificationCallbackUrl = input.verificationCallbackUrl ??
        Option.getOrUndefined(yield* Effect.option(emailCallbackUrl("emailVerification", undefined)))
      const body = yield* encodeSignUp({
        email: input.email,
        password: input.password,
        ...(verificationCallbackUrl === undefined ? {} : { verificationCallbackUrl })
      })
      const answer = yield* transport.requestJson(asSignUp("/auth/password/sign-up", body), PasswordSignInResponse)
      yield* start(answer)
      return { userId: answer.userId, isNewUser: true }
    }).pipe(
      allowingAnonymousUsers,
      documented(...AuthErrors.signUpWithCredential)
    )

  // No body, and no session: the service makes a new anonymous user whoever asks.
  const signUpAnonymously = transport.requestJson(
    { method: "POST", path: "/auth/anonymous/sign-up", withSession: false },
    PasswordSignInResponse
  ).pipe(
    Effect.tap(start),
    Effect.map((answer) => ({ userId: answer.userId, isNewUser: true })),
    documented(...AuthErrors.signUpAnonymously)
  )

  const signInWithCredential = (input: { readonly email: string; readonly password: string }) =>
    Effect.gen(function*() {
      const body = yield* encodeSignIn({ email: input.email, password: input.password })
      const answer = yield* transport.requestJson(post("/auth/password/sign-in", body, false), PasswordSignInResponse)
      yield* start(answer)
      return { userId: answer.userId, isNewUser: false }
    }).pipe(documented(...AuthErrors.signInWithCredential))

  const signInWithMfa = (attemptCode: string, totp: string) =>
    totp.trim() === ""
      ? Effect.fail(new InvalidTotpCode({}))
      : signInWith("/auth/mfa/sign-in", encodeMfa({ type: "totp", totp: totp.trim(), code: attemptCode })).pipe(
        documented(...AuthErrors.signInWithMfa)
      )

  const sendMagicLinkEmail = (email: string, options: EmailLinkOptions = {}) =>
    Effect.gen(function*() {
      const callbackUrl = yield* emailCallbackUrl("magicLinkCallback", options.callbackUrl)
      const body = yield* encodeEmailLink({ email, callbackUrl })
      return yield* transport.requestJson(post("/auth/otp/send-sign-in-code", body, false), OtpSendResponse)
    }).pipe(documented(...AuthErrors.sendMagicLinkEmail))

  // Creates the account on first use: a guest's session goes with it, as with signUpWithCredential.
  const signInWithMagicLink = (code: string) =>
    Effect.gen(function*() {
      const body = yield* encodeCode({ code })
      const answer = yield* transport.requestJson(asSignUp("/auth/otp/sign-in", body), SignInResponse)
      yield* start(answer)
      return { userId: answer.userId, isNewUser: answer.isNewUser }
    }).pipe(
      allowingAnonymousUsers,
      documented(...AuthErrors.signInWithMagicLink)
    )

  const sendForgotPasswordEmail = (email: string, options: EmailLinkOptions = {}) =>
    Effect.gen(function*() {
      const callbackUrl = yield* emailCallbackUrl("passwordReset", options.callbackUrl)
      const body = yield* encodeEmailLink({ email, callbackUrl })
      yield* transport.requestJson(post("/auth/password/send-reset-code", body, false), ResetCodeSentResponse)
    }).pipe(documented(...AuthErrors.sendForgotPasswordEmail))

  const verifyPasswordResetCode = (code: string) =>
    encodeCode({ code }).pipe(
      Effect.flatMap((body) => transport.request(post("/auth/password/reset/check-code", body, false))),
      Effect.asVoid,
      documented(...AuthErrors.verifyPasswordResetCode)
    )

  const resetPassword = (input: PasswordReset) =>
    Effect.gen(function*() {
      yield* confirm(input.password, input.passwordConfirmation)
      const body = yield* encodeReset({ code: input.code, password: input.password })
      yield* transport.requestJson(post("/auth/password/reset", body, false), SuccessResponse)
    }).pipe(
      documented(...AuthErrors.resetPassword)
    )

  const updatePassword = (input: PasswordUpdate) =>
    Effect.gen(function*() {
      yield* confirm(input.newPassword, input.newPasswordConfirmation)
      const body = yield* encodeUpdate({ oldPassword: input.oldPassword, newPassword: input.newPassword })
      yield* transport.requestJson(post("/auth/password/update", body), SuccessResponse)
    }).pipe(
      documented(...AuthErrors.updatePassword)
    )

  const setPassword = (input: PasswordSet) =>
    Effect.gen(function*() {
      yield* confirm(input.password, input.passwordConfirmation)
      const body = yield* encodeSet({ password: input.password })
      yield* transport.requestJson(post("/auth/password/set", body), SuccessResponse)
    }).pipe(
      documented(...AuthErrors.setPassword)
    )

  const sendVerificationEmail = (options: EmailLinkOptions = {}) =>
    Effect.gen(function*() {
      const callbackUrl = yield* emailCallbackUrl("emailVerification", options.callbackUrl)
      const user = yield* transport.requestJson({ method: "GET", path: "/users/me" }, ClientUser).pipe(
        Effect.catchTag("CannotGetOwnUserWithoutUser", () => Effect.fail(new NotSignedIn({})))
      )
      if (user.primaryEmail === null) return yield* Effect.fail(new NoPrimaryEmail({}))
      // The user's own stored address: it fits the schema, so a failure to encode is a defect (encodeBuilt).
      const body = yield* encodeVerification({ email: user.primaryEmail, callbackUrl })
      yield* transport.requestJson(post("/contact-channels/send-verification-code", body), SuccessResponse)
    }).pipe(
      // Verifying the e-mail is how a user restricted for an unverified one gets out of it: their session
      // must be accepted here, whatever the tier accepts elsewhere.
      allowingRestrictedUsers,
      documented(...AuthErrors.sendVerificationEmail)
    )

  const verifyEmail = (code: string) =>
    encodeBuiltCode({ code }).pipe(
      Effect.flatMap((body) => transport.requestJson(post("/contact-channels/verify", body, false), SuccessResponse)),
      // A user restricted for an unverified e-mail carries that state in their access token until it is
      // renewed: it is refreshed now (and stored), so the session is a full user's as soon as the e-mail is,
      // a page loaded next included. Whose e-mail the link was for is not known here; another user's costs
      // one refresh, and a failed refresh leaves the session as it was.
      Effect.tap(() => {
        const token = session.current()
        return token._tag === "Active" && token.accessToken !== null && isRestrictedSession(session)
          ? Effect.andThen(session.markExpired(token.accessToken), Effect.ignore(session.getTokens()))
          : Effect.void
      }),
      Effect.asVoid,
      documented(...AuthErrors.verifyEmail)
    )

  const signOut = transport.requestJson({ method: "DELETE", path: "/auth/sessions/current" }, SuccessResponse).pipe(
    // The session is already over on the server: as signed out as it gets.
    Effect.catchIf(isRefreshTokenError, () => Effect.void),
    // Any user may end their session, an anonymous or restricted one too.
    allowingAnonymousUsers,
    Effect.andThen(session.clear),
    documented(...AuthErrors.signOut)
  )

  return {
    signUpWithCredential,
    signUpAnonymously,
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

export const makeAuth: Effect.Effect<AuthShape, never, Transport | Session> = announcing(authChanges, Effect.gen(function*() {
  return authShape(yield* Transport, yield* Session)
}))
