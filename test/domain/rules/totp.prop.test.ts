import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import { Secret, TOTP } from "otpauth"
import {
  base32Decode,
  base32Encode,
  normalizeTotpCode,
  totpStepAt,
  totpStepsAround
} from "../../../src/domain/rules/totp.js"
import { totpCodeAt as backendCodeAt } from "../../../backend/src/totp.js"
import { secretFromBytes, totpCodeAt as pageCodeAt } from "../../../src/react/handler/totp.js"

const RUNS = { numRuns: 100 }
const secretBytes = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => new Uint8Array(b))
// Any moment from 1970 to 2100, in milliseconds.
const moment = fc.integer({ min: 0, max: 4_102_444_800_000 })

describe("the shared TOTP rules", () => {
  it("base32 decodes what it encodes, and agrees with otpauth both ways", () => {
    fc.assert(
      fc.property(secretBytes, (bytes) => {
        const encoded = base32Encode(bytes)
        assert.deepStrictEqual(base32Decode(encoded), bytes)
        assert.strictEqual(encoded, new Secret({ buffer: bytes.slice().buffer }).base32)
        assert.deepStrictEqual(new Uint8Array(Secret.fromBase32(encoded).bytes), bytes)
        // What people type: lower case, spaces, padding.
        const typed = `${encoded.toLowerCase().replace(/(.{4})/g, "$1 ")}===`
        assert.deepStrictEqual(base32Decode(typed), bytes)
      }),
      RUNS
    )
  })

  it("base32 refuses a character outside the alphabet", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("0", "1", "8", "9", "!", "é", "-"), (prefix, bad) => {
        assert.strictEqual(base32Decode(`${prefix.replace(/[^A-Za-z2-7]/g, "")}${bad}`), undefined)
      }),
      RUNS
    )
  })

  it("accepts the step of a moment and its two neighbours, nothing else", () => {
    fc.assert(
      fc.property(moment, (now) => {
        const step = totpStepAt(now)
        assert.deepStrictEqual(totpStepsAround(now), [step - 1, step, step + 1])
        assert.strictEqual(step, Math.floor(now / 30_000))
      }),
      RUNS
    )
  })

  it("a code is six digits, spaces forgiven", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const normalized = normalizeTotpCode(text)
        const digits = text.replace(/\s+/g, "")
        assert.strictEqual(normalized, /^[0-9]{6}$/.test(digits) ? digits : undefined)
      }),
      RUNS
    )
    assert.strictEqual(normalizeTotpCode(" 123 456 "), "123456")
  })

  it.effect("the backend (node:crypto), the set-up page (Web Crypto) and otpauth give the same code", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(secretBytes, moment, async (bytes, now) => {
          const backend = backendCodeAt({ bytes }, now)
          const page = await Effect.runPromise(pageCodeAt(secretFromBytes(bytes), totpStepAt(now)))
          const reference = TOTP.generate({ secret: new Secret({ buffer: bytes.slice().buffer }), timestamp: now })
          assert.strictEqual(backend, reference)
          assert.strictEqual(page, reference)
        }),
        RUNS
      )
    )
  )
})
