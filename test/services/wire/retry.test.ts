import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Ref from "effect/Ref"
import { TestClock } from "effect/testing"
import {
  isIdempotent,
  loopDetectedMaxAttempts,
  LoopDetected,
  networkMaxAttempts,
  NetworkFailure,
  parseRetryAfter,
  rateLimitMaxRetries,
  RateLimited,
  retriesOf
} from "../../../src/services/wire/retry.js"

/** `attempt` with the retries of `method` attached: each run counts its own retries. */
const withRetries =
  (method: string) =>
  <A, E, R>(attempt: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.suspend(() => {
      const recover = retriesOf<A, E, E, R>(method, () => tried, Effect.fail)
      const tried: Effect.Effect<A, E, R> = Effect.catch(attempt, recover)
      return tried
    })

/** Runs `withRetries(method)` over an attempt that fails with `failures[i]` on attempt i, recording times. */
const run = <E>(method: string, failures: ReadonlyArray<E>, advance: Duration.Input, timeout?: Duration.Input) =>
  Effect.gen(function* () {
    const times = yield* Ref.make<ReadonlyArray<number>>([])
    const attempt = Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const seen = yield* Ref.updateAndGet(times, (t) => [...t, now])
      const failure = failures[seen.length - 1]
      if (failure !== undefined) return yield* Effect.fail(failure)
      return "ok"
    })
    const retried = withRetries(method)(attempt)
    const fiber = yield* Effect.forkChild(timeout === undefined ? retried : Effect.timeout(retried, timeout))
    yield* TestClock.adjust(advance)
    const exit = yield* Fiber.await(fiber)
    const seen = yield* Ref.get(times)
    const start = seen[0] ?? 0
    return { exit, times: seen.map((t) => t - start) }
  })

const network = new NetworkFailure({ message: "socket hang up", cause: null })

