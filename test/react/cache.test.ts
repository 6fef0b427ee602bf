import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Ref from "effect/Ref"
import { TestClock } from "effect/testing"
import { makeQueryCache } from "../../src/react/cache.js"

/** A load that takes `ms` of (test) time and counts its runs; answers the run number. */
const countingLoad = (ms = 100) =>
  Effect.map(Ref.make(0), (runs) => ({
    runs,
    load: Effect.andThen(
      Effect.sleep(ms),
      Ref.updateAndGet(runs, (n) => n + 1)
    )
  }))

describe("QueryCache", () => {
  it.effect("fifty concurrent readers share one load", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad()
        const fiber = yield* Effect.forkChild(
          Effect.forEach(
            Array.from({ length: 50 }, (_, i) => i),
            () => cache.get("user", load),
            { concurrency: "unbounded" }
          )
        )
        yield* TestClock.adjust(100)
        const answers = yield* Fiber.join(fiber)
        assert.strictEqual(yield* Ref.get(runs), 1)
        assert.isTrue(answers.every((a) => a === 1))
        assert.strictEqual(cache.loadCount(), 1)
        // Later readers get the cached value without a request.
        assert.strictEqual(yield* cache.get("user", load), 1)
        assert.strictEqual(yield* Ref.get(runs), 1)
      })
    )
  )

  it.effect("fifty synchronous ensures (fifty components rendering) start one load", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad()
        for (let i = 0; i < 50; i++) {
          const snapshot = yield* cache.ensure(["user", "me"], load)
          assert.strictEqual(snapshot._tag, "Pending")
        }
        yield* TestClock.adjust(100)
        assert.strictEqual(yield* Ref.get(runs), 1)
        assert.deepStrictEqual(cache.peek(["user", "me"]), { _tag: "Success", value: 1, refreshing: false })
      })
    )
  )

  it.effect("an entry without subscribers is dropped 5000 ms after it settles, not before", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load } = yield* countingLoad()
        yield* cache.ensure("user", load)
        yield* TestClock.adjust(100)
        assert.strictEqual(cache.peek("user")?._tag, "Success")
        yield* TestClock.adjust(4999)
        assert.isDefined(cache.peek("user"))
        yield* TestClock.adjust(1)
        assert.isUndefined(cache.peek("user"))
      })
    )
  )

  it.effect("the drop countdown starts when the last subscriber leaves and stops when one comes back", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad()
        yield* cache.ensure("user", load)
        const a = cache.subscribe("user", () => undefined)
        const b = cache.subscribe("user", () => undefined)
        yield* TestClock.adjust(100)
        yield* TestClock.adjust(60_000)
        assert.isDefined(cache.peek("user"), "kept while subscribed")
        a()
        yield* TestClock.adjust(10_000)
        assert.isDefined(cache.peek("user"), "one subscriber is left")
        b()
        yield* TestClock.adjust(3000)
        const c = cache.subscribe("user", () => undefined)
        yield* TestClock.adjust(10_000)
        assert.isDefined(cache.peek("user"), "a returning subscriber cancels the countdown")
        c()
        yield* TestClock.adjust(4999)
        assert.isDefined(cache.peek("user"))
        yield* TestClock.adjust(1)
        assert.isUndefined(cache.peek("user"))
        assert.strictEqual(yield* Ref.get(runs), 1)
      })
    )
  )

  it.effect("refresh within 300 ms of the last load reuses it; after that it reloads", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad(10)
        const unsubscribe = cache.subscribe("user", () => undefined)
        yield* cache.ensure("user", load) // load starts at t=0
        yield* TestClock.adjust(10)
        yield* TestClock.adjust(289) // t = 299
        yield* cache.refresh("user")
        assert.strictEqual(yield* Ref.get(runs), 1)
        yield* TestClock.adjust(1) // t = 300
        const fiber = yield* Effect.forkChild(cache.refresh("user"))
        yield* TestClock.adjust(10)
        yield* Fiber.join(fiber)
        assert.strictEqual(yield* Ref.get(runs), 2)
        assert.deepStrictEqual(cache.peek("user"), { _tag: "Success", value: 2, refreshing: false })
        unsubscribe()
      })
    )
  )

  it.effect("refresh during a load joins it instead of starting a second one", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad(1000)
        yield* cache.ensure("user", load)
        yield* TestClock.adjust(500)
        const fiber = yield* Effect.forkChild(cache.refresh("user"))
        yield* TestClock.adjust(500)
        yield* Fiber.join(fiber)
        assert.strictEqual(yield* Ref.get(runs), 1)
      })
    )
  )

  it.effect("invalidate bypasses the throttle and reloads a subscribed entry", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad(10)
        const notified = yield* Ref.make(0)
        cache.subscribe("user", () => Effect.runSync(Ref.update(notified, (n) => n + 1)))
        yield* cache.ensure("user", load)
        yield* TestClock.adjust(10)
        const fiber = yield* Effect.forkChild(cache.invalidate("user"))
        yield* TestClock.adjust(10)
        yield* Fiber.join(fiber)
        assert.strictEqual(yield* Ref.get(runs), 2)
        assert.deepStrictEqual(cache.peek("user"), { _tag: "Success", value: 2, refreshing: false })
        assert.strictEqual(yield* Ref.get(notified), 3, "settled, refreshing, settled")
      })
    )
  )

  it.effect("invalidate during a load runs one more load after it (the running one may be stale)", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad(100)
        cache.subscribe("user", () => undefined)
        yield* cache.ensure("user", load)
        yield* TestClock.adjust(50)
        const fibers = yield* Effect.forEach([1, 2, 3], () => Effect.forkChild(cache.invalidate("user")))
        yield* TestClock.adjust(50)
        assert.strictEqual(yield* Ref.get(runs), 1)
        assert.strictEqual(cache.peek("user")?._tag, "Success")
        yield* TestClock.adjust(100)
        yield* Effect.forEach(fibers, Fiber.join)
        assert.strictEqual(yield* Ref.get(runs), 2, "three invalidations, one follow-up load")
        assert.deepStrictEqual(cache.peek("user"), { _tag: "Success", value: 2, refreshing: false })
      })
    )
  )

  it.effect("invalidate without subscribers forgets the entry; the next read loads", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad(0)
        assert.strictEqual(yield* cache.get("user", load), 1)
        yield* cache.invalidate("user")
        assert.isUndefined(cache.peek("user"))
        assert.strictEqual(yield* cache.get("user", load), 2)
        assert.strictEqual(yield* Ref.get(runs), 2)
      })
    )
  )

  it.effect("invalidate reaches every key it is a prefix of, and no other", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load } = yield* countingLoad(0)
        yield* cache.get(["team-permissions", "a", true], load)
        yield* cache.get(["team-permissions", "a", false], load)
        yield* cache.get(["team-permissions", "b", true], load)
        yield* cache.get(["team-permissions-x", "a"], load)
        yield* cache.get("user", load)
        yield* cache.invalidate(["team-permissions", "a"])
        assert.isUndefined(cache.peek(["team-permissions", "a", true]))
        assert.isUndefined(cache.peek(["team-permissions", "a", false]))
        assert.isDefined(cache.peek(["team-permissions", "b", true]))
        assert.isDefined(cache.peek(["team-permissions-x", "a"]), "a prefix is element by element, not textual")
        assert.isDefined(cache.peek("user"))
        yield* cache.invalidate([])
        assert.isUndefined(cache.peek("user"), "the empty key covers everything")
      })
    )
  )

  it.effect("a string key is the one-element array key", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad(0)
        yield* cache.get("user", load)
        assert.strictEqual(yield* cache.get(["user"], load), 1)
        assert.strictEqual(yield* Ref.get(runs), 1)
      })
    )
  )

  it.effect("failures are cached as snapshots and re-raised to readers", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const runs = yield* Ref.make(0)
        const load = Effect.andThen(
          Ref.update(runs, (n) => n + 1),
          Effect.fail("boom" as const)
        )
        const exit = yield* Effect.exit(cache.get("user", load))
        assert.isTrue(Exit.isFailure(exit))
        assert.strictEqual(cache.peek("user")?._tag, "Failure")
        const again = yield* Effect.exit(cache.get("user", load))
        assert.deepStrictEqual(again, exit)
        assert.strictEqual(yield* Ref.get(runs), 1)
      })
    )
  )

  it.effect("clear forgets everything, notifies subscribers, and a late answer of the old session lands nowhere", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        const { load, runs } = yield* countingLoad(100)
        const notified = yield* Ref.make<ReadonlyArray<string>>([])
        cache.subscribe("user", () => Effect.runSync(Ref.update(notified, (n) => [...n, "user"])))
        cache.subscribe("project", () => Effect.runSync(Ref.update(notified, (n) => [...n, "project"])))
        yield* cache.get("project", Effect.succeed("p"))
        yield* cache.ensure("user", load) // still loading when the session ends
        yield* Ref.set(notified, [])
        yield* cache.clear
        assert.isUndefined(cache.peek("user"))
        assert.isUndefined(cache.peek("project"))
        assert.sameMembers([...(yield* Ref.get(notified))], ["user", "project"])
        yield* TestClock.adjust(100)
        assert.strictEqual(yield* Ref.get(runs), 1)
        assert.isUndefined(cache.peek("user"), "the old session's answer is not cached")
      })
    )
  )

  it.effect("clear wakes a reader suspended on a first answer, even when the load itself changed the session", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        // The guest query's shape: the load signs a guest up, which changes the session and clears the
        // cache, then reads the guest. The reader (a suspended component) waits on the first snapshot.
        const load = Effect.andThen(Effect.sleep(50), Effect.andThen(cache.clear, Effect.as(Effect.sleep(50), "guest")))
        const first = yield* cache.ensure(["user", "guest"], load)
        assert.strictEqual(first._tag, "Pending")
        if (first._tag !== "Pending") return
        yield* TestClock.adjust(50)
        // Already resolved, the promise's reaction runs before one queued after it.
        const woken = yield* Effect.promise(() =>
          Promise.race([first.settled.then(() => true), Promise.resolve().then(() => false)])
        )
        assert.isTrue(woken, "the suspended reader's promise is resolved")
        // The woken reader finds the key gone and starts the new session's load, which answers.
        assert.isUndefined(cache.peek(["user", "guest"]))
        const fiber = yield* Effect.forkChild(cache.get(["user", "guest"], Effect.succeed("guest")))
        assert.strictEqual(yield* Fiber.join(fiber), "guest")
      })
    )
  )

  it.effect("ensure never notifies synchronously, even for a load that needs no I/O (React is rendering)", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        let notified = 0
        cache.subscribe("user", () => void notified++)
        const snapshot = yield* cache.ensure("user", Effect.succeed("ann"))
        assert.strictEqual(snapshot._tag, "Pending")
        assert.strictEqual(notified, 0)
        yield* Effect.yieldNow
        yield* Effect.yieldNow
        assert.strictEqual(notified, 1)
        assert.deepStrictEqual(cache.peek("user"), { _tag: "Success", value: "ann", refreshing: false })
      })
    )
  )

  it.effect("the snapshot keeps its identity while nothing changes (useSyncExternalStore)", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* makeQueryCache()
        yield* cache.get("user", Effect.succeed(1))
        assert.strictEqual(cache.peek("user"), cache.peek("user"))
      })
    )
  )

  it.effect("closing the scope interrupts running loads", () =>
    Effect.gen(function* () {
      const interrupted = yield* Ref.make(false)
      const load = Effect.onInterrupt(Effect.never, () => Ref.set(interrupted, true))
      yield* Effect.scoped(
        Effect.gen(function* () {
          const cache = yield* makeQueryCache()
          yield* cache.ensure("user", load)
          yield* Effect.yieldNow
        })
      )
      yield* Effect.yieldNow
      assert.isTrue(yield* Ref.get(interrupted))
    })
  )
})
