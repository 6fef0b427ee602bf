import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { decodeJwt } from "jose"
import {
  accessTokenExpiry,
  isFresh,
  lastExpiryMemo,
  unverifiedClaims
} from "../../../src/services/session/session-freshness.js"
import { unsignedJwt } from "../support/local-server.js"

const expSeconds = fc.integer({ min: 0, max: 4_000_000_000 })
const nowMs = fc.integer({ min: 0, max: 4_000_000_000_000 })
const margin = fc.integer({ min: -120_000, max: 120_000 })

describe("access-token freshness", () => {
  it("a token is fresh exactly when exp (seconds) is at least margin ms after now", () => {
    fc.assert(
      fc.property(expSeconds, nowMs, margin, (exp, now, m) => {
        const expiry = accessTokenExpiry(unsignedJwt({ sub: "u", exp }))
        assert.deepStrictEqual(expiry, { _tag: "Expires", atMs: exp * 1000 })
        assert.strictEqual(isFresh(expiry, now, m), exp * 1000 - now >= m)
      })
    )
  })

  it("the boundary: fresh at exp*1000 - margin, stale one millisecond later", () => {
    fc.assert(
      fc.property(expSeconds, fc.integer({ min: 0, max: 59_999 }), (exp, m) => {
        const expiry = accessTokenExpiry(unsignedJwt({ exp }))
        assert.isTrue(isFresh(expiry, exp * 1000 - m, m))
        assert.isFalse(isFresh(expiry, exp * 1000 - m + 1, m))
      })
    )
  })

  it("more margin or a later now never turns a stale token fresh", () => {
    fc.assert(
      fc.property(expSeconds, nowMs, margin, fc.nat(1_000_000), fc.nat(1_000_000), (exp, now, m, dm, dt) => {
        const expiry = accessTokenExpiry(unsignedJwt({ exp }))
        if (!isFresh(expiry, now, m)) {
          assert.isFalse(isFresh(expiry, now, m + dm))
          assert.isFalse(isFresh(expiry, now + dt, m))
        }
      })
    )
  })

  it("a token without exp never expires; an unreadable one is never fresh", () => {
    fc.assert(
      fc.property(nowMs, margin, fc.string(), (now, m, junk) => {
        assert.isTrue(isFresh(accessTokenExpiry(unsignedJwt({ sub: "u" })), now, m))
        const bad = accessTokenExpiry(`${junk}!`)
        assert.strictEqual(bad._tag, "Unreadable")
        assert.isFalse(isFresh(bad, now, m))
      })
    )
  })

  it("a non-numeric exp is unreadable", () => {
    assert.deepStrictEqual(accessTokenExpiry(unsignedJwt({ exp: "soon" })), { _tag: "Unreadable" })
  })
})

/** jose's `decodeJwt` is the reference; it answers by throwing, so a throw there is `undefined` here. */
const joseClaims = (token: string): unknown => {
  try {
    return { ...decodeJwt(token) }
  } catch {
    return undefined
  }
}

const b64url = (text: string) => Buffer.from(text).toString("base64url")

describe("unverified JWT claims", () => {
  it("read the same claims as jose for tokens with any JSON payload", () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), fc.string(), (payload, signature) => {
        const token = `${b64url('{"alg":"none"}')}.${b64url(payload)}.${b64url(signature)}`
        const claims = unverifiedClaims(token)
        assert.deepStrictEqual(claims === undefined ? undefined : { ...claims }, joseClaims(token))
      })
    )
  })

  it("reject what jose rejects: wrong part counts, an empty payload, bad base64url", () => {
    for (const token of [
      "",
      "a",
      "a.b",
      "a.b.c.d",
      "a..c",
      "a.!!!.c",
      `a.${b64url("[1]")}.c`,
      `a.${b64url("null")}.c`
    ]) {
      assert.strictEqual(unverifiedClaims(token), undefined)
      assert.strictEqual(joseClaims(token), undefined)
    }
  })
})

describe("the session's expiry memo", () => {
  // A few tokens drawn again and again, as a session sends the same one many times and then a new one.
  const token = fc.oneof(
    expSeconds.map((exp) => unsignedJwt({ sub: "u", exp })),
    fc.constant(unsignedJwt({ sub: "u" })),
    fc.constant(unsignedJwt({ exp: "soon" })),
    fc.string().map((junk) => `${junk}!`)
  )
  const tokenRuns = fc
    .array(token, { minLength: 1, maxLength: 6 })
    .chain((pool) => fc.array(fc.nat(pool.length - 1), { maxLength: 60 }).map((picks) => picks.map((i) => pool[i]!)))

  it("answers what decoding answers, and so the same freshness, for any sequence of tokens", () => {
    fc.assert(
      fc.property(tokenRuns, nowMs, margin, (tokens, now, m) => {
        const memo = lastExpiryMemo()
        for (const t of tokens) {
          const remembered = memo(t)
          const decoded = accessTokenExpiry(t)
          assert.deepStrictEqual(remembered, decoded)
          assert.strictEqual(isFresh(remembered, now, m), isFresh(decoded, now, m))
        }
      })
    )
  })

  it("decodes a token only when it differs from the previous one", () => {
    const memo = lastExpiryMemo()
    const a = unsignedJwt({ exp: 100 })
    const b = unsignedJwt({ exp: 200 })
    const first = memo(a)
    assert.strictEqual(memo(a), first)
    assert.deepStrictEqual(memo(b), { _tag: "Expires", atMs: 200_000 })
    assert.notStrictEqual(memo(a), first)
    assert.deepStrictEqual(memo(a), first)
  })
})
