/**
 * The read cache under concurrent requests: misses of one key share one load (each write empties the
 * cache, and every waiting reader used to run the same queries again, one after another on PGlite's
 * single connection), but never across a write: a caller that arrives after a write began gets a load of
 * its own, so it sees that write.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { Db } from "../../../backend/src/store/db.js"
import { openDb } from "../../../backend/src/store/layer.js"
import { cacheKeys, ReadCache } from "../../../backend/src/store/read-cache.js"

const withCache = <A, E>(use: (cache: ReadCache["Service"], db: Db["Service"]) => Effect.Effect<A, E>) =>
  Effect.scoped(
    Effect.gen(function* () {
      const db = yield* openDb("memory")
      const cache = yield* Effect.provide(
        Effect.gen(function* () {
          return yield* ReadCache
        }),
        ReadCache.layer.pipe(Layer.provide(Layer.succeed(Db, db)))
      )
      return yield* use(cache, db)
    })
  )

/** A load that counts its runs and waits for `gate` before answering `value()`. */
const gatedLoad = (gate: Deferred.Deferred<void>, runs: { count: number }, value: () => string) =>
  Effect.gen(function* () {
    runs.count++
    yield* Deferred.await(gate)
    return value()
  })

// Lets every forked fiber run until it waits on something.
const settle = Effect.repeat(Effect.yieldNow, { times: 20 })

describe("ReadCache", () => {
  it.effect(
    "concurrent misses of one key run its load once and all get its answer",
    () =>
      withCache((cache) =>
        Effect.gen(function* () {
          const gate = yield* Deferred.make<void>()
          const runs = { count: 0 }
          const fibers = yield* Effect.forEach(Array.from({ length: 20 }), () =>
            Effect.forkChild(
              cache.get(
                "user:p:u",
                gatedLoad(gate, runs, () => "answer")
              )
            )
          )
          yield* settle
          yield* Deferred.succeed(gate, undefined)
          const answers = yield* Effect.forEach(fibers, Fiber.join)
          assert.strictEqual(runs.count, 1)
          assert.deepStrictEqual(new Set(answers), new Set(["answer"]))
        })
      ),
    { timeout: 60_000 }
  )

  it.effect(
    "a caller arriving after a write began does not share a load started before it",
    () =>
      withCache((cache, db) =>
        Effect.gen(function* () {
          const gate = yield* Deferred.make<void>()
          const runs = { count: 0 }
          let stored = "before the write"
          const before = yield* Effect.forkChild(
            cache.get(
              "k",
              gatedLoad(gate, runs, () => stored)
            )
          )
          yield* settle
          stored = "after the write"
          yield* db.query("update projects set display_name = display_name where id = 'internal'")
          const after = yield* Effect.forkChild(
            cache.get(
              "k",
              gatedLoad(gate, runs, () => stored)
            )
          )
          yield* settle
          yield* Deferred.succeed(gate, undefined)
          assert.strictEqual(yield* Fiber.join(after), "after the write")
          yield* Fiber.join(before)
          assert.strictEqual(runs.count, 2)
        })
      ),
    { timeout: 60_000 }
  )

  it.effect(
    "a write narrowed to one key reloads that key only; any other write reloads every key",
    () =>
      withCache((cache, db) =>
        Effect.gen(function* () {
          const runs = new Map<string, number>()
          const read = (key: string) =>
            cache.get(
              key,
              Effect.sync(() => {
                runs.set(key, (runs.get(key) ?? 0) + 1)
                return `${key} #${runs.get(key)}`
              })
            )
          const write = db.query("update projects set display_name = display_name where id = 'internal'")
          const a = cacheKeys.user("p", "a")
          const b = cacheKeys.user("p", "b")
          const project = cacheKeys.project("p")
          const readAll = Effect.forEach([a, b, project], read)
          yield* readAll
          yield* db.writesOnly([a], db.transaction(write))
          assert.deepStrictEqual(yield* readAll, [`${a} #2`, `${b} #1`, `${project} #1`])
          yield* write
          assert.deepStrictEqual(yield* readAll, [`${a} #3`, `${b} #2`, `${project} #2`])
        })
      ),
    { timeout: 60_000 }
  )
})
