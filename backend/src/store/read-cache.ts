/**
 * Query results cached until the next write that may change them. PGlite answers a query in a fraction
 * of a millisecond but the request path would need several per request; caching by `Db.generation` keeps
 * hot reads (the signed-in user, the project) off the database without any route having to invalidate
 * anything. A write drops every entry, unless it runs inside `Db.writesOnly` naming the keys it changes
 * (a user's own update names that user's key): then the others, above all every other user and the
 * projects, stay cached, and their reads do not queue on the database behind the writes.
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Db, type DbError } from "./db.js"

const LIMIT = 10_000

/** The keys of the reads cached on every request, shared by the readers and the writes that narrow to them. */
export const cacheKeys = {
  /** A user's server view (`findUserView`). */
  user: (projectId: string, userId: string) => `user:${projectId}:${userId}`,
  /** A project and its key sets. */
  project: (projectId: string) => `project:${projectId}`,
  /** The trusted domains of every project. */
  trustedDomains: "trusted-domains"
} as const

export interface ReadCacheShape {
  /** The cached value of `key`, or the result of `load` (cached when no write happened meanwhile). */
  readonly get: <A, R>(key: string, load: Effect.Effect<A, DbError, R>) => Effect.Effect<A, DbError, R>
}

interface InFlight {
  /** The generation the load started under: only callers arriving under the same one may share it. */
  readonly generation: number
  readonly result: Deferred.Deferred<unknown, DbError>
}

export class ReadCache extends Context.Service<ReadCache, ReadCacheShape>()("stackfx-backend/ReadCache") {
  static readonly layer: Layer.Layer<ReadCache, never, Db> = Layer.effect(
    ReadCache,
    Effect.map(Db, (db) => {
      const entries = new Map<string, { readonly generation: number; readonly value: unknown }>()
      // Misses of one key share one load. Under concurrent writes every write empties the cache, and
      // without sharing each of the waiting readers ran the same queries, one after the other on PGlite's
      // single connection, behind the writes: reads starved.
      const loading = new Map<string, InFlight>()
      let seen = db.generation()
      return ReadCache.of({
        get: <A, R>(key: string, load: Effect.Effect<A, DbError, R>) =>
          Effect.suspend(() => {
            const everything = db.generation()
            if (everything !== seen) {
              // Everything cached is stale; drop it at once instead of entry by entry.
              entries.clear()
              seen = everything
            }
            const generation = db.generation(key)
            const hit = entries.get(key)
            // The cache only ever stores values of the `load` the key names, so the type is known.
            if (hit !== undefined && hit.generation === generation) return Effect.succeed(hit.value as A)
            // A load started under this generation saw every write that ended before this call (a write
            // that began since would have changed the generation), so its answer is as fresh as a new one.
            const shared = loading.get(key)
            if (shared !== undefined && shared.generation === generation) {
              return Deferred.await(shared.result) as Effect.Effect<A, DbError>
            }
            const result = Deferred.makeUnsafe<unknown, DbError>()
            const own: InFlight = { generation, result }
            loading.set(key, own)
            // Uninterruptible: other requests wait on this load, so a client that hangs up must not
            // cancel it under them. It is a few reads.
            return Effect.uninterruptible(load).pipe(
              Effect.onExit((exit) =>
                Effect.sync(() => {
                  if (loading.get(key) === own) loading.delete(key)
                  Deferred.doneUnsafe(result, exit)
                  if (exit._tag !== "Success" || db.generation(key) !== generation) return
                  if (entries.size >= LIMIT) entries.clear()
                  entries.set(key, { generation, value: exit.value })
                })
              )
            )
          })
      })
    })
  )
}
