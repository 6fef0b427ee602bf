import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import {
  generateTotp,
  newTotpSecret,
  totpCodeAt,
  totpSecretFromBase32,
  totpSecretFromBase64,
  totpSecretToBase32,
  totpSecretToBase64,
  verifyTotp
} from "../../backend/src/totp.js"

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; codes are the last six digits
const rfcSecret = { bytes: new Uint8Array(Buffer.from("12345678901234567890", "ascii")) }

const start = 1_700_000_010_000 // 10 s into a 30 s step

describe("TOTP", () => {
  it("matches the RFC 6238 test vectors", () => {
    assert.strictEqual(totpCodeAt(rfcSecret, 59_000), "287082")
    assert.strictEqual(totpCodeAt(rfcSecret, 1_111_111_109_000), "081804")
    assert.strictEqual(totpCodeAt(rfcSecret, 1_234_567_890_000), "005924")
    assert.strictEqual(totpCodeAt(rfcSecret, 2_000_000_000_000), "279037")
  })

  it.effect("the current code passes, by the Effect clock", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const code = yield* generateTotp(rfcSecret)
      assert.strictEqual(code, totpCodeAt(rfcSecret, start))
      yield* verifyTotp(rfcSecret, code)
    })
  )

  it.effect("one step of drift either way passes, two steps fail", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      yield* verifyTotp(rfcSecret, totpCodeAt(rfcSecret, start - 30_000))
      yield* verifyTotp(rfcSecret, totpCodeAt(rfcSecret, start + 30_000))
      const early = yield* Effect.flip(verifyTotp(rfcSecret, totpCodeAt(rfcSecret, start - 60_000)))
      const late = yield* Effect.flip(verifyTotp(rfcSecret, totpCodeAt(rfcSecret, start + 60_000)))
      assert.strictEqual(early._tag, "InvalidTotpCode")
      assert.strictEqual(late.code, "INVALID_TOTP_CODE")
    })
  )

  it.effect("a code stops working once the clock moves on", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const code = yield* generateTotp(rfcSecret)
      yield* TestClock.adjust("2 minutes")
      const error = yield* Effect.flip(verifyTotp(rfcSecret, code))
      assert.strictEqual(error._tag, "InvalidTotpCode")
    })
  )

  it.effect("empty, short, long and non-digit codes are invalid", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const good = totpCodeAt(rfcSecret, start)
      for (const bad of ["", "   ", good.slice(0, 5), `${good}0`, "abcdef"]) {
        const error = yield* Effect.flip(verifyTotp(rfcSecret, bad))
        assert.strictEqual(error._tag, "InvalidTotpCode", JSON.stringify(bad))
        assert.strictEqual(error.status, 400)
      }
      yield* verifyTotp(rfcSecret, `${good.slice(0, 3)} ${good.slice(3)}`)
    })
  )

  it.effect("base64 and base32 name the same secret", () =>
    Effect.gen(function* () {
      const b64 = totpSecretToBase64(rfcSecret)
      const b32 = totpSecretToBase32(rfcSecret)
      assert.strictEqual(b32, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
      const fromB64 = yield* totpSecretFromBase64(b64)
      const fromB32 = yield* totpSecretFromBase32(b32.toLowerCase())
      assert.deepStrictEqual([...fromB64.bytes], [...rfcSecret.bytes])
      assert.deepStrictEqual([...fromB32.bytes], [...rfcSecret.bytes])
      const bad = yield* Effect.flip(totpSecretFromBase64("not*base64"))
      assert.strictEqual(bad._tag, "InvalidTotpSecret")
      assert.strictEqual((yield* Effect.flip(totpSecretFromBase32("189"))).encoding, "base32")
      assert.strictEqual((yield* Effect.flip(totpSecretFromBase64(""))).encoding, "base64")
    })
  )

  it.effect("a fresh secret round-trips through base64 and yields passing codes", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const secret = yield* newTotpSecret
      assert.lengthOf(secret.bytes, 20)
      const again = yield* totpSecretFromBase64(totpSecretToBase64(secret))
      yield* verifyTotp(again, yield* generateTotp(secret))
    })
  )

  it("any secret and moment: codes are six digits and verify within one step (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 10, maxLength: 64 }),
        fc.integer({ min: 60_000, max: 4_000_000_000_000 }),
        fc.constantFrom(-30_000, 0, 30_000),
        async (bytes, now, drift) => {
          const secret = { bytes }
          const code = totpCodeAt(secret, now + drift)
          const exit = await Effect.runPromiseExit(
            Effect.andThen(TestClock.setTime(now), verifyTotp(secret, code)).pipe(Effect.provide(TestClock.layer()))
          )
          return /^\d{6}$/.test(code) && exit._tag === "Success"
        }
      ),
      { numRuns: 100 }
    )
  })
})
