import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  EMAILED_CODE_LENGTH,
  newEmailedCode,
  nonceOf,
  normalizeEmailedCode,
  otpOf
} from "../../../backend/src/operations/codes/emailed-codes.js"

describe("emailed codes", () => {
  it.effect("are 45 lower-case alphanumerics, all different", () =>
    Effect.gen(function* () {
      const codes = yield* Effect.all(Array.from({ length: 200 }, () => newEmailedCode))
      for (const code of codes) {
        assert.strictEqual(code.length, EMAILED_CODE_LENGTH)
        assert.match(code, /^[a-z0-9]+$/)
      }
      assert.strictEqual(new Set(codes).size, codes.length)
    })
  )

  it.effect("split into the OTP a person types and the nonce; typed back they make the code again", () =>
    Effect.gen(function* () {
      const code = yield* newEmailedCode
      const otp = otpOf(code)
      assert.match(otp, /^[A-Z0-9]{6}$/)
      assert.strictEqual(nonceOf(code).length, EMAILED_CODE_LENGTH - 6)
      assert.strictEqual(normalizeEmailedCode(` ${otp}${nonceOf(code)} `), code)
    })
  )
})
