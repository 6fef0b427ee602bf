/**
 * TokenVerifier and the hosted service's two hosts (docs/wire.md, "Two names"): since its rename to Hexclave
 * the service answers on `api.hexclave.com` and `api.stack-auth.com` and signs each token with the host it was
 * minted on, so a verifier aimed at either accepts the issuers of both, for normal, restricted and anonymous
 * users alike; a self-hosted base URL still has its one issuer.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { DEFAULT_BASE_URL } from "../../../src/domain/api.js"
import { makeTokenVerifier } from "../../../src/services/app-server/jwt-verify.js"
import { makeClientConfig } from "../../../src/services/wire/client-config.js"
import { Fetch } from "../../../src/services/wire/transport-request.js"
import { claimsFor, esKey, NOW_S, PROJECT, refusalOf, type SigningKey } from "./jwt-verify.support.js"

const HOSTS = ["https://api.hexclave.com", "https://api.stack-auth.com"] as const
type Kind = "normal" | "restricted" | "anonymous"

const segment = { normal: "projects", restricted: "projects-restricted-users", anonymous: "projects-anonymous-users" }

/** A token's claims as the service mints them on `host` for a user of `kind`. */
const claimsOn = (host: string, kind: Kind) =>
  claimsFor(`${host}/api/v1/projects/${PROJECT}`, {
    iss: `${host}/api/v1/${segment[kind]}/${PROJECT}`,
    aud: kind === "normal" ? PROJECT : kind === "anonymous" ? `${PROJECT}:anon` : `${PROJECT}:restricted`,
    is_anonymous: kind === "anonymous",
    is_restricted: kind !== "normal",
    restricted_reason: kind === "normal" ? null : { type: kind === "anonymous" ? "anonymous" : "email_not_verified" }
  })

/** The outcome of verifying a token minted on `tokenHost` with a verifier aimed at `baseUrl`. */
const outcome = (key: SigningKey, baseUrl: string, tokenHost: string, kind: Kind) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(NOW_S * 1000)
    const config = makeClientConfig({ projectId: PROJECT, accessType: "server", baseUrl })
    const verifier = yield* makeTokenVerifier(config, { allowAnonymous: true })
    const token = yield* Effect.promise(() => key.sign(claimsOn(tokenHost, kind)))
    return yield* refusalOf(verifier.verify(token))
  }).pipe(
    // Every host publishes the same key set: it is one service.
    Effect.provideService(Fetch, () =>
      Promise.resolve(
        new Response(JSON.stringify({ keys: [key.publicJwk] }), { headers: { "content-type": "application/json" } })
      )
    )
  )

const kinds = fc.constantFrom<Kind>("normal", "restricted", "anonymous")
const hosts = fc.constantFrom(...HOSTS)

describe("TokenVerifier and the hosted service's two hosts", () => {
  it.effect("the default base URL is the canonical host, api.hexclave.com", () =>
    Effect.sync(() => assert.strictEqual(DEFAULT_BASE_URL, "https://api.hexclave.com"))
  )

  it.effect("a verifier aimed at either host accepts the tokens of both, of every kind of user", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      const run = Effect.runPromiseWith(yield* Effect.context<never>())
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(hosts, fc.boolean(), hosts, kinds, async (base, slash, tokenHost, kind) => {
            const result = await run(outcome(key, slash ? `${base}/` : base, tokenHost, kind))
            assert.strictEqual(result, "succeeded", `${base} ${tokenHost} ${kind}`)
          }),
          { numRuns: 24 }
        )
      )
    })
  )

  it.effect("another host's tokens stay refused, and a self-hosted base URL accepts no hosted issuer", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      const run = Effect.runPromiseWith(yield* Effect.context<never>())
      const strangers = fc.constantFrom("https://api.example.com", "https://api.hexclave.com.evil.example")
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(hosts, strangers, kinds, async (host, stranger, kind) => {
            assert.strictEqual(await run(outcome(key, host, stranger, kind)), "wrong-issuer")
            assert.strictEqual(await run(outcome(key, stranger, host, kind)), "wrong-issuer")
          }),
          { numRuns: 12 }
        )
      )
    })
  )
})
