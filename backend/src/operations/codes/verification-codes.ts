/**
 * Single-use codes (email verification, password reset, magic link / OTP, team invitation, MFA
 * attempts, ...): random, stored hashed, expiring, attempt-limited. A check reports the four states of
 * in the hosted service's order: not found, expired, already used, max attempts reached (so a used
 * code that has since expired answers VERIFICATION_CODE_EXPIRED).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import {
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "@stackfx/lib/errors/known/verification.js"
import { randomId, randomSecret } from "../../crypto/secrets.js"
import type { DbEffect } from "../../store/db.js"
import {
  findVerificationCode,
  insertVerificationCode,
  markVerificationCodeUsed,
  recordFailedAttempt,
  type VerificationCodeRow
} from "../../store/auth/verification-codes.js"

/** The purposes in use; a code only ever answers for its own purpose. */
export const CodePurpose = {
  mfaAttempt: "mfa_attempt",
  emailVerification: "email_verification",
  passwordReset: "password_reset",
  magicLink: "magic_link",
  teamInvitation: "team_invitation",
  passkeyRegistration: "passkey_registration",
  passkeyAuthentication: "passkey_authentication",
  unsubscribeLink: "unsubscribe_link"
} as const

/** Wrong guesses a code tolerates before it is locked. */
export const MAX_CODE_ATTEMPTS = 20

export type VerificationCodeError =
  | VerificationCodeNotFound
  | VerificationCodeExpired
  | VerificationCodeAlreadyUsed
  | VerificationCodeMaxAttemptsReached

export interface IssueCodeInput {
  readonly projectId: string
  readonly purpose: string
  readonly ttlMillis: number
  readonly userId?: string | null | undefined
  readonly email?: string | null | undefined
  readonly data?: Schema.Json | undefined
  readonly callbackUrl?: string | null | undefined
  /** The code itself; 32 random bytes (base64url) when absent. */
  readonly code?: string | undefined
  readonly nonce?: string | null | undefined
}

/** Stores a new code and returns its value (the only time it exists in clear). */
export const issueCode = (input: IssueCodeInput): DbEffect<string> =>
  Effect.gen(function* () {
    const code = input.code ?? (yield* randomSecret(32))
    const now = yield* Clock.currentTimeMillis
    yield* insertVerificationCode({
      id: yield* randomId,
      projectId: input.projectId,
      purpose: input.purpose,
      code,
      nonce: input.nonce ?? null,
      userId: input.userId ?? null,
      email: input.email ?? null,
      data: input.data ?? {},
      callbackUrl: input.callbackUrl ?? null,
      createdAt: new Date(now),
      expiresAt: new Date(now + input.ttlMillis)
    })
    return code
  })

/** The state check shared by `checkCode` and `useCode`. */
const usable = (
  row: VerificationCodeRow | undefined,
  now: number
): Effect.Effect<VerificationCodeRow, VerificationCodeError> => {
  if (row === undefined) return Effect.fail(new VerificationCodeNotFound({}))
  if (row.expiresAt.getTime() <= now) return Effect.fail(new VerificationCodeExpired({}))
  if (row.usedAt !== null) return Effect.fail(new VerificationCodeAlreadyUsed({}))
  if (row.attemptCount >= MAX_CODE_ATTEMPTS) return Effect.fail(new VerificationCodeMaxAttemptsReached({}))
  return Effect.succeed(row)
}

/** Looks a code up by project and purpose, answering its row or why it cannot be used. */
export type CodeLookup = (
  projectId: string,
  purpose: string,
  code: string
) => DbEffect<VerificationCodeRow, VerificationCodeError>

/** The code's row when it can still be used, without using it (`.../check-code` endpoints). */
export const checkCode: CodeLookup = (projectId, purpose, code) =>
  Effect.gen(function* () {
    const row = yield* findVerificationCode(projectId, purpose, code)
    return yield* usable(row, yield* Clock.currentTimeMillis)
  })

/** Uses the code once; a second use (even a concurrent one) gets VERIFICATION_CODE_ALREADY_USED. */
export const useCode: CodeLookup = (projectId, purpose, code) =>
  Effect.gen(function* () {
    const row = yield* checkCode(projectId, purpose, code)
    const won = yield* markVerificationCodeUsed(projectId, row.id, new Date(yield* Clock.currentTimeMillis))
    if (!won) return yield* Effect.fail(new VerificationCodeAlreadyUsed({}))
    return row
  })

/** Counts a wrong answer given with a valid code (e.g. a wrong TOTP for an MFA attempt). */
export const countFailedAttempt = (row: VerificationCodeRow): DbEffect<void> =>
  recordFailedAttempt(row.projectId, row.id)
