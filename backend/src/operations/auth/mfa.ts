/** The MFA step of sign-in: a user with a TOTP secret gets an attempt code instead of tokens. */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { type InvalidTotpCode, MultiFactorAuthenticationRequired } from "@stackfx/lib/errors/known/sign-in.js"
import { Refused } from "../../errors/refused.js"
import type { DbEffect } from "../../store/db.js"
import { findTotpSecret } from "../../store/users/users.js"
import { totpSecretFromBase64, verifyTotp } from "../../totp.js"
import {
  checkCode,
  CodePurpose,
  countFailedAttempt,
  issueCode,
  useCode,
  type VerificationCodeError
} from "../codes/verification-codes.js"

/** How long the attempt code of an MFA sign-in stays valid. */
export const MFA_ATTEMPT_TTL_MS = 10 * 60 * 1000

/**
 * Stores an MFA attempt (data: `{ user_id, is_new_user }`) and fails with the known error carrying it;
 * `/auth/mfa/sign-in` redeems it with `useCode(projectId, CodePurpose.mfaAttempt, code)`.
 */
export const requireMfa = (
  projectId: string,
  userId: string,
  isNewUser: boolean
): DbEffect<never, MultiFactorAuthenticationRequired> =>
  Effect.flatMap(
    issueCode({
      projectId,
      purpose: CodePurpose.mfaAttempt,
      ttlMillis: MFA_ATTEMPT_TTL_MS,
      userId,
      data: { user_id: userId, is_new_user: isNewUser }
    }),
    (attemptCode) => Effect.fail(new MultiFactorAuthenticationRequired({ details: { attempt_code: attemptCode } }))
  )

const isNewUserOf = (data: Schema.Json): boolean =>
  typeof data === "object" &&
  data !== null &&
  !Array.isArray(data) &&
  (data as Schema.JsonObject)["is_new_user"] === true

const attemptGone = () =>
  new Refused({
    reason: "invalid",
    message: "The user of this sign-in attempt no longer needs or has a TOTP secret. Sign in again."
  })

/**
 * The second step of an MFA sign-in: the attempt code of MULTI_FACTOR_AUTHENTICATION_REQUIRED plus the
 * current TOTP code. A wrong TOTP counts against the attempt but does not spend it, so the user can
 * retype; the attempt is spent only by a successful sign-in. Answers the user and whether the account was
 * created by the sign-in that asked for the second factor.
 */
export const completeMfaSignIn = (
  projectId: string,
  attemptCode: string,
  totp: string
): DbEffect<
  { readonly userId: string; readonly isNewUser: boolean },
  InvalidTotpCode | VerificationCodeError | Refused
> =>
  Effect.gen(function* () {
    const attempt = yield* checkCode(projectId, CodePurpose.mfaAttempt, attemptCode)
    const userId = attempt.userId
    const stored = userId === null ? null : yield* findTotpSecret(projectId, userId)
    if (userId === null || stored === null) return yield* Effect.fail(attemptGone())
    const secret = yield* Effect.mapError(totpSecretFromBase64(stored), attemptGone)
    yield* verifyTotp(secret, totp).pipe(Effect.tapError(() => countFailedAttempt(attempt)))
    yield* useCode(projectId, CodePurpose.mfaAttempt, attemptCode)
    return { userId, isNewUser: isNewUserOf(attempt.data) }
  })

/** `mfa/sign-in/check-code`: the attempt code could complete a sign-in now. */
export const checkMfaAttempt = (projectId: string, attemptCode: string): DbEffect<void, VerificationCodeError> =>
  Effect.asVoid(checkCode(projectId, CodePurpose.mfaAttempt, attemptCode))
