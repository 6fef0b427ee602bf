import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import type { JWK } from "jose"
import { ClientConfig, makeClientConfig } from "../../../src/services/wire/client-config.js"
import { makeTokenVerifier, TokenVerifier } from "../../../src/services/app-server/jwt-verify.js"
import { Fetch, type FetchFn } from "../../../src/services/wire/transport-request.js"
import { b64, claimsFor, esKey, NOW_S, PROJECT, refusalOf, withJwks } from "./jwt-verify.support.js"
import { json, localServer } from "../support/local-server.js"

describe("TokenVerifier", () => {
  it.effect("accepts a correctly signed token and returns the user id and decoded claims", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            const token = yield* Effect.promise(() => key.sign(claimsFor(issuer, { sub: "user-42" })))
            const result = yield* verify(token)
            assert.strictEqual(result.userId, "user-42")
            assert.strictEqual(result.claims.projectId, PROJECT)
            assert.strictEqual(result.claims.refreshTokenId, "rt-1")
            assert.strictEqual(result.claims.emailVerified, true)
            assert.strictEqual(result.claims.iss, issuer)
          })
      )
    })
  )

  it.effect("a token without exp never expires", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            const { exp: _, ...rest } = claimsFor(issuer)
            const token = yield* Effect.promise(() => key.sign(rest))
            yield* TestClock.adjust("3650 days")
            assert.strictEqual((yield* verify(token)).userId, "user-1")
          })
      )
    })
  )

  it.effect("refuses a forged signature, a tampered payload, garbage and missing claims", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      const impostor = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            const forged = yield* Effect.promise(() => impostor.sign(claimsFor(issuer)))
            assert.strictEqual(yield* refusalOf(verify(forged)), "bad-signature")
            const genuine = yield* Effect.promise(() => key.sign(claimsFor(issuer)))
            const [h, , s] = genuine.split(".")
            const tampered = `${h}.${b64(claimsFor(issuer, { sub: "admin" }))}.${s}`
            assert.strictEqual(yield* refusalOf(verify(tampered)), "bad-signature")
            for (const junk of ["", "a.b.c", "not-a-jwt"]) {
              assert.strictEqual(yield* refusalOf(verify(junk)), "malformed")
            }
            const { refresh_token_id: _, ...partial } = claimsFor(issuer)
            const missing = yield* Effect.promise(() => key.sign(partial))
            assert.strictEqual(yield* refusalOf(verify(missing)), "invalid-claims")
          })
      )
    })
  )

  it.effect("a token from another project (foreign key id) is an unknown key", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      const foreign = yield* Effect.promise(() => esKey("other-project-key"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            const token = yield* Effect.promise(() => foreign.sign(claimsFor(issuer)))
            assert.strictEqual(yield* refusalOf(verify(token)), "unknown-key")
          })
      )
    })
  )

  it.effect("a not-before beyond the tolerance is refused, within it accepted", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            const early = yield* Effect.promise(() => key.sign(claimsFor(issuer, { nbf: NOW_S + 31 })))
            assert.strictEqual(yield* refusalOf(verify(early)), "not-yet-valid")
            const skewed = yield* Effect.promise(() => key.sign(claimsFor(issuer, { nbf: NOW_S + 29 })))
            assert.strictEqual((yield* verify(skewed)).userId, "user-1")
          })
      )
    })
  )

  it.effect("a token issued an hour ahead is refused, one issued 30 s ahead accepted", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            const future = yield* Effect.promise(() =>
              key.sign(claimsFor(issuer, { iat: NOW_S + 3600, exp: NOW_S + 4200 }))
            )
            assert.strictEqual(yield* refusalOf(verify(future)), "not-yet-valid")
            const skewed = yield* Effect.promise(() => key.sign(claimsFor(issuer, { iat: NOW_S + 30 })))
            assert.strictEqual((yield* verify(skewed)).userId, "user-1")
          })
      )
    })
  )

  it.effect("a token whose azp names another client is refused", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            const other = yield* Effect.promise(() => key.sign(claimsFor(issuer, { azp: "another-project" })))
            assert.strictEqual(yield* refusalOf(verify(other)), "wrong-authorized-party")
            const own = yield* Effect.promise(() => key.sign(claimsFor(issuer, { azp: PROJECT })))
            assert.strictEqual((yield* verify(own)).userId, "user-1")
          })
      )
    })
  )
})

