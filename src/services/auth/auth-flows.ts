/**
 * The work of Auth's members (auth.ts, its table of members and their types): each sign-in storing its tokens in
 * the session, the sign-up of a guest keeping the guest's account, the emailed links' callback URLs, the password
 * confirmations checked before anything is sent, and sign-out ending a session the server may have ended already.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { AuthAnonymousApi, AuthMfaApi, AuthOtpApi, AuthPasswordApi } from "../../contract/auth.js"
import { ContactChannelsApi } from "../../contract/contact-channels.js"
import { SessionsApi } from "../../contract/sessions.js"
import { NoPrimaryEmail } from "../../errors/client/email-preconditions.js"
import { NotSignedIn } from "../../errors/client/session.js"
import { caller, type CustomPart } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { Session } from "../session/session.js"
import { CurrentUserApi } from "../../contract/current-user.js"
import { checkPasswordConfirmation } from "./password-confirmation.js"
import { InvalidTotpCode } from "../../errors/known/sign-in.js"
import { emailCallbackUrl } from "../navigation/callback-url.js"
import { allowingAnonymousUsers, allowingRestrictedUsers } from "../wire/transport-request.js"
import { isGuestSession, isRestrictedSession } from "../session/guest-session.js"
import type { ClientConfigShape } from "../wire/client-config.js"
import { challengeFields } from "./bot-challenge.js"
import type {
  AuthCalls,
  CredentialSignUp,
  PasswordReset,
  PasswordUpdate,
  PasswordSet,
  EmailLinkOptions,
  MagicLinkOptions
} from "./auth.js"

const confirm = (password: string, confirmation: string | undefined) =>
  confirmation === undefined
    ? Effect.void
    : Effect.asVoid(Effect.fromResult(checkPasswordConfirmation(password, confirmation)))

export const authMembers = (
  config: ClientConfigShape,
  transport: Transport["Service"],
  session: Session["Service"]
): CustomPart<typeof AuthCalls> => {
  const call = {
    signUp: caller(transport, AuthPasswordApi.signUp, "client"),
    signIn: caller(transport, AuthPasswordApi.signIn, "client"),
    anonymousSignUp: caller(transport, AuthAnonymousApi.signUp, "client"),
    mfaSignIn: caller(transport, AuthMfaApi.signIn, "client"),
    sendSignInCode: caller(transport, AuthOtpApi.sendSignInCode, "client"),
    otpSignIn: caller(transport, AuthOtpApi.signIn, "client"),
    sendResetCode: caller(transport, AuthPasswordApi.sendResetCode, "client"),
    reset: caller(transport, AuthPasswordApi.reset, "client"),
    update: caller(transport, AuthPasswordApi.update, "client"),
    set: caller(transport, AuthPasswordApi.set, "client"),
    currentUser: caller(transport, CurrentUserApi.get, "client"),
    sendVerificationCode: caller(transport, ContactChannelsApi.sendPrimaryVerificationCode, "client"),
    verify: caller(transport, ContactChannelsApi.verify, "client"),
    signOut: caller(transport, SessionsApi.signOut, "client")
  }
  // Sign-ins and the flows of a signed-out user go without the session: a stale one cannot fail them.
  const signedOut = { withSession: false }

  const start = (answer: { readonly accessToken: string; readonly refreshToken: string }) =>
    session.setTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken })

  // A guest who signs up keeps their account: the request carries the guest's session (and allows it), and
  // the service upgrades that user. Anyone else signs up with no session, so a stale one cannot fail it.
  const asSignUp = () => ({ withSession: isGuestSession(session) })

  const signUpWithCredential = (input: CredentialSignUp) =>
    Effect.gen(function* () {
      yield* confirm(input.password, input.passwordConfirmation)
      // A new account gets its verification e-mail by default, linking to the app's email-verification page
      // (as the official SDK's sign-up does); only where no such URL can be made (no page to resolve the
      // handler path against, no absolute URL configured) is the sign-up sent without one, and no e-mail.
      // A URL the caller gives is resolved like every other e-mailed link's: relative to the current page.
      const verificationCallbackUrl =
        input.verificationCallbackUrl === undefined
          ? Option.getOrUndefined(yield* Effect.option(emailCallbackUrl("emailVerification", undefined)))
          : yield* emailCallbackUrl("emailVerification", input.verificationCallbackUrl)
      const challenge = yield* challengeFields(config, "sign_up_with_credential", input.botChallenge)
      const answer = yield* call.signUp({
        body: {
          email: input.email,
          password: input.password,
          ...(verificationCallbackUrl === undefined ? {} : { verificationCallbackUrl }),
          ...challenge
        },
        options: asSignUp()
      })
      yield* start(answer)
      return { userId: answer.userId, isNewUser: true }
    }).pipe(allowingAnonymousUsers)

  // No body, and no session: the service makes a new anonymous user whoever asks.
  const signUpAnonymously = call.anonymousSignUp({ options: signedOut }).pipe(
    Effect.tap(start),
    Effect.map((answer) => ({ userId: answer.userId, isNewUser: true }))
  )

  const signInWithCredential = (input: { readonly email: string; readonly password: string }) =>
    Effect.gen(function* () {
      const answer = yield* call.signIn({ body: { email: input.email, password: input.password }, options: signedOut })
      yield* start(answer)
      return { userId: answer.userId, isNewUser: false }
    })

  const signInWithMfa = (attemptCode: string, totp: string) =>
    totp.trim() === ""
      ? Effect.fail(new InvalidTotpCode({}))
      : Effect.gen(function* () {
          const answer = yield* call.mfaSignIn({
            body: { type: "totp", totp: totp.trim(), code: attemptCode },
            options: signedOut
          })
          yield* start(answer)
          return { userId: answer.userId, isNewUser: answer.isNewUser }
        })

  const sendMagicLinkEmail = (email: string, options: MagicLinkOptions = {}) =>
    Effect.gen(function* () {
      const callbackUrl = yield* emailCallbackUrl("magicLinkCallback", options.callbackUrl)
      const challenge = yield* challengeFields(config, "send_magic_link_email", options.botChallenge)
      return yield* call.sendSignInCode({ body: { email, callbackUrl, ...challenge }, options: signedOut })
    })

  // Creates the account on first use: a guest's session goes with it, as with signUpWithCredential.
  const signInWithMagicLink = (code: string) =>
    Effect.gen(function* () {
      const answer = yield* call.otpSignIn({ body: { code }, options: asSignUp() })
      yield* start(answer)
      return { userId: answer.userId, isNewUser: answer.isNewUser }
    }).pipe(allowingAnonymousUsers)

  const sendForgotPasswordEmail = (email: string, options: EmailLinkOptions = {}) =>
    Effect.gen(function* () {
      const callbackUrl = yield* emailCallbackUrl("passwordReset", options.callbackUrl)
      yield* call.sendResetCode({ body: { email, callbackUrl }, options: signedOut })
    })

  const resetPassword = (input: PasswordReset) =>
    Effect.gen(function* () {
      yield* confirm(input.password, input.passwordConfirmation)
      yield* call.reset({ body: { code: input.code, password: input.password }, options: signedOut })
    })

  const updatePassword = (input: PasswordUpdate) =>
    Effect.gen(function* () {
      yield* confirm(input.newPassword, input.newPasswordConfirmation)
      yield* call.update({ body: { oldPassword: input.oldPassword, newPassword: input.newPassword } })
    })

  const setPassword = (input: PasswordSet) =>
    Effect.gen(function* () {
      yield* confirm(input.password, input.passwordConfirmation)
      yield* call.set({ body: { password: input.password } })
    })

  const sendVerificationEmail = (options: EmailLinkOptions = {}) =>
    Effect.gen(function* () {
      const callbackUrl = yield* emailCallbackUrl("emailVerification", options.callbackUrl)
      // The one known error the read may meet (nobody signed in) is `NotSignedIn` here.
      const user = yield* call
        .currentUser({})
        .pipe(Effect.catchTag("CannotGetOwnUserWithoutUser", () => Effect.fail(new NotSignedIn({}))))
      if (user.primaryEmail === null) return yield* Effect.fail(new NoPrimaryEmail({}))
      yield* call.sendVerificationCode({ body: { email: user.primaryEmail, callbackUrl } }).pipe(
        // The user's own stored address and a resolved absolute URL: they fit the schema.
        Effect.catchTag("InvalidInput", Effect.die)
      )
    }).pipe(
      // Verifying the e-mail is how a user restricted for an unverified one gets out of it: their session
      // must be accepted here, whatever the tier accepts elsewhere.
      allowingRestrictedUsers
    )

  const verifyEmail = (code: string) =>
    call.verify({ body: { code }, options: signedOut }).pipe(
      // Any string is a code.
      Effect.catchTag("InvalidInput", Effect.die),
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
      Effect.asVoid
    )

  const signOut = call.signOut({}).pipe(
    // The session is already over on the server, or there was none to send (the service answers a sign-out
    // without an access token ACCESS_TOKEN_EXPIRED): as signed out as it gets.
    Effect.catchTag(["RefreshTokenNotFoundOrExpired", "AccessTokenExpired"], () => Effect.void),
    // Any user may end their session, an anonymous or restricted one too.
    allowingAnonymousUsers,
    Effect.andThen(session.clear)
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
    resetPassword,
    updatePassword,
    setPassword,
    sendVerificationEmail,
    verifyEmail,
    signOut
  }
}
