/**
 * Query results cached until the next write. PGlite answers a query in a fraction of a millisecond
 * but the request path would need several per request; caching by `Db.generation` keeps hot reads
 * (the signed-in user, the project) off the database without any route having to invalidate anything.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Db, type DbError } from "./db.js"

const LIMIT = 10_000

export interface ReadCacheShape {
  /** The cached value of `key`, or the result of `load` (cached when no write happened meanwhile). */
  readonly get: <A>(key: string, load: Effect.Effect<A, DbError>) => Effect.Effect<A, DbError>
}

export class ReadCache extends Context.Service<ReadCache, ReadCacheShape>()("stackfx/emulator/ReadCache") {
  static readonly layer: Layer.Layer<ReadCache, never, Db> = Layer.effect(
    ReadCache,
    Effect.map(Db, (db) => {
      const entries = new Map<string, { readonly generation: number; readonly value: unknown }>()
      let seen = db.generation()
      return ReadCache.of({
        get: <A>(key: string, load: Effect.Effect<A, DbError>) =>
          Effect.suspend(() => {
            const generation = db.generation()
            if (generation !== seen) {
              // Everything cached is stale; drop it at once instead of entry by entry.
              entries.clear()
              seen = generation
            }
            const hit = entries.get(key)
            // The cache only ever stores values of the `load` the key names, so the type is known.
            if (hit !== undefined) return Effect.succeed(hit.value as A)
            return Effect.tap(load, (value) =>
              Effect.sync(() => {
                if (db.generation() !== generation) return
                if (entries.size >= LIMIT) entries.clear()
                entries.set(key, { generation, value })
              }))
          })
      })
    })
  )
}
