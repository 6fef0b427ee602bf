import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { afterEach, vi } from "vitest"
import {
  base64Encode,
  generateTotpSecret,
  otpauthUri,
  secretFromBytes,
  totpCodeAt,
  verifyTotpCode
} from "../../../src/react/handler/totp.js"
import { base32Encode } from "../../../src/domain/rules/totp.js"

const bytes = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Array.from(text, (c) => c.charCodeAt(0)))

/** The shared secret of the test vectors of RFC 4226 appendix D and RFC 6238 appendix B (SHA-1). */
const rfcSecret = secretFromBytes(bytes("12345678901234567890"))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("base32Encode and base64Encode", () => {
  it("encode the RFC 4648 test vectors (base32 without padding)", () => {
    const base32: ReadonlyArray<readonly [string, string]> = [
      ["", ""],
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"]
    ]
    for (const [text, encoded] of base32) assert.strictEqual(base32Encode(bytes(text)), encoded, text)
    assert.strictEqual(base64Encode(bytes("foobar")), "Zm9vYmFy")
    assert.strictEqual(base64Encode(bytes("fo")), "Zm8=")
    assert.strictEqual(base64Encode(new Uint8Array([0xff, 0xfe, 0x00])), "//4A")
  })

  it("secretFromBytes keeps the bytes and both encodings", () => {
    const secret = secretFromBytes(bytes("foobar"))
    assert.deepStrictEqual(Array.from(secret.bytes), Array.from(bytes("foobar")))
    assert.strictEqual(secret.base32, "MZXW6YTBOI")
    assert.strictEqual(secret.base64, "Zm9vYmFy")
  })
})

describe("otpauthUri", () => {
  it("is the key URI format authenticator apps import, with issuer and account escaped", () => {
    assert.strictEqual(
      otpauthUri(secretFromBytes(bytes("foobar")), { issuer: "Acme & Co", account: "ann@example.com" }),
      "otpauth://totp/Acme%20%26%20Co:ann%40example.com?secret=MZXW6YTBOI&issuer=Acme%20%26%20Co&algorithm=SHA1&digits=6&period=30"
    )
  })
})

describe("totpCodeAt", () => {
  it.effect("gives the six-digit codes of RFC 4226 appendix D", () =>
    Effect.gen(function* () {
      const expected = [
        "755224",
        "287082",
        "359152",
        "969429",
        "338314",
        "254676",
        "287922",
        "162583",
        "399871",
        "520489"
      ]
      const codes = yield* Effect.forEach(expected, (_, counter) => totpCodeAt(rfcSecret, counter))
      assert.deepStrictEqual(codes, expected)
    })
  )

  it.effect("fails with WebCryptoUnavailable when the page has no Web Crypto", () =>
    Effect.gen(function* () {
      vi.stubGlobal("crypto", undefined)
      const error = yield* Effect.flip(totpCodeAt(rfcSecret, 0))
      assert.strictEqual(error._tag, "WebCryptoUnavailable")
      assert.match(error.message, /Web Crypto is unavailable/)
    })
  )
})

describe("verifyTotpCode", () => {
  it.effect("accepts the RFC 6238 codes (last six digits) at their times, by the clock", () =>
    Effect.gen(function* () {
      const vectors: ReadonlyArray<readonly [number, string]> = [
        [59, "287082"],
        [1111111109, "081804"],
        [1111111111, "050471"],
        [1234567890, "005924"],
        [2000000000, "279037"],
        [20000000000, "353130"]
      ]
      for (const [seconds, code] of vectors) {
        yield* TestClock.setTime(seconds * 1000)
        assert.isTrue(yield* verifyTotpCode(rfcSecret, code), `${code} at ${seconds}`)
      }
    })
  )

  it.effect("accepts the neighbouring steps' codes, not those two steps away", () =>
    Effect.gen(function* () {
      // Step 1 of RFC 4226 is the time 30..59 s; its neighbours are counters 0 and 2.
      yield* TestClock.setTime(45_000)
      assert.isTrue(yield* verifyTotpCode(rfcSecret, "755224"))
      assert.isTrue(yield* verifyTotpCode(rfcSecret, "287082"))
      assert.isTrue(yield* verifyTotpCode(rfcSecret, "359152"))
      assert.isFalse(yield* verifyTotpCode(rfcSecret, "969429"))
      yield* TestClock.setTime(125_000)
      assert.isFalse(yield* verifyTotpCode(rfcSecret, "287082"))
    })
  )

  it.effect("ignores spaces in the typed code and refuses anything but six digits", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(59_000)
      assert.isTrue(yield* verifyTotpCode(rfcSecret, " 287 082 "))
      for (const typed of ["", "28708", "2870820", "28708a", "287-082", "２８７０８２"]) {
        assert.isFalse(yield* verifyTotpCode(rfcSecret, typed), JSON.stringify(typed))
      }
    })
  )
})

describe("generateTotpSecret", () => {
  it.effect("makes a 160-bit secret from the platform's generator, a new one each time", () =>
    Effect.gen(function* () {
      const a = yield* generateTotpSecret
      const b = yield* generateTotpSecret
      assert.strictEqual(a.bytes.length, 20)
      assert.strictEqual(a.base32.length, 32)
      assert.match(a.base32, /^[A-Z2-7]{32}$/)
      assert.deepStrictEqual(a, secretFromBytes(a.bytes))
      assert.notDeepEqual(Array.from(a.bytes), Array.from(b.bytes))
    })
  )

  it.effect("fails with WebCryptoUnavailable when the page has no Web Crypto", () =>
    Effect.gen(function* () {
      vi.stubGlobal("crypto", undefined)
      const error = yield* Effect.flip(generateTotpSecret)
      assert.strictEqual(error._tag, "WebCryptoUnavailable")
    })
  )
})
