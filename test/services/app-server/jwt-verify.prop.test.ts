import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { SignJWT } from "jose"
import { createHmac } from "node:crypto"
import type { TokenVerifierShape } from "../../../src/services/app-server/jwt-verify.js"
import {
  b64,
  claimsFor,
  esKey,
  NOW_S,
  PROJECT,
  refusalOf,
  rsaKey,
  type SigningKey,
  withJwks
} from "./jwt-verify.support.js"

const RUNS = { numRuns: 40 }

/** Runs an async fast-check property inside the test's Effect context (its TestClock included). */
const property = <T>(arb: fc.Arbitrary<T>, check: (value: T) => Effect.Effect<void>) =>
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

const sign = (key: SigningKey, claims: Record<string, unknown>, header?: Record<string, unknown>) =>
  Effect.promise(() => key.sign(claims, header))

const expectRefusal = (verify: TokenVerifierShape["verify"], token: string, reason: string) =>
  Effect.map(refusalOf(verify(token)), (actual) => assert.strictEqual(actual, reason, token))

const expectAccepted = (verify: TokenVerifierShape["verify"], token: string, userId: string) =>
  Effect.map(verify(token), (result) => assert.strictEqual(result.userId, userId)).pipe(
    Effect.catch((error) => Effect.sync(() => assert.fail(`refused: ${error.message}`)))
  )

const userIds = fc.string({ minLength: 1, maxLength: 40 })
const names = fc.option(fc.string({ maxLength: 30 }), { nil: null })

