/**
 * TokenVerifier and the tokens of restricted and anonymous users: their own issuer and audience
 * (`…/projects-restricted-users/{id}`, `{id}:restricted`; `…/projects-anonymous-users/{id}`, `{id}:anon`),
 * accepted only when asked (`allowRestricted`, `allowAnonymous`, which implies it) and otherwise refused
 * with a reason of their own; accepted ones must carry claims consistent with their audience.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import type { TokenVerifierOptions, TokenVerifierShape } from "../../../src/services/app-server/jwt-verify.js"
import { claimsFor, esKey, PROJECT, refusalOf, type SigningKey, withJwks } from "./jwt-verify.support.js"

type Kind = "restricted" | "anonymous"

const issuerOf = (normalIssuer: string, kind: Kind) =>
  normalIssuer.replace(
    "/api/v1/projects/",
    kind === "anonymous" ? "/api/v1/projects-anonymous-users/" : "/api/v1/projects-restricted-users/"
  )

/** A token's claims as the service mints them for a user of this kind. */
const kindClaims = (normalIssuer: string, kind: Kind, reason: string) =>
  claimsFor(normalIssuer, {
    iss: issuerOf(normalIssuer, kind),
    aud: kind === "anonymous" ? `${PROJECT}:anon` : `${PROJECT}:restricted`,
    is_anonymous: kind === "anonymous",
    is_restricted: true,
    restricted_reason: { type: kind === "anonymous" ? "anonymous" : reason }
  })

const reasons = fc.constantFrom("email_not_verified", "restricted_by_administrator")
const kinds = fc.constantFrom<Kind>("restricted", "anonymous")

const outcome = (verify: TokenVerifierShape["verify"], key: SigningKey, claims: Record<string, unknown>) =>
  Effect.flatMap(
    Effect.promise(() => key.sign(claims)),
    (token) => refusalOf(verify(token))
  )

/** Runs the property with a verifier made with `options`, all keys in its one key set. */
const check = (
  options: TokenVerifierOptions,
  body: (
    env: { verify: TokenVerifierShape["verify"]; issuer: string; key: SigningKey },
    kind: Kind,
    reason: string
  ) => Effect.Effect<void>
) =>
  Effect.gen(function* () {
    const key = yield* Effect.promise(() => esKey("k1"))
    yield* withJwks(
      () => [key.publicJwk],
      ({ verify, issuer }) =>
        Effect.gen(function* () {
          const context = yield* Effect.context<never>()
          const run = Effect.runPromiseWith(context)
          yield* Effect.promise(() =>
            fc.assert(
              fc.asyncProperty(kinds, reasons, (kind, reason) => run(body({ verify, issuer, key }, kind, reason))),
              { numRuns: 12 }
            )
          )
        }),
      options
    )
  })

describe("TokenVerifier: restricted and anonymous users", () => {
  it.effect("refuses their tokens by default, each with its own reason", () =>
    check({}, ({ verify, issuer, key }, kind, reason) =>
      Effect.map(outcome(verify, key, kindClaims(issuer, kind, reason)), (actual) =>
        assert.strictEqual(actual, kind === "anonymous" ? "anonymous-user" : "restricted-user")
      )
    )
  )

  it.effect("allowRestricted accepts restricted users' tokens but still refuses anonymous ones", () =>
    check({ allowRestricted: true }, ({ verify, issuer, key }, kind, reason) =>
      Effect.map(outcome(verify, key, kindClaims(issuer, kind, reason)), (actual) =>
        assert.strictEqual(actual, kind === "anonymous" ? "anonymous-user" : "succeeded")
      )
    )
  )

  it.effect("allowAnonymous accepts both, and normal tokens still", () =>
    check({ allowAnonymous: true }, ({ verify, issuer, key }, kind, reason) =>
      Effect.gen(function* () {
        assert.strictEqual(yield* outcome(verify, key, kindClaims(issuer, kind, reason)), "succeeded")
        assert.strictEqual(yield* outcome(verify, key, claimsFor(issuer)), "succeeded")
      })
    )
  )

  it.effect("an accepted kind still needs its own issuer and claims that agree with its audience", () =>
    check({ allowAnonymous: true }, ({ verify, issuer, key }, kind, reason) =>
      Effect.gen(function* () {
        const claims = kindClaims(issuer, kind, reason)
        const other: Kind = kind === "anonymous" ? "restricted" : "anonymous"
        assert.strictEqual(yield* outcome(verify, key, { ...claims, iss: issuer }), "wrong-issuer")
        assert.strictEqual(yield* outcome(verify, key, { ...claims, iss: issuerOf(issuer, other) }), "wrong-issuer")
        // Not restricted, or a restricted token without a reason, or the other kind's flags.
        assert.strictEqual(yield* outcome(verify, key, { ...claims, is_restricted: false }), "invalid-claims")
        assert.strictEqual(yield* outcome(verify, key, { ...claims, restricted_reason: null }), "invalid-claims")
        assert.strictEqual(
          yield* outcome(verify, key, { ...claims, is_anonymous: kind !== "anonymous" }),
          "invalid-claims"
        )
        // A normal audience with restricted claims.
        assert.strictEqual(
          yield* outcome(verify, key, {
            ...claimsFor(issuer),
            is_restricted: true,
            restricted_reason: { type: reason }
          }),
          "invalid-claims"
        )
      })
    )
  )

  it.effect("asks for the extra keys only when it accepts their tokens", () =>
    Effect.gen(function* () {
      const key = yield* Effect.promise(() => esKey("k1"))
      const fetched = (options: TokenVerifierOptions) =>
        withJwks(
          () => [key.publicJwk],
          ({ verify, issuer, jwksUrls }) =>
            Effect.gen(function* () {
              yield* outcome(verify, key, claimsFor(issuer))
              return jwksUrls().map((url) => url.split("?")[1] ?? "")
            }),
          options
        )
      assert.deepStrictEqual(yield* fetched({}), [""])
      assert.deepStrictEqual(yield* fetched({ allowRestricted: true }), ["include_restricted=true"])
      assert.deepStrictEqual(yield* fetched({ allowAnonymous: true }), ["include_anonymous=true"])
      assert.deepStrictEqual(yield* fetched({ allowAnonymous: true, allowRestricted: false }), [
        "include_anonymous=true"
      ])
    })
  )
})
