/**
 * The codes that travel by email (email verification, password reset, magic link / OTP), shaped like the
 * hosted service's: 45 lower-case characters. The first six, upper-cased, are the OTP a person can type;
 * the other 39 are the nonce `send-sign-in-code` answers, so `otp + nonce` is the full code.
 *
 * Attempts are counted per nonce: every submission of a code counts against each code issued under the
 * same tail, so guessing the six OTP characters of one sign-in locks it after `MAX_CODE_ATTEMPTS` tries
 * (as the hosted service does, the count is read before this attempt is added).
 */
import { randomBytes } from "node:crypto"
import * as Effect from "effect/Effect"
import type { DbEffect } from "../../store/db.js"
import { recordAttemptsByNonce } from "../../store/auth/code-attempts.js"
import type { VerificationCodeRow } from "../../store/auth/verification-codes.js"
import { checkCode, useCode, type VerificationCodeError } from "./verification-codes.js"

export const EMAILED_CODE_LENGTH = 45
export const OTP_LENGTH = 6

const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
// The largest multiple of the alphabet size below 256: bytes at or above it are redrawn, so every
// character is equally likely.
const unbiasedLimit = 256 - (256 % alphabet.length)

/** A fresh 45-character code. */
export const newEmailedCode: Effect.Effect<string> = Effect.sync(() => {
  let out = ""
  while (out.length < EMAILED_CODE_LENGTH) {
    for (const byte of randomBytes(EMAILED_CODE_LENGTH * 2)) {
      if (byte < unbiasedLimit && out.length < EMAILED_CODE_LENGTH) out += alphabet[byte % alphabet.length]
    }
  }
  return out
})

/** The tail that pairs a code with its OTP (what `send-sign-in-code` answers as `nonce`). */
export const nonceOf = (code: string): string => code.slice(OTP_LENGTH)

/** The six characters a person types, as the email shows them. */
export const otpOf = (code: string): string => code.slice(0, OTP_LENGTH).toUpperCase()

/** Codes are compared lower-cased: the email shows the OTP upper-cased. */
export const normalizeEmailedCode = (code: string): string => code.trim().toLowerCase()

/**
 * Checks (`"check"`) or uses (`"use"`) an emailed code and counts the attempt. Fails with the
 * verification-code errors: not found, already used, expired, max attempts reached.
 */
export const redeemEmailedCode = (
  projectId: string,
  purpose: string,
  rawCode: string,
  mode: "check" | "use"
): DbEffect<VerificationCodeRow, VerificationCodeError> =>
  Effect.gen(function* () {
    const code = normalizeEmailedCode(rawCode)
    const outcome = yield* Effect.exit(
      mode === "use" ? useCode(projectId, purpose, code) : checkCode(projectId, purpose, code)
    )
    if (code.length > OTP_LENGTH) yield* recordAttemptsByNonce(projectId, purpose, nonceOf(code))
    return yield* outcome
  })
