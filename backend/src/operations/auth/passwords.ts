/**
 * Password changes outside sign-up: forgot / reset by emailed code, update with the old password, and
 * set for a user who has none. Errors follow the hosted service: a wrong old password is
 * PASSWORD_CONFIRMATION_MISMATCH, a user without a password USER_DOES_NOT_HAVE_PASSWORD. A reset ends
 * every session of the user (hosted resets through a users PATCH with the password, which deletes all the
 * user's refresh tokens); an update ends every session except the one whose refresh token came with it.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { PasswordConfirmationMismatch, UserDoesNotHavePassword } from "@stackfx/lib/errors/known/password.js"
import { EmailPasswordMismatch } from "@stackfx/lib/errors/known/sign-in.js"
import type { PasswordTooLong, PasswordTooShort } from "@stackfx/lib/errors/known/password.js"
import type { RedirectUrlNotWhitelisted } from "@stackfx/lib/errors/known/sign-in.js"
import { checkPasswordLength, hashPassword, type PasswordHashError, verifyPassword } from "../../crypto/password.js"
import { Refused } from "../../errors/refused.js"
import { findAuthChannelByEmail } from "../../store/users/contact-channels.js"
import { Db, type DbEffect } from "../../store/db.js"
import { findPasswordHash, setPasswordHash } from "../../store/auth/passwords.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { findRefreshToken, revokeUserRefreshTokens } from "../../store/auth/refresh-tokens.js"
import { findTotpSecret, findUserView } from "../../store/users/users.js"
import { CodeLifetimes } from "../codes/code-lifetimes.js"
import { newEmailedCode, nonceOf, redeemEmailedCode } from "../codes/emailed-codes.js"
import { checkCallbackUrl, type SendEmailError, sendCodeEmail } from "../email/email.js"
import { CodePurpose, type VerificationCodeError } from "../codes/verification-codes.js"

type PasswordRuleError = PasswordTooShort | PasswordTooLong

/**
 * Emails a reset link when the address signs someone in; says nothing either way, so the answer does
 * not reveal which addresses have accounts.
 */
export const sendResetCode = (
  project: StoredProject,
  email: string,
  callbackUrl: string
): Effect.Effect<void, RedirectUrlNotWhitelisted | SendEmailError, Db> =>
  Effect.gen(function* () {
    // Checked for every address, not only known ones, so the error cannot reveal an account either.
    yield* checkCallbackUrl(project, callbackUrl)
    const channel = yield* findAuthChannelByEmail(project.id, email)
    if (channel === undefined) return
    const user = yield* findUserView(project.id, channel.userId)
    const code = yield* newEmailedCode
    const lifetimes = yield* CodeLifetimes
    yield* sendCodeEmail({
      project,
      type: "password_reset",
      purpose: CodePurpose.passwordReset,
      ttlMillis: lifetimes.passwordReset,
      to: email,
      callbackUrl,
      userId: channel.userId,
      userDisplayName: user?.displayName ?? null,
      data: { user_id: channel.userId },
      code,
      nonce: nonceOf(code)
    })
  })

/** `reset/check-code`: the code could reset a password now. */
export const checkResetCode = (projectId: string, code: string): DbEffect<void, VerificationCodeError> =>
  Effect.asVoid(redeemEmailedCode(projectId, CodePurpose.passwordReset, code, "check"))

/**
 * Sets a new password with a reset code. The password is checked before the code is spent, so a
 * too-short password does not cost the user their link.
 */
export const resetPassword = (
  projectId: string,
  code: string,
  password: string
): DbEffect<void, VerificationCodeError | PasswordRuleError | PasswordHashError> =>
  Effect.gen(function* () {
    yield* redeemEmailedCode(projectId, CodePurpose.passwordReset, code, "check")
    yield* checkPasswordLength(password)
    const hash = yield* hashPassword(password)
    const row = yield* redeemEmailedCode(projectId, CodePurpose.passwordReset, code, "use")
    // The account may have been deleted since the email went out; there is nothing left to reset then.
    const userId = row.userId
    if (userId !== null && (yield* findUserView(projectId, userId)) !== undefined) {
      const now = new Date(yield* Clock.currentTimeMillis)
      yield* Db.transaction(
        Effect.gen(function* () {
          yield* setPasswordHash(projectId, userId, hash)
          // Whoever had the old password is signed out, the one who reset it too: they sign in again.
          yield* revokeUserRefreshTokens(projectId, userId, now)
        })
      )
    }
  })

/** Changes the password of a signed-in user who knows the current one. */
export const updatePassword = (input: {
  readonly projectId: string
  readonly userId: string
  readonly oldPassword: string
  readonly newPassword: string
  /**
   * The refresh token sent with the request (`X-Stack-Refresh-Token`): its session keeps working and every
   * other session of the user ends. Hosted ends them all, the caller's too, when the header is absent, even
   * if the access token names a session: a client holding only an access token is signed out.
   */
  readonly keepRefreshToken: string | undefined
}): DbEffect<void, PasswordRuleError | UserDoesNotHavePassword | PasswordConfirmationMismatch | PasswordHashError> =>
  Effect.gen(function* () {
    yield* checkPasswordLength(input.newPassword)
    const stored = yield* findPasswordHash(input.projectId, input.userId)
    if (stored === undefined) return yield* Effect.fail(new UserDoesNotHavePassword({}))
    const matches = yield* verifyPassword(input.oldPassword, stored)
    if (!matches) return yield* Effect.fail(new PasswordConfirmationMismatch({}))
    const hash = yield* hashPassword(input.newPassword)
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* Db.transaction(
      Effect.gen(function* () {
        yield* setPasswordHash(input.projectId, input.userId, hash)
        const kept =
          input.keepRefreshToken === undefined
            ? undefined
            : yield* findRefreshToken(input.projectId, input.keepRefreshToken)
        // Another user's refresh token keeps nothing: only this user's sessions are ended anyway.
        yield* revokeUserRefreshTokens(
          input.projectId,
          input.userId,
          now,
          kept?.userId === input.userId ? kept.id : undefined
        )
      })
    )
  })

/** Gives a password to a signed-in user who has none (e.g. signed up by magic link or OAuth). */
export const setPassword = (
  projectId: string,
  userId: string,
  password: string
): DbEffect<void, PasswordRuleError | Refused | PasswordHashError> =>
  Effect.gen(function* () {
    yield* checkPasswordLength(password)
    if ((yield* findPasswordHash(projectId, userId)) !== undefined) {
      return yield* Effect.fail(new Refused({ reason: "invalid", message: "User already has a password set." }))
    }
    yield* setPasswordHash(projectId, userId, yield* hashPassword(password))
  })

/**
 * The user an e-mail and password sign in, and whether they have a TOTP secret (the sign-in then needs its
 * second factor). Runs scrypt even without an account, so timing does not reveal which e-mails exist.
 */
export const checkCredentials = (
  projectId: string,
  email: string,
  password: string
): DbEffect<{ readonly userId: string; readonly hasTotp: boolean }, EmailPasswordMismatch | PasswordHashError> =>
  Effect.gen(function* () {
    const channel = yield* findAuthChannelByEmail(projectId, email)
    const hash = channel === undefined ? undefined : yield* findPasswordHash(projectId, channel.userId)
    const matches = yield* verifyPassword(password, hash)
    if (!matches || channel === undefined) return yield* Effect.fail(new EmailPasswordMismatch({}))
    const totpSecret = yield* findTotpSecret(projectId, channel.userId)
    return { userId: channel.userId, hasTotp: totpSecret !== null }
  })
