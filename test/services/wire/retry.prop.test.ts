/** The retry decision over arbitrary failure sequences: one budget per cause per request, whatever the order. */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import {
  isIdempotent,
  LoopDetected,
  loopDetectedMaxAttempts,
  networkMaxAttempts,
  NetworkFailure,
  nextRetry,
  noRetriesUsed,
  rateLimitMaxRetries,
  RateLimited
} from "../../../src/services/wire/retry.js"

const failure: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .option(fc.integer({ min: 0, max: 7_200_000 }), { nil: undefined })
      .map((ms) => new RateLimited({ ...(ms === undefined ? {} : { retryAfterMs: ms }), body: "" }))
  },
  { weight: 2, arbitrary: fc.constant(new LoopDetected({ body: "INFINITE_LOOP_DETECTED" })) },
  { weight: 2, arbitrary: fc.constant(new NetworkFailure({ message: "reset", cause: null })) },
  { weight: 1, arbitrary: fc.constant("other") }
)

describe("nextRetry", () => {
  it("bounds every cause per request and waits out only Retry-After values up to the maximum", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "PUT", "PATCH"),
        fc.array(failure, { maxLength: 60 }),
        (method, failures) => {
          const retried = { network: 0, loop: 0, rateLimit: 0 }
          let used = noRetriesUsed
          let attempts = 0
          for (const error of failures) {
            attempts++
            const next = nextRetry(method, error, used)
            if (next === undefined) {
              // Giving up always has a reason: not a retry signal, or that cause's budget or rule says so.
              if (error instanceof RateLimited) {
                assert.strictEqual(used.rateLimit, rateLimitMaxRetries)
              } else if (error instanceof LoopDetected) {
                assert.strictEqual(used.loop, loopDetectedMaxAttempts - 1)
              } else if (error instanceof NetworkFailure) {
                assert.isTrue(!isIdempotent(method) || used.network === networkMaxAttempts - 1)
              } else {
                assert.strictEqual(error, "other")
              }
              break
            }
            if (error instanceof RateLimited) {
              retried.rateLimit++
              assert.strictEqual(next.waitMs, error.retryAfterMs ?? 0)
            }
            if (error instanceof LoopDetected) retried.loop++
            if (error instanceof NetworkFailure) retried.network++
            assert.deepStrictEqual(next.used, retried)
            used = next.used
          }
          assert.isAtMost(retried.rateLimit, rateLimitMaxRetries)
          assert.isAtMost(retried.loop, loopDetectedMaxAttempts - 1)
          assert.isAtMost(retried.network, isIdempotent(method) ? networkMaxAttempts - 1 : 0)
          assert.isAtMost(attempts, 1 + (networkMaxAttempts - 1) + (loopDetectedMaxAttempts - 1) + rateLimitMaxRetries)
        }
      ),
      { numRuns: 500 }
    )
  })
})
