import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import fc from "fast-check"
import { createHash } from "node:crypto"
import {
  codeVerifierPattern,
  newCodeVerifier,
  pkceMatches,
  s256Challenge,
  verifyPkce
} from "../../../backend/src/oauth/protocol/pkce.js"

const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".split("")
const verifier = fc.string({ unit: fc.constantFrom(...unreserved), minLength: 43, maxLength: 128 })

const reference = (v: string) =>
  createHash("sha256").update(v).digest("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")

describe("PKCE S256", () => {
  it("the challenge is base64url(sha256(verifier)) (property)", () => {
    fc.assert(fc.property(verifier, (v) => s256Challenge(v) === reference(v) && pkceMatches(v, reference(v))))
  })

  it("a different verifier fails (property)", () => {
    fc.assert(
      fc.property(verifier, verifier, (a, b) => {
        fc.pre(a !== b)
        const exit = Effect.runSyncExit(verifyPkce({ verifier: b, challenge: s256Challenge(a), method: "S256" }))
        return Exit.isFailure(exit) && !pkceMatches(b, s256Challenge(a))
      })
    )
  })

  it("matches RFC 7636 appendix B", () => {
    assert.strictEqual(
      s256Challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    )
  })

  it.effect("verifyPkce: right verifier passes; plain method, malformed verifiers and wrong ones fail", () =>
    Effect.gen(function* () {
      const v = yield* newCodeVerifier
      assert.match(v, codeVerifierPattern)
      yield* verifyPkce({ verifier: v, challenge: s256Challenge(v), method: "S256" })
      const plain = yield* Effect.flip(verifyPkce({ verifier: v, challenge: v, method: "plain" }))
      assert.strictEqual(plain._tag, "InvalidAuthorizationCode")
      const short = "abc"
      const shortError = yield* Effect.flip(
        verifyPkce({ verifier: short, challenge: s256Challenge(short), method: "S256" })
      )
      assert.strictEqual(shortError.code, "INVALID_AUTHORIZATION_CODE")
      const empty = yield* Effect.flip(verifyPkce({ verifier: v, challenge: "", method: "S256" }))
      assert.strictEqual(empty._tag, "InvalidAuthorizationCode")
    })
  )
})