describe("JWT verification properties", () => {
  it.effect("a correctly signed token with any claims is accepted", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          property(
            fc.record({ sub: userIds, name: names, ttl: fc.integer({ min: 1, max: 86_400 }) }),
            ({ sub, name, ttl }) =>
              Effect.gen(function* () {
                const token = yield* sign(key, claimsFor(issuer, { sub, name, exp: NOW_S + ttl }))
                yield* expectAccepted(verify, token, sub)
              })
          )
      )
    })
  )

  it.effect("alg none is refused, whatever the payload and key id", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          property(
            fc.record({ sub: userIds, alg: fc.constantFrom("none", "None", "NONE"), sig: fc.constantFrom("", "x") }),
            ({ sub, alg, sig }) =>
              expectRefusal(
                verify,
                `${b64({ alg, kid: "k1", typ: "JWT" })}.${b64(claimsFor(issuer, { sub }))}.${sig}`,
                "algorithm-not-allowed"
              )
          )
      )
    })
  )

  it.effect("HS256 signed with the public key is refused (alg confusion)", () =>
    Effect.gen(function* () {
      const es = yield* Effect.promise(() => esKey("k1"))
      const rsa = rsaKey("r1", 2048)
      yield* withJwks(
        () => [es.publicJwk, rsa.publicJwk],
        ({ verify, issuer }) =>
          property(
            fc.record({
              sub: userIds,
              hs: fc.constantFrom("HS256", "HS384", "HS512"),
              kid: fc.constantFrom("k1", "r1")
            }),
            ({ sub, hs, kid }) =>
              Effect.gen(function* () {
                const publicJwk = kid === "k1" ? es.publicJwk : rsa.publicJwk
                // Every encoding of the public key an attacker might try as the HMAC secret.
                for (const secret of [JSON.stringify(publicJwk), String(publicJwk.x ?? publicJwk.n)]) {
                  const token = yield* Effect.promise(() =>
                    new SignJWT(claimsFor(issuer, { sub }))
                      .setProtectedHeader({ alg: hs, kid })
                      .sign(new TextEncoder().encode(secret))
                  )
                  yield* expectRefusal(verify, token, "algorithm-not-allowed")
                }
                // The same HMAC by hand, in case a library would treat the header differently.
                const input = `${b64({ alg: "HS256", kid, typ: "JWT" })}.${b64(claimsFor(issuer, { sub }))}`
                const mac = createHmac("sha256", JSON.stringify(publicJwk)).update(input).digest("base64url")
                yield* expectRefusal(verify, `${input}.${mac}`, "algorithm-not-allowed")
              })
          ),
        { algorithms: ["ES256", "RS256"] }
      )
    })
  )

  it.effect("a wrong issuer or audience is refused", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          property(
            fc
              .record({
                iss: fc.oneof(
                  fc.webUrl(),
                  fc.constant(`${issuer}/`),
                  fc.constant(issuer.replace("proj-jwt", "proj-other"))
                ),
                aud: fc.oneof(fc.string({ minLength: 1 }), fc.constant(`${PROJECT}:other`), fc.constant("internal"))
              })
              .filter(({ iss, aud }) => iss !== issuer && aud !== PROJECT),
            ({ iss, aud }) =>
              Effect.gen(function* () {
                yield* expectRefusal(verify, yield* sign(key, claimsFor(issuer, { iss })), "wrong-issuer")
                yield* expectRefusal(verify, yield* sign(key, claimsFor(issuer, { aud })), "wrong-audience")
              })
          )
      )
    })
  )

  it.effect("expiry: refused 30 s or more past exp, accepted within the 30 s tolerance", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            yield* property(fc.integer({ min: 30, max: 10_000_000 }), (late) =>
              Effect.gen(function* () {
                yield* TestClock.setTime((NOW_S + late) * 1000)
                yield* expectRefusal(verify, yield* sign(key, claimsFor(issuer, { exp: NOW_S })), "expired")
              })
            )
            yield* property(fc.integer({ min: -86_400, max: 29 }), (late) =>
              Effect.gen(function* () {
                yield* TestClock.setTime((NOW_S + late) * 1000 + 999)
                // Issued before the clock's time: a token from the future is refused for its iat instead.
                const iat = Math.min(NOW_S - 10, NOW_S + late)
                yield* expectAccepted(verify, yield* sign(key, claimsFor(issuer, { exp: NOW_S, iat })), "user-1")
              })
            )
          }),
        { maxAgeMs: Number.MAX_SAFE_INTEGER }
      )
    })
  )

  it.effect(
    "iat: more than 30 s in the future is refused (not yet valid), up to 30 s ahead or in the past accepted",
    () =>
      Effect.gen(function* () {
        const key = yield* Effect.promise(() => esKey("k1"))
        yield* withJwks(
          () => [key.publicJwk],
          ({ verify, issuer }) =>
            Effect.gen(function* () {
              yield* property(fc.integer({ min: 31, max: 10_000_000 }), (ahead) =>
                Effect.gen(function* () {
                  yield* expectRefusal(
                    verify,
                    yield* sign(key, claimsFor(issuer, { iat: NOW_S + ahead })),
                    "not-yet-valid"
                  )
                })
              )
              yield* property(fc.integer({ min: -86_400, max: 30 }), (ahead) =>
                Effect.gen(function* () {
                  yield* expectAccepted(verify, yield* sign(key, claimsFor(issuer, { iat: NOW_S + ahead })), "user-1")
                })
              )
            })
        )
      })
  )

  it.effect("azp: absent or the project id is accepted, any other value refused", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      yield* withJwks(
        () => [key.publicJwk],
        ({ verify, issuer }) =>
          Effect.gen(function* () {
            yield* expectAccepted(verify, yield* sign(key, claimsFor(issuer, { azp: PROJECT })), "user-1")
            yield* property(
              fc
                .oneof(
                  fc.string(),
                  fc.constant("internal"),
                  fc.constant(`${PROJECT} `),
                  fc.integer(),
                  fc.constant(null)
                )
                .filter((azp) => azp !== PROJECT),
              (azp) =>
                Effect.gen(function* () {
                  yield* expectRefusal(verify, yield* sign(key, claimsFor(issuer, { azp })), "wrong-authorized-party")
                })
            )
          })
      )
    })
  )

  it.effect("RSA keys under 2048 bits are refused; a 2048-bit one is accepted", () =>
    Effect.gen(function* () {
      const small = rsaKey("small", 1024)
      const tiny = rsaKey("tiny", 512)
      const good = rsaKey("good", 2048)
      yield* withJwks(
        () => [small.publicJwk, tiny.publicJwk, good.publicJwk],
        ({ verify, issuer }) =>
          property(userIds, (sub) =>
            Effect.gen(function* () {
              yield* expectRefusal(verify, yield* sign(small, claimsFor(issuer, { sub })), "key-too-small")
              yield* expectRefusal(verify, yield* sign(tiny, claimsFor(issuer, { sub })), "key-too-small")
              yield* expectAccepted(verify, yield* sign(good, claimsFor(issuer, { sub })), sub)
            })
          ),
        { algorithms: ["ES256", "RS256"] }
      )
    })
  )

  it.effect("RS256 is refused unless configured, even with a good key", () =>
    Effect.gen(function* () {
      const good = rsaKey("good", 2048)
      yield* withJwks(
        () => [good.publicJwk],
        ({ verify, issuer }) =>
          property(userIds, (sub) =>
            Effect.gen(function* () {
              yield* expectRefusal(verify, yield* sign(good, claimsFor(issuer, { sub })), "algorithm-not-allowed")
            })
          )
      )
    })
  )
})