describe("retry policy", () => {
  it.effect("network failures of GET: five attempts at 0/1/3/7/15 s, then the failure", () =>
    Effect.gen(function* () {
      const { exit, times } = yield* run(
        "GET",
        Array.from({ length: 10 }, () => network),
        "1 minute"
      )
      assert.deepStrictEqual(times, [0, 1000, 3000, 7000, 15000])
      assert.isTrue(Exit.isFailure(exit))
    })
  )

  it.effect("network failures of GET recover when an attempt succeeds", () =>
    Effect.gen(function* () {
      const { exit, times } = yield* run("GET", [network, network], "1 minute")
      assert.deepStrictEqual(times, [0, 1000, 3000])
      assert.deepStrictEqual(exit, Exit.succeed("ok"))
    })
  )

  it.effect("network failures of POST and PATCH are not retried", () =>
    Effect.gen(function* () {
      for (const method of ["POST", "PATCH"]) {
        const { exit, times } = yield* run(method, [network], "1 minute")
        assert.deepStrictEqual(times, [0])
        assert.isTrue(Exit.isFailure(exit))
      }
    })
  )

  it.effect("429 waits Retry-After", () =>
    Effect.gen(function* () {
      const limited = new RateLimited({ retryAfterMs: 250, body: "" })
      const { exit, times } = yield* run(
        "POST",
        [limited, new RateLimited({ retryAfterMs: 2000, body: "" })],
        "1 minute"
      )
      assert.deepStrictEqual(times, [0, 250, 2250])
      assert.deepStrictEqual(exit, Exit.succeed("ok"))
    })
  )

  it.effect("429 without Retry-After retries at once, and gives up after the bound", () =>
    Effect.gen(function* () {
      const limited = new RateLimited({ body: "slow down" })
      const { exit, times } = yield* run(
        "GET",
        Array.from({ length: 50 }, () => limited),
        "0 millis"
      )
      assert.strictEqual(times.length, rateLimitMaxRetries + 1)
      assert.isTrue(times.every((t) => t === 0))
      assert.deepStrictEqual(exit, Exit.fail(limited))
    })
  )

  it.effect("508 loop detection is retried with backoff for any method, at most five attempts", () =>
    Effect.gen(function* () {
      const loop = new LoopDetected({ body: "INFINITE_LOOP_DETECTED" })
      const ok = yield* run("POST", [loop], "1 minute")
      assert.deepStrictEqual(ok.times, [0, 1000])
      assert.deepStrictEqual(ok.exit, Exit.succeed("ok"))
      const never = yield* run(
        "POST",
        Array.from({ length: 10 }, () => loop),
        "1 minute"
      )
      assert.deepStrictEqual(never.times, [0, 1000, 3000, 7000, 15000])
    })
  )

  it.effect("other failures are not retried", () =>
    Effect.gen(function* () {
      const { exit, times } = yield* run("GET", ["boom"], "1 minute")
      assert.deepStrictEqual(times, [0])
      assert.deepStrictEqual(exit, Exit.fail("boom"))
    })
  )

  it.effect("the network bound holds across interleaved 429s", () =>
    Effect.gen(function* () {
      const limited = new RateLimited({ body: "" })
      const failures = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? network : limited))
      const { times } = yield* run("GET", failures, "1 minute")
      // 5 network failures, each but the last followed by one immediate 429 retry
      assert.strictEqual(times.length, 9)
    })
  )

  it.effect("the 429 budget is per request: 508 and network retries in between do not restart it", () =>
    Effect.gen(function* () {
      const limited = new RateLimited({ body: "" })
      const loop = new LoopDetected({ body: "INFINITE_LOOP_DETECTED" })
      const failures = [
        ...Array.from({ length: 5 }, () => limited),
        network,
        ...Array.from({ length: 5 }, () => limited),
        loop,
        limited
      ]
      const { exit, times } = yield* run("GET", failures, "1 minute")
      // Ten 429 retries in all, then the eleventh 429 ends the request.
      assert.strictEqual(times.length, failures.length)
      assert.deepStrictEqual(exit, Exit.fail(limited))
    })
  )

  it.effect("the 508 budget is per request: a network retry in between does not restart it or its backoff", () =>
    Effect.gen(function* () {
      const loop = new LoopDetected({ body: "INFINITE_LOOP_DETECTED" })
      const { exit, times } = yield* run("GET", [loop, loop, loop, loop, network, loop], "1 minute")
      assert.deepStrictEqual(times, [0, 1000, 3000, 7000, 15000, 16000])
      assert.deepStrictEqual(exit, Exit.fail(loop))
    })
  )

  it.effect("at worst a request makes 19 attempts, however the failures interleave", () =>
    Effect.gen(function* () {
      const limited = new RateLimited({ body: "" })
      const loop = new LoopDetected({ body: "INFINITE_LOOP_DETECTED" })
      const round = [limited, limited, loop, network]
      const { exit, times } = yield* run(
        "GET",
        Array.from({ length: 40 }, (_, i) => round[i % round.length]!),
        "10 minutes"
      )
      assert.strictEqual(
        times.length,
        1 + (networkMaxAttempts - 1) + (loopDetectedMaxAttempts - 1) + rateLimitMaxRetries
      )
      assert.strictEqual(times.length, 19)
      assert.isTrue(Exit.isFailure(exit))
    })
  )

  it.effect("a Retry-After is waited out however long it is; the caller's own timeout bounds it", () =>
    Effect.gen(function* () {
      const hour = 3_600_000
      const longest = yield* run("GET", [new RateLimited({ retryAfterMs: hour, body: "" })], "2 hours")
      assert.deepStrictEqual(longest.times, [0, hour])
      assert.deepStrictEqual(longest.exit, Exit.succeed("ok"))
      // A caller who will not wait an hour says so with a timeout: it ends the wait, not a fixed cap.
      const bounded = yield* run("GET", [new RateLimited({ retryAfterMs: hour, body: "" })], "2 hours", "1 minute")
      assert.deepStrictEqual(bounded.times, [0])
      assert.isTrue(Exit.isFailure(bounded.exit))
    })
  )
})

describe("parseRetryAfter and idempotency", () => {
  it("reads delta-seconds, HTTP dates, and nothing else", () => {
    assert.strictEqual(parseRetryAfter("3", 0), 3000)
    assert.strictEqual(parseRetryAfter(" 0.5 ", 0), 500)
    assert.strictEqual(parseRetryAfter(undefined, 0), undefined)
    assert.strictEqual(parseRetryAfter("soon", 0), undefined)
    const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT")
    assert.strictEqual(parseRetryAfter("Wed, 21 Oct 2015 07:28:10 GMT", now), 10_000)
    assert.strictEqual(parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now), 0)
  })
  it("treats GET, HEAD, OPTIONS, PUT, DELETE as idempotent", () => {
    assert.deepStrictEqual(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "POST", "PATCH", "get"].map(isIdempotent), [
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      true
    ])
  })
})
