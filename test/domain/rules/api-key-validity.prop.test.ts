import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { apiKeyValidity, isApiKeyValid, whyApiKeyInvalid } from "../../../src/domain/rules/api-key-validity.js"

const MAX = 8_640_000_000_000_000
const time = fc.integer({ min: -MAX, max: MAX })
const revokedAt = fc.option(
  time.map((t) => new Date(t)),
  { nil: null }
)

describe("API key validity", () => {
  it("expired exactly when the expiry lies before now, whatever the revocation", () => {
    fc.assert(
      fc.property(time, time, revokedAt, (expires, now, revoked) => {
        const validity = apiKeyValidity({ expiresAt: new Date(expires), manuallyRevokedAt: revoked }, now)
        assert.strictEqual(validity._tag === "Expired", expires < now)
      })
    )
  })

  it("otherwise revoked exactly when a revocation time is set, otherwise valid", () => {
    fc.assert(
      fc.property(time, time, revokedAt, (expires, now, revoked) => {
        fc.pre(expires >= now)
        const validity = apiKeyValidity({ expiresAt: new Date(expires), manuallyRevokedAt: revoked }, now)
        if (revoked === null) assert.deepStrictEqual(validity, { _tag: "Valid" })
        else assert.deepStrictEqual(validity, { _tag: "ManuallyRevoked", revokedAt: revoked })
      })
    )
  })

  it("accepts now as a Date or as milliseconds, and the helpers agree", () => {
    fc.assert(
      fc.property(time, time, revokedAt, (expires, now, revoked) => {
        const key = { expiresAt: new Date(expires), manuallyRevokedAt: revoked }
        const validity = apiKeyValidity(key, now)
        assert.deepStrictEqual(apiKeyValidity(key, new Date(now)), validity)
        assert.strictEqual(isApiKeyValid(key, now), validity._tag === "Valid")
        assert.strictEqual(
          whyApiKeyInvalid(key, now),
          { Valid: null, Expired: "expired", ManuallyRevoked: "manually-revoked" }[validity._tag]
        )
      })
    )
  })

  it("a key expiring at this very millisecond is still valid", () => {
    const key = { expiresAt: new Date(1000), manuallyRevokedAt: null }
    assert.isTrue(isApiKeyValid(key, 1000))
    assert.isFalse(isApiKeyValid(key, 1001))
    assert.deepStrictEqual(apiKeyValidity(key, 1001), { _tag: "Expired", expiredAt: new Date(1000) })
  })
})
