/** The state check of single-use codes: the hosted service's order is not found, expired, already used, max attempts. */
import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import {
  checkCode,
  countFailedAttempt,
  issueCode,
  MAX_CODE_ATTEMPTS,
  useCode
} from "../../../backend/src/operations/codes/verification-codes.js"
import { layerDb } from "../../../backend/src/store/layer.js"
import type { VerificationCodeRow } from "../../../backend/src/store/auth/verification-codes.js"

const TTL_MS = 60_000
const issue = issueCode({ projectId: "internal", purpose: "email_verification", ttlMillis: TTL_MS })
const tagOf = (code: string) =>
  Effect.map(Effect.flip(checkCode("internal", "email_verification", code)), (e) => e._tag)

/** Records every wrong guess a code tolerates against the row of a code found before. */
const exhaust = (row: VerificationCodeRow) =>
  Effect.forEach(Array.from({ length: MAX_CODE_ATTEMPTS }), () => countFailedAttempt(row), { discard: true })

const rowOf = (code: string) => checkCode("internal", "email_verification", code)

layer(layerDb("memory"), { timeout: "60 seconds" })("verification codes", (it) => {
  it.effect("an unknown code, or one of another purpose, is not found", () =>
    Effect.gen(function* () {
      const code = yield* issue
      assert.strictEqual(yield* tagOf("no-such-code"), "VerificationCodeNotFound")
      const otherPurpose = yield* Effect.flip(checkCode("internal", "password_reset", code))
      assert.strictEqual(otherPurpose._tag, "VerificationCodeNotFound")
    })
  )

  it.effect("a used code that has also expired is expired; a used one still in time is already used", () =>
    Effect.gen(function* () {
      const code = yield* issue
      yield* useCode("internal", "email_verification", code)
      assert.strictEqual(yield* tagOf(code), "VerificationCodeAlreadyUsed")
      const again = yield* Effect.flip(useCode("internal", "email_verification", code))
      assert.strictEqual(again._tag, "VerificationCodeAlreadyUsed")
      yield* TestClock.adjust(TTL_MS)
      assert.strictEqual(yield* tagOf(code), "VerificationCodeExpired")
    })
  )

  it.effect("expiry also comes before max attempts, and a used code before max attempts", () =>
    Effect.gen(function* () {
      const locked = yield* issue
      yield* exhaust(yield* rowOf(locked))
      assert.strictEqual(yield* tagOf(locked), "VerificationCodeMaxAttemptsReached")

      const usedThenLocked = yield* issue
      const row = yield* rowOf(usedThenLocked)
      yield* useCode("internal", "email_verification", usedThenLocked)
      yield* exhaust(row)
      assert.strictEqual(yield* tagOf(usedThenLocked), "VerificationCodeAlreadyUsed")

      yield* TestClock.adjust(TTL_MS)
      assert.strictEqual(yield* tagOf(locked), "VerificationCodeExpired")
    })
  )
})
