import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Ref from "effect/Ref"
import { TestClock } from "effect/testing"
import { makeQueryCache } from "../../src/react/cache.js"

describe("QueryCache.seed", () => {
  it.effect("a seeded answer is read without a load; an invalidation (a write) then runs the load", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const runs = yield* Ref.make(0)
        const load = Ref.updateAndGet(runs, (n) => n + 100)
        yield* cache.seed("user", load, 7)
        assert.deepStrictEqual(cache.peek("user"), { _tag: "Success", value: 7, refreshing: false })
        assert.strictEqual(yield* cache.get("user", load), 7)
        assert.strictEqual(cache.loadCount(), 0)
        // A subscribed reader keeps the entry; the write's invalidation reloads it with the seeded load.
        const unsubscribe = cache.subscribe("user", () => undefined)
        yield* cache.invalidate("user")
        assert.deepStrictEqual(cache.peek("user"), { _tag: "Success", value: 100, refreshing: false })
        unsubscribe()
      })
    )
  )

  it.effect("does not replace what the cache holds, and a refresh right after it is throttled", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const runs = yield* Ref.make(0)
        const load = Ref.updateAndGet(runs, (n) => n + 1)
        yield* cache.seed("user", load, 7)
        yield* cache.seed("user", load, 8)
        assert.strictEqual(yield* cache.get("user", load), 7)
        yield* cache.refresh("user")
        assert.strictEqual(yield* Ref.get(runs), 0)
        yield* TestClock.adjust(300)
        const refreshing = yield* Effect.forkChild(cache.refresh("user"))
        yield* Fiber.join(refreshing)
        assert.strictEqual(yield* Ref.get(runs), 1)
      })
    )
  )
})
