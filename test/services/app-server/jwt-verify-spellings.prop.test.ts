/**
 * TokenVerifier and the spellings of one backend: a backend names the host a token's request came in on, so a
 * browser on `localhost:8102` and a server configured with `127.0.0.1:8102` see one backend's tokens under two
 * issuers. A verifier accepts every loopback spelling of its base URL (same scheme and port), and the base URLs
 * it is told to accept besides (a backend's public URL behind a proxy); any other issuer stays refused, and the
 * refusal names the token's issuer, the accepted ones and the expiry, never the token.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { makeTokenVerifier, type TokenVerifierOptions } from "../../../src/services/app-server/jwt-verify.js"
import { makeClientConfig } from "../../../src/services/wire/client-config.js"
import { Fetch } from "../../../src/services/wire/transport-request.js"
import { claimsFor, esKey, NOW_S, PROJECT, refusalOf, type SigningKey } from "./jwt-verify.support.js"

const issuerOf = (base: string) => `${base}/api/v1/projects/${PROJECT}`

/** The key set's only key, as the backend publishes it. */
const jwksOf = (key: SigningKey) => () =>
  Promise.resolve(
    new Response(JSON.stringify({ keys: [key.publicJwk] }), { headers: { "content-type": "application/json" } })
  )

/** A token minted under `tokenBase`, and its verification by a verifier aimed at `baseUrl`. */
const verifyOn = (
  key: SigningKey,
  baseUrl: string,
  tokenBase: string,
  extra: { readonly config?: ReadonlyArray<string>; readonly options?: TokenVerifierOptions } = {}
) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(NOW_S * 1000)
    const config = makeClientConfig({
      projectId: PROJECT,
      accessType: "server",
      baseUrl,
      acceptedIssuerBaseUrls: extra.config
    })
    const verifier = yield* makeTokenVerifier(config, extra.options)
    const token = yield* Effect.promise(() => key.sign(claimsFor(issuerOf(tokenBase))))
    return { token, verify: Effect.provideService(verifier.verify(token), Fetch, jwksOf(key)) }
  }).pipe(Effect.provideService(Fetch, jwksOf(key)))

const outcome = (...args: Parameters<typeof verifyOn>) =>
  Effect.flatMap(verifyOn(...args), ({ verify }) => refusalOf(verify))

const loopback = fc.constantFrom("localhost", "127.0.0.1", "[::1]")
const scheme = fc.constantFrom("http", "https")
const port = fc.constantFrom("", ":8102", ":3000")

describe("TokenVerifier and the spellings of its backend", () => {
  it.effect("every loopback spelling of the base URL (same scheme and port) is the same backend", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      const run = Effect.runPromiseWith(yield* Effect.context<never>())
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(scheme, port, loopback, loopback, fc.boolean(), async (s, p, configured, minted, slash) => {
            const base = `${s}://${configured}${p}${slash ? "/" : ""}`
            assert.strictEqual(await run(outcome(key, base, `${s}://${minted}${p}`)), "succeeded", `${base} ${minted}`)
          }),
          { numRuns: 30 }
        )
      )
    })
  )

  it.effect("another port, scheme or host is another backend: refused", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      const run = Effect.runPromiseWith(yield* Effect.context<never>())
      const strangers = fc.constantFrom(
        "http://localhost:8103",
        "https://localhost:8102",
        "http://127.0.0.2:8102",
        "http://localhost.example.com:8102",
        "http://app.test:8102"
      )
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(loopback, strangers, async (configured, stranger) => {
            assert.strictEqual(await run(outcome(key, `http://${configured}:8102`, stranger)), "wrong-issuer")
          }),
          { numRuns: 15 }
        )
      )
    })
  )

  it.effect("a base URL the config or the verifier's options name besides is accepted, with its own spellings", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      const internal = "http://backend.internal:8102"
      const publicUrl = "https://auth.example.test"
      assert.strictEqual(yield* outcome(key, internal, publicUrl), "wrong-issuer")
      assert.strictEqual(yield* outcome(key, internal, publicUrl, { config: [publicUrl] }), "succeeded")
      assert.strictEqual(
        yield* outcome(key, internal, publicUrl, { options: { acceptedIssuerBaseUrls: [`${publicUrl}/`] } }),
        "succeeded"
      )
      assert.strictEqual(
        yield* outcome(key, internal, "http://127.0.0.1:9000", { config: ["http://localhost:9000"] }),
        "succeeded"
      )
      assert.strictEqual(
        yield* outcome(key, internal, "https://other.example.test", { config: [publicUrl] }),
        "wrong-issuer"
      )
    })
  )

  it.effect(
    "a wrong issuer's refusal names the token's issuer, the accepted ones and the expiry, never the token",
    () =>
      Effect.gen(function* () {
        const key = yield* Effect.promise(() => esKey("k1"))
        const { token, verify } = yield* verifyOn(key, "http://127.0.0.1:8102", "http://app.test:8102")
        const error = yield* Effect.flip(verify)
        assert.strictEqual(error._tag, "JwtVerificationError")
        const message = error.message
        assert.include(message, JSON.stringify(issuerOf("http://app.test:8102")))
        for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
          assert.include(message, JSON.stringify(issuerOf(`http://${host}:8102`)))
        }
        assert.include(message, new Date((NOW_S + 600) * 1000).toISOString())
        assert.notInclude(message, token)
        assert.notInclude(message, token.split(".")[2] ?? "(no signature)")
      })
  )
})
