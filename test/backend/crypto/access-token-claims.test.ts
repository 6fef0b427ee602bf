/**
 * The local backend's check of its own access tokens beyond the signature: `iss` must name the project under a
 * base URL the local backend answers on, and neither `nbf` nor `iat` may lie ahead of the clock by more than the
 * 30 s tolerance. A token failing either is UNPARSABLE_ACCESS_TOKEN, as a failed claim check is for the
 * hosted service. Tokens are signed here with the project's key, so only the claims are wrong.
 */
import { generateKeyPairSync } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { SignJWT } from "jose"
import { AccessTokens } from "../../../backend/src/crypto/access-tokens.js"
import { SigningKeys, type SigningKey } from "../../../backend/src/crypto/signing-keys.js"
import { makeTokenIssuers } from "../../../backend/src/crypto/token-issuers.js"
import { loopbackAliases } from "../../../src/domain/rules/hosts.js"
import { LocalBackendConfig, RequestBaseUrl } from "../../../backend/src/config.js"

const PROJECT = "proj-claims"
const BASE = "http://127.0.0.1:8102"
const ISSUER = `${BASE}/api/v1/projects/${PROJECT}`
const NOW_S = 1_900_000_000
const TOLERANCE_S = 30
const HOUR_S = 3_600

const pair = generateKeyPairSync("ec", { namedCurve: "P-256" })
const key: SigningKey = {
  kid: "kid-1",
  projectId: PROJECT,
  kind: "normal",
  generation: 1,
  createdAt: new Date(0),
  privateKey: pair.privateKey,
  publicKey: pair.publicKey,
  publicJwk: { ...pair.publicKey.export({ format: "jwk" }), kid: "kid-1" }
}

const keysLayer = Layer.succeed(
  SigningKeys,
  SigningKeys.of({
    signer: () => Effect.succeed(key),
    verifier: (projectId, kid) => Effect.succeed(projectId === PROJECT && kid === key.kid ? key : undefined),
    jwks: () => Effect.succeed({ keys: [key.publicJwk] }),
    rotate: () => Effect.void,
    invalidate: () => Effect.void
  })
)

const tokensLayer = AccessTokens.layer.pipe(
  Layer.provide(keysLayer),
  Layer.provide(Layer.succeed(LocalBackendConfig, { baseUrl: BASE, publicUrls: [], accessTokenLifetimeSeconds: 600 }))
)

/** A token as the local backend would mint it, with `overrides` (undefined removes a claim). */
const sign = (overrides: Readonly<Record<string, unknown>> = {}) => {
  const claims: Record<string, unknown> = {
    sub: "user-1",
    refresh_token_id: "rt-1",
    aud: PROJECT,
    iss: ISSUER,
    iat: NOW_S - 5,
    exp: NOW_S + 600
  }
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete claims[name]
    else claims[name] = value
  }
  return Effect.promise(() =>
    new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" }).sign(key.privateKey)
  )
}

/** What verifying the token answers: "ok" or the failure's tag. */
const outcome = (token: string, requestBaseUrl?: string) =>
  Effect.gen(function* () {
    const tokens = yield* AccessTokens
    const verify = tokens.verify(token)
    const result = yield* Effect.result(
      requestBaseUrl === undefined ? verify : Effect.provideService(verify, RequestBaseUrl, requestBaseUrl)
    )
    return result._tag === "Success" ? "ok" : result.failure._tag
  })

const atNow = <A, E>(effect: Effect.Effect<A, E, AccessTokens>) =>
  Effect.andThen(TestClock.setTime(NOW_S * 1000), effect).pipe(Effect.provide(tokensLayer))

/** Runs an async fast-check property inside the test's Effect context (its TestClock included). */
const property = <T>(arb: fc.Arbitrary<T>, check: (value: T) => Effect.Effect<void, never, AccessTokens>) =>
  Effect.gen(function* () {
    const context = yield* Effect.context<AccessTokens>()
    const run = Effect.runPromiseWith(context)
    yield* Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(arb, (value) => run(check(value))),
        { numRuns: 40 }
      )
    )
  })

