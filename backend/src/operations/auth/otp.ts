/**
 * Magic link / OTP sign-in. `send-sign-in-code` emails a link carrying a 45-character code whose first six
 * characters are the OTP and answers the rest as `nonce`; `sign-in` redeems the code (from the link, or
 * the typed OTP followed by the nonce) and signs the owner of the address in, creating the account on
 * first use when sign-up is enabled. As on the hosted service, an address that is used for sign-in but
 * not verified cannot be taken over by OTP (USER_EMAIL_ALREADY_EXISTS, would work once verified).
 */
import { RequestCountry } from "../../config.js"
import * as Effect from "effect/Effect"
import { UserEmailAlreadyExists, type UserNotFound } from "@stackfx/lib/errors/known/users.js"
import {
  type BotChallengeFailed,
  type BotChallengeRequired,
  type RedirectUrlNotWhitelisted,
  SignUpNotEnabled,
  type SignUpRejected
} from "@stackfx/lib/errors/known/sign-in.js"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { Refused } from "../../errors/refused.js"
import { findAuthChannelByEmail } from "../../store/users/contact-channels.js"
import { Db, type DbEffect } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { findUserView, updateUserColumns } from "../../store/users/users.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import {
  assessBotChallenge,
  BotChallengeAssessment,
  type BotChallengeRequest,
  requireVisibleChallengePassed
} from "./bot-challenge.js"
import { CodeLifetimes } from "../codes/code-lifetimes.js"
import { newEmailedCode, nonceOf, otpOf, redeemEmailedCode } from "../codes/emailed-codes.js"
import { type SendEmailError, sendCodeEmail } from "../email/email.js"
import { signUpUser } from "./sign-up.js"
import type { UserWriteError } from "../users/user-write-rules.js"
import { CodePurpose, type VerificationCodeError } from "../codes/verification-codes.js"

/**
 * The user who signs in with this address, with OTP sign-in switched on for them; `undefined` when
 * nobody uses it yet (then the caller may create one).
 */
export const userForOtpEmail = (
  project: StoredProject,
  email: string
): DbEffect<ServerUser | undefined, UserEmailAlreadyExists | SignUpNotEnabled> =>
  Effect.gen(function* () {
    const channel = yield* findAuthChannelByEmail(project.id, email)
    if (channel === undefined) {
      return project.config.signUpEnabled ? undefined : yield* Effect.fail(new SignUpNotEnabled({}))
    }
    if (!channel.isVerified) {
      return yield* Effect.fail(
        new UserEmailAlreadyExists({ details: { email: channel.value, would_work_if_email_was_verified: true } })
      )
    }
    yield* updateUserColumns(project.id, channel.userId, { otpAuthEnabled: true })
    return yield* findUserView(project.id, channel.userId)
  })

/** Refused (forbidden) unless the project allows magic link / OTP sign-in. */
export const requireOtpSignIn = (project: StoredProject): Effect.Effect<void, Refused> =>
  project.config.magicLinkEnabled
    ? Effect.void
    : Effect.fail(new Refused({ reason: "forbidden", message: "OTP sign-in is not enabled for this project" }))

/**
 * Emails the sign-in link and OTP; answers the nonce. The bot challenge is assessed after the address is
 * checked (the service's order) and its verdict kept with the code, for the sign-up the code may lead to; so is
 * the sending request's context (the country its headers claim): a new user is created with the context of the
 * request that sent the code, as on the service, not of the one that redeems it (often another device).
 */
export const sendSignInCode = (
  project: StoredProject,
  email: string,
  callbackUrl: string,
  botChallenge: BotChallengeRequest
): Effect.Effect<
  string,
  | UserEmailAlreadyExists
  | SignUpNotEnabled
  | RedirectUrlNotWhitelisted
  | SendEmailError
  | BotChallengeRequired
  | BotChallengeFailed
  | Refused,
  Db
> =>
  Effect.gen(function* () {
    const user = yield* userForOtpEmail(project, email)
    const assessment = yield* assessBotChallenge(botChallenge, "send_magic_link_email")
    const requestCountry = yield* RequestCountry
    const code = yield* newEmailedCode
    const lifetimes = yield* CodeLifetimes
    yield* sendCodeEmail({
      project,
      type: "magic_link",
      purpose: CodePurpose.magicLink,
      ttlMillis: lifetimes.magicLink,
      to: email,
      callbackUrl,
      data: {
        botChallenge: Schema.encodeSync(BotChallengeAssessment)(assessment),
        ...(requestCountry === undefined ? {} : { requestCountry })
      },
      userDisplayName: user?.displayName ?? null,
      recipientUserId: user?.id,
      otp: otpOf(code),
      code,
      nonce: nonceOf(code)
    })
    return nonceOf(code)
  })

export type OtpSignInError =
  | VerificationCodeError
  | UserEmailAlreadyExists
  | SignUpNotEnabled
  | SignUpRejected
  | UserNotFound
  | UserWriteError
  | BotChallengeFailed

/** Redeems a sign-in code: the signed-in user and whether the account was created now. */
export const redeemSignInCode = (
  project: StoredProject,
  code: string,
  current?: ServerUser
): Effect.Effect<{ readonly user: ServerUser; readonly isNewUser: boolean }, OtpSignInError, Db> =>
  Effect.gen(function* () {
    const row = yield* redeemEmailedCode(project.id, CodePurpose.magicLink, code, "use")
    const email = row.email ?? ""
    const existing = yield* userForOtpEmail(project, email)
    if (existing !== undefined) return { user: existing, isNewUser: false }
    // A new address: a signed-in guest (anonymous user) becomes its owner; anyone else gets a new user, unless
    // the send's visible bot challenge did not pass.
    yield* requireVisibleChallengePassed(storedAssessment(row.data))
    const created = yield* signUpUser(project, current, {
      primaryEmail: email,
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: true,
      otpAuthEnabled: true,
      signUp: { authMethod: "otp" }
    }).pipe(Effect.provideService(RequestCountry, storedCountry(row.data)))
    return { user: created, isNewUser: true }
  })

/** The country the request that sent the code claimed (none for codes stored before it was kept). */
const storedCountry = (data: Schema.Json): string | undefined =>
  typeof data === "object" &&
  data !== null &&
  !Array.isArray(data) &&
  "requestCountry" in data &&
  typeof data.requestCountry === "string"
    ? data.requestCountry
    : undefined

/** The bot-challenge verdict a sign-in code was sent with (none for codes stored before it was kept). */
const storedAssessment = (data: Schema.Json): BotChallengeAssessment | undefined =>
  typeof data === "object" && data !== null && !Array.isArray(data) && "botChallenge" in data
    ? Option.getOrUndefined(Schema.decodeUnknownOption(BotChallengeAssessment)(data.botChallenge))
    : undefined
