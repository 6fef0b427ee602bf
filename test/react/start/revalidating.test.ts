import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Scope from "effect/Scope"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "@effect/vitest"
import { makeRevalidating } from "../../../src/react/start/revalidating.js"

const FRESH_MS = 30_000

/** A load that answers `version`, counting its runs; `gate` holds each run until it is opened. */
const counted = () => {
  const state = { runs: 0, version: 1, fail: false }
  const load = Effect.suspend(() => {
    state.runs++
    return state.fail ? Effect.fail("backend away" as const) : Effect.succeed(`config v${state.version}`)
  })
  return { state, load }
}

describe("the server's project config, kept and revalidated in the background", () => {
  it.effect("the first requests share one load; later ones get the kept value without a load while it is fresh", () =>
    Effect.gen(function* () {
      const { state, load } = counted()
      const gate = yield* Deferred.make<void>()
      const cache = makeRevalidating(Effect.andThen(Deferred.await(gate), load), {
        freshMs: FRESH_MS,
        scope: yield* Scope.make()
      })
      const first = yield* Effect.forkChild(cache.get)
      const second = yield* Effect.forkChild(cache.get)
      yield* Effect.yieldNow
      yield* Deferred.succeed(gate, undefined)
      expect([yield* Fiber.join(first), yield* Fiber.join(second)]).toEqual(["config v1", "config v1"])
      yield* TestClock.adjust(FRESH_MS - 1)
      expect(yield* cache.get).toBe("config v1")
      expect(state.runs).toBe(1)
    })
  )

  it.effect("a stale value is answered at once while one background load replaces it", () =>
    Effect.gen(function* () {
      const { state, load } = counted()
      const gate = yield* Deferred.make<void>()
      let gated = false
      const cache = makeRevalidating(
        Effect.andThen(
          Effect.suspend(() => (gated ? Deferred.await(gate) : Effect.void)),
          load
        ),
        { freshMs: FRESH_MS, scope: yield* Scope.make() }
      )
      expect(yield* cache.get).toBe("config v1")
      state.version = 2
      gated = true
      yield* TestClock.adjust(FRESH_MS)
      // Stale: answered from what is kept, the revalidation waits on the gate; a second request starts no other.
      expect(yield* cache.get).toBe("config v1")
      expect(yield* cache.get).toBe("config v1")
      yield* Deferred.succeed(gate, undefined)
      yield* Effect.yieldNow
      yield* Effect.yieldNow
      expect(yield* cache.get).toBe("config v2")
      expect(state.runs).toBe(2)
    })
  )

  it.effect(
    "a failed first load answers nothing and is tried again; a failed revalidation keeps the stale value a window",
    () =>
      Effect.gen(function* () {
        const { state, load } = counted()
        const cache = makeRevalidating(load, { freshMs: FRESH_MS, scope: yield* Scope.make() })
        state.fail = true
        expect(yield* cache.get).toBeUndefined()
        state.fail = false
        expect(yield* cache.get).toBe("config v1")
        expect(state.runs).toBe(2)

        state.fail = true
        yield* TestClock.adjust(FRESH_MS)
        expect(yield* cache.get).toBe("config v1")
        yield* Effect.yieldNow
        expect(state.runs).toBe(3)
        // The failed revalidation counts as a try: the next one waits for the window to pass again.
        expect(yield* cache.get).toBe("config v1")
        expect(state.runs).toBe(3)
        state.fail = false
        state.version = 3
        yield* TestClock.adjust(FRESH_MS)
        expect(yield* cache.get).toBe("config v1")
        yield* Effect.yieldNow
        expect(yield* cache.get).toBe("config v3")
        expect(state.runs).toBe(4)
      })
  )
})
