/**
 * The external session's token store (services/auth/external-token-store.ts) on a test clock, with a provider
 * and an exchange that count their calls: it exchanges again by itself a margin before the access token runs
 * out, callers at once share one exchange, a refused provider token is retried once with a fresh one, and a
 * provider without a session means no token.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import type { ExternalAuthTokenResponse } from "../../../src/domain/external-auth.js"
import { InvalidExternalAuthToken } from "../../../src/errors/known/external-auth.js"
import { makeExternalTokenStore } from "../../../src/services/auth/external-token-store.js"

const LIFETIME_S = 600

/** A JWT-shaped access token (only its `exp` is read) named by `n`. */
const accessToken = (n: number, nowMs: number) => {
  const payload = Buffer.from(JSON.stringify({ exp: Math.floor(nowMs / 1000) + LIFETIME_S, n })).toString("base64url")
  return `eyJhbGciOiJFUzI1NiJ9.${payload}.sig`
}

const numberOf = (token: string | null) =>
  token === null
    ? null
    : (JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { n: number }).n

const harness = (refusals = 0, providerToken: () => string | null = () => "provider-token") =>
  Effect.gen(function* () {
    const calls = { provider: 0, exchange: 0 }
    let refuse = refusals
    const store = yield* makeExternalTokenStore({
      source: {
        providerId: "clerk-integration",
        getToken: Effect.sync(() => {
          calls.provider++
          return providerToken()
        })
      },
      exchange: (_providerId, _token) =>
        Effect.gen(function* () {
          calls.exchange++
          if (refuse > 0) {
            refuse--
            return yield* new InvalidExternalAuthToken({ details: { reason: "expired" } })
          }
          const answer: ExternalAuthTokenResponse = {
            accessToken: accessToken(calls.exchange, yield* Clock.currentTimeMillis),
            sessionId: "s",
            userId: "u",
            isNewUser: calls.exchange === 1
          }
          return answer
        })
    })
    return { store, calls }
  })

describe("external token store", () => {
  it.effect("exchanges once for callers at once, then again by itself 20 s before the token runs out", () =>
    Effect.gen(function* () {
      const { store, calls } = yield* harness()
      const tokens = yield* Effect.all(
        Array.from({ length: 5 }, () => store.getAccessToken),
        {
          concurrency: "unbounded"
        }
      )
      assert.deepStrictEqual(tokens.map(numberOf), [1, 1, 1, 1, 1])
      assert.strictEqual(calls.exchange, 1)
      yield* TestClock.adjust((LIFETIME_S - 20) * 1000 - 1)
      assert.strictEqual(calls.exchange, 1)
      yield* TestClock.adjust(1)
      assert.strictEqual(calls.exchange, 2)
      // The renewed token is served without another exchange, and renewals go on.
      assert.strictEqual(numberOf(yield* store.getAccessToken), 2)
      assert.strictEqual(calls.exchange, 2)
      yield* TestClock.adjust((LIFETIME_S - 20) * 1000)
      assert.strictEqual(calls.exchange, 3)
      assert.strictEqual(store.current()?.userId, "u")
    }).pipe(Effect.scoped)
  )

  it.effect("retries a refused provider token once with a fresh one; a second refusal is the caller's error", () =>
    Effect.gen(function* () {
      const once = yield* harness(1)
      assert.strictEqual(numberOf(yield* once.store.getAccessToken), 2)
      assert.deepStrictEqual(once.calls, { provider: 2, exchange: 2 })
      const twice = yield* harness(2)
      const error = yield* Effect.flip(twice.store.getAccessToken)
      assert.strictEqual(error._tag, "InvalidExternalAuthToken")
      assert.isNull(twice.store.current())
    }).pipe(Effect.scoped)
  )

  it.effect("answers null and stops renewing when the provider has no session", () =>
    Effect.gen(function* () {
      let signedIn = true
      const { store, calls } = yield* harness(0, () => (signedIn ? "provider-token" : null))
      assert.strictEqual(numberOf(yield* store.getAccessToken), 1)
      signedIn = false
      yield* TestClock.adjust(LIFETIME_S * 1000)
      // The renewal found the provider signed out: nothing held, nothing exchanged since.
      assert.isNull(store.current())
      assert.isNull(yield* store.getAccessToken)
      yield* TestClock.adjust(LIFETIME_S * 1000)
      assert.strictEqual(calls.exchange, 1)
    }).pipe(Effect.scoped)
  )
})