describe("JWKS fetching", () => {
  it.effect("fetches once for many tokens, again only for an unknown key id (after the cooldown)", () =>
    Effect.gen(function* () {
      const k1 = yield* Effect.promise(() => esKey("k1"))
      const k2 = yield* Effect.promise(() => esKey("k2"))
      const published: Array<JWK> = [k1.publicJwk]
      yield* withJwks(
        () => published,
        ({ verify, issuer, jwksRequests }) =>
          Effect.gen(function* () {
            for (let i = 0; i < 5; i++) {
              yield* verify(yield* Effect.promise(() => k1.sign(claimsFor(issuer, { sub: `u${i}` }))))
            }
            assert.strictEqual(jwksRequests(), 1)

            // The project rotates: k2 appears. Right after a fetch the cooldown keeps the cache.
            published.push(k2.publicJwk)
            const rotated = yield* Effect.promise(() => k2.sign(claimsFor(issuer)))
            assert.strictEqual(yield* refusalOf(verify(rotated)), "unknown-key")
            assert.strictEqual(jwksRequests(), 1)

            yield* TestClock.adjust("31 seconds")
            assert.strictEqual((yield* verify(rotated)).userId, "user-1")
            assert.strictEqual(jwksRequests(), 2)
            yield* verify(yield* Effect.promise(() => k1.sign(claimsFor(issuer))))
            assert.strictEqual(jwksRequests(), 2)

            // A still-unknown key refetches once per cooldown, never per token.
            yield* TestClock.adjust("31 seconds")
            const stranger = yield* Effect.promise(() => esKey("k3"))
            const unknown = yield* Effect.promise(() => stranger.sign(claimsFor(issuer)))
            for (let i = 0; i < 3; i++) assert.strictEqual(yield* refusalOf(verify(unknown)), "unknown-key")
            assert.strictEqual(jwksRequests(), 3)
          })
      )
    })
  )

  it.effect("without a cooldown an unknown key id refetches at once; the cache expires after maxAgeMs", () =>
    Effect.gen(function* () {
      const k1 = yield* Effect.promise(() => esKey("k1"))
      const k2 = yield* Effect.promise(() => esKey("k2"))
      const published: Array<JWK> = [k1.publicJwk]
      yield* withJwks(
        () => published,
        ({ verify, issuer, jwksRequests }) =>
          Effect.gen(function* () {
            yield* verify(yield* Effect.promise(() => k1.sign(claimsFor(issuer))))
            published.push(k2.publicJwk)
            yield* verify(yield* Effect.promise(() => k2.sign(claimsFor(issuer))))
            assert.strictEqual(jwksRequests(), 2)
            yield* TestClock.adjust("59 seconds")
            const later = yield* Effect.promise(() => k1.sign(claimsFor(issuer, { exp: NOW_S + 3600 })))
            yield* verify(later)
            assert.strictEqual(jwksRequests(), 2)
            // k1 is withdrawn; once the cache expires, its tokens are refused.
            published.splice(0, 1)
            yield* TestClock.adjust("2 seconds")
            assert.strictEqual(yield* refusalOf(verify(later)), "unknown-key")
            assert.strictEqual(jwksRequests(), 3)
          }),
        { refetchCooldownMs: 0, maxAgeMs: 60_000 }
      )
    })
  )

  it.effect("concurrent verifications on a cold cache share one fetch", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer, jwksRequests }) =>
          Effect.gen(function* () {
            const token = yield* Effect.promise(() => key.sign(claimsFor(issuer)))
            yield* Effect.all(
              Array.from({ length: 10 }, () => verify(token)),
              { concurrency: "unbounded" }
            )
            assert.strictEqual(jwksRequests(), 1)
          })
      )
    })
  )

  it.effect("the JWKS fetch goes through the injectable Fetch; a failing fetch is a CallFailure", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      const seen: Array<string> = []
      const countingFetch: FetchFn = (url, init) => {
        seen.push(url)
        return globalThis.fetch(url, init)
      }
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            yield* verify(yield* Effect.promise(() => key.sign(claimsFor(issuer))))
            assert.deepStrictEqual(seen, [`${issuer}/.well-known/jwks.json`])
          }).pipe(Effect.provideService(Fetch, countingFetch))
      )

      yield* Effect.scoped(
        Effect.gen(function* () {
          const server = yield* localServer(() => ({ status: 500, body: "boom" }))
          const config = makeClientConfig({ projectId: PROJECT, accessType: "server", baseUrl: server.baseUrl })
          const verifier = yield* makeTokenVerifier(config)
          const token = yield* Effect.promise(() => key.sign(claimsFor("x")))
          const error = yield* Effect.flip(verifier.verify(token))
          assert.strictEqual(error._tag, "HttpError")
          // A failed fetch caches nothing: the next call asks again.
          yield* Effect.flip(verifier.verify(token))
          assert.strictEqual(server.requests.length, 2)
        })
      )
    })
  )

  it.effect("a key set of the wrong shape is a decode failure; an unusable key is invalid-jwks", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [{ ...key.publicJwk, x: 42 } as unknown as JWK],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            const error = yield* Effect.flip(verify(yield* Effect.promise(() => key.sign(claimsFor(issuer)))))
            assert.strictEqual(error._tag, "ResponseDecodeError")
          })
      )
      yield* withJwks(
        () => [{ ...key.publicJwk, x: "AAAA" }],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            assert.strictEqual(
              yield* refusalOf(verify(yield* Effect.promise(() => key.sign(claimsFor(issuer))))),
              "invalid-jwks"
            )
          })
      )
    })
  )
})

describe("TokenVerifier.layer", () => {
  it.effect("builds from the tier's ClientConfig", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* Effect.scoped(
        Effect.gen(function* () {
          yield* TestClock.setTime(NOW_S * 1000)
          const server = yield* localServer(() => json({ keys: [key.publicJwk] }))
          const issuer = `${server.baseUrl}/api/v1/projects/${PROJECT}`
          const token = yield* Effect.promise(() => key.sign(claimsFor(issuer)))
          const result = yield* TokenVerifier.use((v) => v.verify(token)).pipe(
            Effect.provide(
              TokenVerifier.layer.pipe(
                Layer.provide(
                  ClientConfig.layer({ projectId: PROJECT, accessType: "server", baseUrl: `${server.baseUrl}/` })
                )
              )
            )
          )
          assert.strictEqual(result.userId, "user-1")
        })
      )
    })
  )
})
