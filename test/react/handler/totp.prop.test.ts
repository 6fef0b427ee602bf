import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { HOTP, Secret } from "otpauth"
import { base64Encode, secretFromBytes, totpCodeAt, verifyTotpCode } from "../../../src/react/handler/totp.js"
import { base32Encode } from "../../../src/domain/rules/totp.js"

const RUNS = { numRuns: 60 }

const secretBytes = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => new Uint8Array(b))

/** Runs an async fast-check property inside the test's Effect context (its TestClock included). */
const property = <T>(arb: fc.Arbitrary<T>, check: (value: T) => Effect.Effect<void, unknown>) =>
  Effect.gen(function* () {
    const context = yield* Effect.context<never>()
    const run = Effect.runPromiseWith(context)
    yield* Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(arb, (value) => run(check(value))),
        RUNS
      )
    )
  })

/** The reference: the otpauth package, which authenticator-compatible servers use. */
const referenceCode = (bytes: Uint8Array<ArrayBuffer>, counter: number): string =>
  HOTP.generate({ secret: new Secret({ buffer: bytes.slice().buffer }), counter, digits: 6, algorithm: "SHA1" })

describe("totp encodings", () => {
  it("base32 is what otpauth decodes back to the same bytes", () => {
    fc.assert(
      fc.property(secretBytes, (bytes) => {
        const encoded = base32Encode(bytes)
        assert.match(encoded, /^[A-Z2-7]*$/)
        assert.strictEqual(encoded.length, Math.ceil((bytes.length * 8) / 5))
        assert.deepStrictEqual(Array.from(new Uint8Array(Secret.fromBase32(encoded).buffer)), Array.from(bytes))
      }),
      RUNS
    )
  })

  it("base64 is standard base64", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        assert.strictEqual(base64Encode(bytes), Buffer.from(bytes).toString("base64"))
      }),
      RUNS
    )
  })
})

describe("totp codes", () => {
  it.effect("totpCodeAt agrees with otpauth for any secret and counter", () =>
    property(fc.record({ bytes: secretBytes, counter: fc.integer({ min: 0, max: 2 ** 40 }) }), ({ bytes, counter }) =>
      Effect.map(totpCodeAt(secretFromBytes(bytes), counter), (code) => {
        assert.match(code, /^[0-9]{6}$/)
        assert.strictEqual(code, referenceCode(bytes, counter))
      })
    )
  )

  it.effect("verifyTotpCode accepts the codes of the current step and its neighbours, and no code further away", () =>
    property(
      fc.record({
        bytes: secretBytes,
        millis: fc.integer({ min: 60_000, max: 4_000_000_000_000 }),
        far: fc.integer({ min: 2, max: 1000 }),
        sign: fc.constantFrom(-1, 1)
      }),
      ({ bytes, millis, far, sign }) =>
        Effect.gen(function* () {
          const secret = secretFromBytes(bytes)
          yield* TestClock.setTime(millis)
          const step = Math.floor(millis / 30_000)
          const window = [step - 1, step, step + 1].map((counter) => referenceCode(bytes, counter))
          for (const code of window) assert.isTrue(yield* verifyTotpCode(secret, code), code)
          const distant = referenceCode(bytes, step + sign * far)
          // A distant step can share its six digits with a step of the window by chance (about 3 in a million).
          assert.strictEqual(yield* verifyTotpCode(secret, distant), window.includes(distant))
        })
    )
  )
})