describe("access token claims", () => {
  it.effect("a token with the local backend's issuer and past iat is accepted", () =>
    atNow(
      Effect.gen(function* () {
        assert.strictEqual(yield* outcome(yield* sign()), "ok")
        assert.strictEqual(
          yield* outcome(yield* sign({ iat: undefined })),
          "ok",
          "iat is optional, as for the hosted service"
        )
      })
    )
  )

  const wrongIssuers: ReadonlyArray<readonly [string, string | undefined]> = [
    ["the hosted service's issuer", "https://access-token.jwt-signature.stack-auth.com"],
    ["another project's path", `${BASE}/api/v1/projects/other-project`],
    ["a host the local backend does not answer on", `http://evil.test:8102/api/v1/projects/${PROJECT}`],
    ["another port", `http://127.0.0.1:9999/api/v1/projects/${PROJECT}`],
    ["a longer path", `${ISSUER}/x`],
    ["no issuer at all", undefined]
  ]
  for (const [name, iss] of wrongIssuers) {
    it.effect(`refuses ${name} as UNPARSABLE_ACCESS_TOKEN`, () =>
      atNow(
        Effect.gen(function* () {
          assert.strictEqual(yield* outcome(yield* sign({ iss })), "UnparsableAccessToken")
          // Checked on every use, not only the first one that fills the cache.
          assert.strictEqual(yield* outcome(yield* sign({ iss })), "UnparsableAccessToken")
        })
      )
    )
  }

  it.effect("accepts the loopback aliases of its base URL and the base URL of the current request", () =>
    atNow(
      Effect.gen(function* () {
        for (const base of ["http://localhost:8102", "http://[::1]:8102"]) {
          assert.strictEqual(yield* outcome(yield* sign({ iss: `${base}/api/v1/projects/${PROJECT}` })), "ok", base)
        }
        const proxied = yield* sign({ iss: `http://local-backend:8102/api/v1/projects/${PROJECT}` })
        assert.strictEqual(yield* outcome(proxied, "http://local-backend:8102"), "ok")
        // The same (now cached) token at a base URL it does not name is refused again.
        assert.strictEqual(yield* outcome(proxied), "UnparsableAccessToken")
      })
    )
  )

  it.effect("an iat or nbf up to 30 s ahead is accepted, any later one refused", () =>
    atNow(
      property(
        fc.record({ claim: fc.constantFrom("iat", "nbf"), ahead: fc.integer({ min: -HOUR_S, max: 2 * HOUR_S }) }),
        ({ claim, ahead }) =>
          Effect.gen(function* () {
            const token = yield* sign({ [claim]: NOW_S + ahead })
            const expected = ahead <= TOLERANCE_S ? "ok" : "UnparsableAccessToken"
            assert.strictEqual(yield* outcome(token), expected, `${claim} ${ahead} s ahead`)
          })
      )
    )
  )

  it.effect("an iat or nbf an hour ahead is refused even when the token is otherwise fine", () =>
    atNow(
      Effect.gen(function* () {
        assert.strictEqual(yield* outcome(yield* sign({ iat: NOW_S + HOUR_S })), "UnparsableAccessToken")
        assert.strictEqual(yield* outcome(yield* sign({ nbf: NOW_S + HOUR_S })), "UnparsableAccessToken")
        assert.strictEqual(yield* outcome(yield* sign({ nbf: NOW_S + TOLERANCE_S + 1 })), "UnparsableAccessToken")
        assert.strictEqual(yield* outcome(yield* sign({ nbf: NOW_S + TOLERANCE_S })), "ok")
      })
    )
  )
})

describe("token issuers", () => {
  it("names the loopback hosts of a loopback base URL, and only the origin of any other", () => {
    assert.deepStrictEqual(loopbackAliases("http://localhost:8102/"), [
      "http://localhost:8102",
      "http://127.0.0.1:8102",
      "http://[::1]:8102"
    ])
    assert.deepStrictEqual(loopbackAliases("https://auth.example.test"), ["https://auth.example.test"])
  })

  it("accepts a base URL once a token was minted under it, up to the limit", () => {
    const issuers = makeTokenIssuers(BASE, 4)
    const at = (base: string) => `${base}/api/v1/projects/${PROJECT}`
    assert.isFalse(issuers.accepts(at("http://local-backend:8102"), PROJECT, undefined))
    issuers.minted("http://local-backend:8102/")
    assert.isTrue(issuers.accepts(at("http://local-backend:8102"), PROJECT, undefined))
    assert.isFalse(issuers.accepts(at("http://local-backend:8102"), "other", undefined), "another project's path")
    issuers.minted("http://full.test")
    assert.isFalse(issuers.accepts(at("http://full.test"), PROJECT, undefined), "the fifth base URL is not remembered")
    assert.isTrue(
      issuers.accepts(at("http://full.test"), PROJECT, "http://full.test"),
      "the current request's always counts"
    )
  })
})
