/** The validity of user and team keys: revoked first, then expired (strictly before now), as the service checks them. */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { userTeamApiKeyValidity } from "../../../src/domain/rules/api-key-validity.js"

const MAX = 8_640_000_000_000_000
const time = fc.integer({ min: -MAX, max: MAX })
const optionalDate = fc.option(
  time.map((t) => new Date(t)),
  { nil: null }
)

describe("user and team API key validity", () => {
  it("revoked whenever a revocation time is set, expired or not", () => {
    fc.assert(
      fc.property(optionalDate, time, time, (expiresAt, revoked, now) => {
        const validity = userTeamApiKeyValidity({ expiresAt, manuallyRevokedAt: new Date(revoked) }, now)
        assert.deepStrictEqual(validity, { _tag: "ManuallyRevoked", revokedAt: new Date(revoked) })
      })
    )
  })

  it("otherwise expired exactly when the expiry lies strictly before now; no expiry never expires", () => {
    fc.assert(
      fc.property(optionalDate, time, (expiresAt, now) => {
        const validity = userTeamApiKeyValidity({ expiresAt, manuallyRevokedAt: null }, now)
        const expired = expiresAt !== null && expiresAt.getTime() < now
        assert.deepStrictEqual(
          validity,
          expired && expiresAt !== null ? { _tag: "Expired", expiredAt: expiresAt } : { _tag: "Valid" }
        )
      })
    )
  })

  it("once expired, stays expired later; valid at the expiry's own millisecond", () => {
    fc.assert(
      fc.property(time, fc.nat(), (expires, later) => {
        const key = { expiresAt: new Date(expires), manuallyRevokedAt: null }
        assert.strictEqual(userTeamApiKeyValidity(key, expires)._tag, "Valid")
        if (expires + 1 + later <= MAX)
          assert.strictEqual(userTeamApiKeyValidity(key, expires + 1 + later)._tag, "Expired")
      })
    )
  })

  it("reads now as a Date or as milliseconds alike", () => {
    fc.assert(
      fc.property(optionalDate, optionalDate, time, (expiresAt, manuallyRevokedAt, now) => {
        const key = { expiresAt, manuallyRevokedAt }
        assert.deepStrictEqual(userTeamApiKeyValidity(key, new Date(now)), userTeamApiKeyValidity(key, now))
      })
    )
  })
})
