import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { makeQueryCache } from "../../src/react/cache.js"

const runTest = <A, E>(program: Effect.Effect<A, E, Scope.Scope>) =>
  Effect.runPromise(program.pipe(Effect.scoped, Effect.provide(TestClock.layer())))

describe("QueryCache properties", () => {
  it("any number of readers arriving during a load share it: one request", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.nat(999), { minLength: 1, maxLength: 60 }),
        async (duration, arrivals) => {
          await runTest(
            Effect.gen(function* () {
              const cache = yield* makeQueryCache()
              const runs = yield* Ref.make(0)
              const load = Effect.andThen(
                Effect.sleep(duration),
                Ref.updateAndGet(runs, (n) => n + 1)
              )
              const sorted = arrivals.map((a) => a % duration).sort((a, b) => a - b)
              const fibers: Array<Fiber.Fiber<number>> = []
              let now = 0
              for (const at of sorted) {
                yield* TestClock.adjust(at - now)
                now = at
                fibers.push(yield* Effect.forkChild(cache.get("user", load)))
              }
              yield* TestClock.adjust(duration)
              const answers = yield* Effect.forEach(fibers, Fiber.join)
              assert.strictEqual(yield* Ref.get(runs), 1)
              assert.isTrue(answers.every((a) => a === 1))
            })
          )
        }
      ),
      { numRuns: 60 }
    )
  })

  it("refreshes follow the throttle model: a reload only when 300 ms passed since the last one started", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 700 }), { maxLength: 30 }), async (gaps) => {
        await runTest(
          Effect.gen(function* () {
            const cache = yield* makeQueryCache()
            const runs = yield* Ref.make(0)
            const load = Ref.updateAndGet(runs, (n) => n + 1)
            cache.subscribe("user", () => undefined)
            yield* cache.get("user", load)
            let expected = 1
            let lastStart = 0
            let now = 0
            for (const gap of gaps) {
              yield* TestClock.adjust(gap)
              now += gap
              yield* cache.refresh("user")
              if (now - lastStart >= 300) {
                expected++
                lastStart = now
              }
            }
            assert.strictEqual(yield* Ref.get(runs), expected)
            assert.deepStrictEqual(cache.peek("user"), { _tag: "Success", value: expected, refreshing: false })
          })
        )
      }),
      { numRuns: 60 }
    )
  })

  it("an entry exists exactly until 5000 ms after its last subscriber left", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        async (subscribers, held, after) => {
          await runTest(
            Effect.gen(function* () {
              const cache = yield* makeQueryCache()
              yield* cache.get("user", Effect.succeed("u"))
              const leaves = Array.from({ length: subscribers }, () => cache.subscribe("user", () => undefined))
              yield* TestClock.adjust(held)
              for (const leave of leaves) leave()
              yield* TestClock.adjust(after)
              assert.strictEqual(cache.peek("user") !== undefined, after < 5000)
            })
          )
        }
      ),
      { numRuns: 60 }
    )
  })
})
