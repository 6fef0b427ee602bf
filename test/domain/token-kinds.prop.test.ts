/**
 * The rules of the hosted service for whose token it is: the issuer and audience per kind of user, the
 * project read back from an audience, and the consistency of the restriction claims with the audience.
 */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import {
  accessTokenAudience,
  accessTokenIssuer,
  type AccessTokenKind,
  accessTokenKindOf,
  claimsMatchAudience,
  parseAccessTokenAudience
} from "../../src/domain/jwt.js"

const projectId = fc.stringMatching(/^[a-z0-9-]{1,36}$/)
const kind = fc.constantFrom<AccessTokenKind>("normal", "restricted", "anonymous")
const reasonType = fc.constantFrom("anonymous", "email_not_verified", "restricted_by_administrator")
const user = fc.record({
  isAnonymous: fc.boolean(),
  requireVerified: fc.boolean(),
  byAdmin: fc.boolean(),
  reason: reasonType
})

/** The claims the service mints for a user state (anonymous first, then restricted). */
const claimsOf = (u: { isAnonymous: boolean; requireVerified: boolean; byAdmin: boolean }) => {
  const restrictedReason = u.isAnonymous
    ? { type: "anonymous" }
    : u.requireVerified
      ? { type: "email_not_verified" }
      : u.byAdmin
        ? { type: "restricted_by_administrator" }
        : null
  return { isAnonymous: u.isAnonymous, isRestricted: restrictedReason !== null, restrictedReason }
}

describe("access token kinds", () => {
  it("names the hosted issuers and audiences", () => {
    assert.strictEqual(
      accessTokenIssuer("https://api.stack-auth.com/", "p1"),
      "https://api.stack-auth.com/api/v1/projects/p1"
    )
    assert.strictEqual(
      accessTokenIssuer("https://api.stack-auth.com", "p1", "restricted"),
      "https://api.stack-auth.com/api/v1/projects-restricted-users/p1"
    )
    assert.strictEqual(
      accessTokenIssuer("https://api.stack-auth.com", "p1", "anonymous"),
      "https://api.stack-auth.com/api/v1/projects-anonymous-users/p1"
    )
    assert.deepStrictEqual(
      (["normal", "restricted", "anonymous"] as const).map((k) => accessTokenAudience("p1", k)),
      ["p1", "p1:restricted", "p1:anon"]
    )
  })

  it("reads the project and kind back from any audience it writes", () =>
    fc.assert(
      fc.property(projectId, kind, (p, k) => {
        assert.deepStrictEqual(parseAccessTokenAudience(accessTokenAudience(p, k)), { projectId: p, kind: k })
      })
    ))

  it("refuses an audience suffix the service never writes", () =>
    fc.assert(
      fc.property(projectId, fc.string(), (p, suffix) => {
        fc.pre(suffix !== "restricted" && suffix !== "anon")
        assert.isUndefined(parseAccessTokenAudience(`${p}:${suffix}`))
      })
    ))

  it("the claims of every user state agree with the audience of its kind, and with no other", () =>
    fc.assert(
      fc.property(user, kind, (u, k) => {
        const claims = claimsOf(u)
        const own = accessTokenKindOf(claims)
        assert.strictEqual(claimsMatchAudience(claims, k), k === own)
        assert.strictEqual(own === "anonymous", u.isAnonymous, "anonymous wins")
      })
    ))

  it("refuses inconsistent claims under every audience", () =>
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.option(reasonType, { nil: null }),
        kind,
        (isAnonymous, isRestricted, reason, k) => {
          const claims = { isAnonymous, isRestricted, restrictedReason: reason === null ? null : { type: reason } }
          const consistent = (!isAnonymous || isRestricted) && isRestricted === (reason !== null)
          if (!consistent) assert.isFalse(claimsMatchAudience(claims, k))
        }
      )
    ))
})
