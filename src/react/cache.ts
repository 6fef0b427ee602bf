/**
 * The React adapter's query cache. Framework-free: React reads it through `peek` and
 * `subscribe` (the `useSyncExternalStore` pair) and starts loads with `ensure`; everything timed goes
 * through the `Clock` captured when the cache was built, so tests drive it with `TestClock`.
 *
 * - Concurrency 1 per key: while a load runs, every reader, refresher and invalidator joins it.
 * - Throttle: `refresh` within {@link CACHE_THROTTLE_MS} of the last load's start reuses that load.
 * - Drop: an entry is removed {@link CACHE_ENTRY_DROP_MS} after it is settled and has no subscriber.
 * - `invalidate` is the mutation path: it bypasses the throttle, and a load that was already running when
 *   the data changed is followed by a fresh one. A key invalidates every key it is a prefix of, so the
 *   keys a service's write announces (contract/data-keys.ts) reach every entry holding that data.
 * - `clear` (session end) forgets everything at once; loads started for the old session land nowhere, and
 *   readers waiting for a first answer are woken to read again.
 */
import type * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { coversKey, type DataKey } from "../services/changes/data-changes.js"

/** Refetches of one cache entry are throttled to one per this interval. @internal */
export const CACHE_THROTTLE_MS = 300
/** A cache entry is dropped this long after its last subscriber leaves. @internal */
export const CACHE_ENTRY_DROP_MS = 5_000

/** `["user"]` or `["team-members", teamId]`; a string is the key of one element (`"user"` = `["user"]`). */
export type QueryKey = string | DataKey

const keyParts = (key: QueryKey): DataKey => (typeof key === "string" ? [key] : key)

/** The identity of a key inside the cache: its JSON text. */
export const queryKeyId = (key: QueryKey): string => JSON.stringify(keyParts(key))

/**
 * What a reader sees. `Pending` only before the first answer: a reload keeps the previous answer visible
 * with `refreshing: true`, so the page does not fall back to a spinner on every mutation.
 */
export type QuerySnapshot<A = unknown, E = unknown> =
  | { readonly _tag: "Pending"; readonly settled: Promise<void> }
  | { readonly _tag: "Success"; readonly value: A; readonly refreshing: boolean }
  | { readonly _tag: "Failure"; readonly cause: Cause.Cause<E>; readonly refreshing: boolean }

/**
 * Timings of the query cache, in milliseconds: `throttleMs` (reuse a load this recent), `dropAfterMs` (forget an
 * unused entry after).
 */
export interface QueryCacheOptions {
  readonly throttleMs?: number
  readonly dropAfterMs?: number
}

/**
 * The query cache behind the hooks: one load at a time per key, snapshots React reads synchronously, invalidation by
 * key prefix.
 */
export interface QueryCacheShape {
  /** The entry's current snapshot, synchronously; `undefined` when the key is not cached. */
  readonly peek: (key: QueryKey) => QuerySnapshot | undefined
  /** Calls `listener` whenever the key's snapshot changes; returns the unsubscribe function. */
  readonly subscribe: (key: QueryKey, listener: () => void) => () => void
  /**
   * The key's snapshot, starting `load` first if the key is not cached. The load runs with the caller's
   * services; it is remembered for later refreshes.
   */
  readonly ensure: <A, E, R>(
    key: QueryKey,
    load: Effect.Effect<A, E, R>
  ) => Effect.Effect<QuerySnapshot<A, E>, never, R>
  /** The cached value, or the outcome of the (shared) load. */
  readonly get: <A, E, R>(key: QueryKey, load: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Reloads the key unless a load is running or started less than the throttle interval ago. */
  readonly refresh: (key: QueryKey) => Effect.Effect<void>
  /**
   * The data under the key changed (a mutation): every entry whose key starts with it is reloaded now if
   * anyone is subscribed, else forgotten. Resolves once the fresh answers are in the cache.
   */
  readonly invalidate: (key: QueryKey) => Effect.Effect<void>
  /**
   * Puts an answer obtained elsewhere under `key` (the user the server rendered the page with), as if `load`
   * had just given it: readers render it without loading, and later refreshes and invalidations run `load`.
   * Nothing changes when the key is cached already.
   */
  readonly seed: <A, E, R>(key: QueryKey, load: Effect.Effect<A, E, R>, value: A) => Effect.Effect<void, never, R>
  /** Forgets every entry and notifies every subscriber (session end). */
  readonly clear: Effect.Effect<void>
  /** How many loads have been started since the cache was built (for tests and diagnostics). */
  readonly loadCount: () => number
}

interface Entry {
  readonly key: DataKey
  snapshot: QuerySnapshot
  load: Effect.Effect<unknown, unknown>
  inflight: Deferred.Deferred<unknown, unknown> | undefined
  loadFiber: Fiber.Fiber<void> | undefined
  lastLoadStartedAt: number
  /** The data changed while a load was running: that load's answer may be stale. */
  rerun: boolean
  resolveSettled: () => void
  dropTimer: Fiber.Fiber<void> | undefined
}

const pending = (): { readonly snapshot: QuerySnapshot; readonly resolve: () => void } => {
  let resolve: () => void = () => undefined
  const settled = new Promise<void>((r) => {
    resolve = r
  })
  return { snapshot: { _tag: "Pending", settled }, resolve }
}

const withRefreshing = (snapshot: QuerySnapshot, refreshing: boolean): QuerySnapshot =>
  snapshot._tag === "Pending" || snapshot.refreshing === refreshing ? snapshot : { ...snapshot, refreshing }

/**
 * Builds a cache whose timers and loads live until the surrounding scope closes.
 *
 * @example
 * const cache = yield* makeQueryCache()
 * const user = yield* cache.get("user", CurrentUser.use((u) => u.get))
 */
export const makeQueryCache = (options: QueryCacheOptions = {}) =>
  Effect.gen(function* () {
    const throttleMs = options.throttleMs ?? CACHE_THROTTLE_MS
    const dropAfterMs = options.dropAfterMs ?? CACHE_ENTRY_DROP_MS
    const clock = yield* Clock.Clock
    const services = yield* Effect.context<never>()
    const fork = Effect.runForkWith(services)
    const entries = new Map<string, Entry>()
    const listeners = new Map<string, Set<() => void>>()
    let loads = 0
    let closed = false

    const notify = (id: string) => {
      const set = listeners.get(id)
      if (set === undefined) return
      for (const listener of [...set]) listener()
    }
    const subscriberCount = (id: string) => listeners.get(id)?.size ?? 0

    const cancelDrop = (entry: Entry) => {
      entry.dropTimer?.interruptUnsafe()
      entry.dropTimer = undefined
    }

    const scheduleDrop = (id: string, entry: Entry) => {
      if (closed || entry.dropTimer !== undefined || entry.inflight !== undefined || subscriberCount(id) > 0) return
      entry.dropTimer = fork(
        Effect.andThen(
          Effect.sleep(dropAfterMs),
          Effect.sync(() => {
            if (entries.get(id) === entry && subscriberCount(id) === 0 && entry.inflight === undefined) {
              entries.delete(id)
            }
            entry.dropTimer = undefined
          })
        )
      )
    }

    const setSnapshot = (id: string, entry: Entry, snapshot: QuerySnapshot) => {
      if (entry.snapshot === snapshot) return
      entry.snapshot = snapshot
      if (entries.get(id) === entry) notify(id)
    }

    // Synchronous on purpose: checking for a running load and starting one must not interleave with
    // another fiber doing the same, or two loads of one key could run at once.
    const startLoadUnsafe = (id: string, entry: Entry): Deferred.Deferred<unknown, unknown> => {
      if (entry.inflight !== undefined) return entry.inflight
      const deferred = Deferred.makeUnsafe<unknown, unknown>()
      entry.inflight = deferred
      entry.lastLoadStartedAt = clock.currentTimeMillisUnsafe()
      loads++
      cancelDrop(entry)
      setSnapshot(id, entry, withRefreshing(entry.snapshot, true))
      // `yieldNow` first: a fiber runs synchronously until it yields, and a load that needs no I/O would
      // otherwise settle (and notify listeners) inside `ensure`, that is while React is rendering.
      entry.loadFiber = fork(
        Effect.andThen(
          Effect.yieldNow,
          Effect.flatMap(Effect.exit(entry.load), (exit) => Effect.sync(() => settle(id, entry, deferred, exit)))
        )
      )
      return deferred
    }

    const settle = (
      id: string,
      entry: Entry,
      deferred: Deferred.Deferred<unknown, unknown>,
      exit: Exit.Exit<unknown, unknown>
    ) => {
      entry.inflight = undefined
      entry.loadFiber = undefined
      const current = entries.get(id) === entry
      if (current && !(Exit.isFailure(exit) && Exit.hasInterrupts(exit))) {
        setSnapshot(
          id,
          entry,
          Exit.isSuccess(exit)
            ? { _tag: "Success", value: exit.value, refreshing: false }
            : { _tag: "Failure", cause: exit.cause, refreshing: false }
        )
        entry.resolveSettled()
      }
      Deferred.doneUnsafe(deferred, exit)
      if (!current) return
      if (entry.rerun) {
        entry.rerun = false
        startLoadUnsafe(id, entry)
      } else {
        scheduleDrop(id, entry)
      }
    }

    const createEntryUnsafe = (key: QueryKey, id: string, load: Effect.Effect<unknown, unknown>): Entry => {
      const { resolve, snapshot } = pending()
      const entry: Entry = {
        key: keyParts(key),
        snapshot,
        load,
        inflight: undefined,
        loadFiber: undefined,
        lastLoadStartedAt: Number.NEGATIVE_INFINITY,
        rerun: false,
        resolveSettled: resolve,
        dropTimer: undefined
      }
      entries.set(id, entry)
      return entry
    }

    const awaitQuietly = (deferred: Deferred.Deferred<unknown, unknown>) =>
      Effect.asVoid(Effect.exit(Deferred.await(deferred)))

    const ensureEntry = <A, E, R>(key: QueryKey, load: Effect.Effect<A, E, R>) =>
      Effect.flatMap(Effect.context<R>(), (context) =>
        Effect.sync(() => {
          const id = queryKeyId(key)
          const provided: Effect.Effect<unknown, unknown> = Effect.provideContext(load, context)
          const existing = entries.get(id)
          if (existing !== undefined) {
            // The latest closure wins: it may capture newer props than the one that created the entry.
            existing.load = provided
            // Only an interrupted load leaves an entry pending with nothing running.
            if (existing.snapshot._tag === "Pending") startLoadUnsafe(id, existing)
            return { id, entry: existing }
          }
          // No notification: `ensure` runs while React renders, and a listener's update then would be an
          // update of another component during render. Readers of a missing key are rendering right now anyway.
          const entry = createEntryUnsafe(key, id, provided)
          startLoadUnsafe(id, entry)
          return { id, entry }
        })
      )

    const ensure = <A, E, R>(key: QueryKey, load: Effect.Effect<A, E, R>) =>
      // The entry was filled by `load`, whose answer is an `A` or an `E`: the key names one query.
      Effect.map(ensureEntry(key, load), ({ entry }) => entry.snapshot as QuerySnapshot<A, E>)

    const get = <A, E, R>(key: QueryKey, load: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
      Effect.flatMap(ensureEntry(key, load), ({ entry, id }) => {
        const snapshot = entry.snapshot
        if (entry.inflight === undefined) {
          if (snapshot._tag === "Success") return Effect.succeed(snapshot.value as A)
          if (snapshot._tag === "Failure") return Effect.failCause(snapshot.cause as Cause.Cause<E>)
        }
        return Deferred.await(startLoadUnsafe(id, entry)) as Effect.Effect<A, E>
      })

    const refresh = (key: QueryKey) =>
      Effect.suspend(() => {
        const id = queryKeyId(key)
        const entry = entries.get(id)
        if (entry === undefined) return Effect.void
        if (entry.inflight !== undefined) return awaitQuietly(entry.inflight)
        if (clock.currentTimeMillisUnsafe() - entry.lastLoadStartedAt < throttleMs) return Effect.void
        return awaitQuietly(startLoadUnsafe(id, entry))
      })

    const invalidateId = (id: string) =>
      Effect.suspend(() => {
        const entry = entries.get(id)
        if (entry === undefined) return Effect.void
        if (entry.inflight !== undefined) {
          entry.rerun = true
          const first = entry.inflight
          // Resolves after the follow-up load: the one started once `first` is settled.
          return Effect.andThen(
            awaitQuietly(first),
            Effect.suspend(() => (entry.inflight === undefined ? Effect.void : awaitQuietly(entry.inflight)))
          )
        }
        if (subscriberCount(id) === 0) {
          cancelDrop(entry)
          entries.delete(id)
          return Effect.void
        }
        return awaitQuietly(startLoadUnsafe(id, entry))
      })

    const invalidate = (key: QueryKey) =>
      Effect.suspend(() => {
        const prefix = keyParts(key)
        const covered = [...entries].flatMap(([id, entry]) => (coversKey(prefix, entry.key) ? [id] : []))
        return Effect.forEach(covered, invalidateId, { concurrency: "unbounded", discard: true })
      })

    const seed = <A, E, R>(key: QueryKey, load: Effect.Effect<A, E, R>, value: A) =>
      Effect.flatMap(Effect.context<R>(), (context) =>
        Effect.sync(() => {
          const id = queryKeyId(key)
          if (entries.has(id)) return
          const entry = createEntryUnsafe(key, id, Effect.provideContext(load, context))
          entry.snapshot = { _tag: "Success", value, refreshing: false }
          // A fresh answer: a refresh right after it is throttled like one after a load.
          entry.lastLoadStartedAt = clock.currentTimeMillisUnsafe()
          entry.resolveSettled()
          scheduleDrop(id, entry)
        })
      )

    const clear = Effect.sync(() => {
      const forgotten = [...entries]
      entries.clear()
      for (const [id, entry] of forgotten) {
        cancelDrop(entry)
        // A component suspended on this entry's first answer is not subscribed yet (React subscribes at
        // commit), so only its promise can wake it: it then renders again and loads for the new session.
        // Otherwise a load that itself changes the session (a guest's sign-up) would keep it suspended forever.
        if (entry.snapshot._tag === "Pending") entry.resolveSettled()
        notify(id)
      }
    })

    const subscribe = (key: QueryKey, listener: () => void) => {
      const id = queryKeyId(key)
      let set = listeners.get(id)
      if (set === undefined) {
        set = new Set()
        listeners.set(id, set)
      }
      // A wrapper, so that the same function subscribed twice (StrictMode) counts twice.
      const own = () => listener()
      set.add(own)
      const entry = entries.get(id)
      if (entry !== undefined) cancelDrop(entry)
      return () => {
        const current = listeners.get(id)
        if (current === undefined || !current.delete(own)) return
        if (current.size === 0) listeners.delete(id)
        const entry = entries.get(id)
        if (entry !== undefined) scheduleDrop(id, entry)
      }
    }

    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        closed = true
        for (const entry of entries.values()) {
          cancelDrop(entry)
          entry.loadFiber?.interruptUnsafe()
        }
        entries.clear()
        listeners.clear()
      })
    )

    return {
      peek: (key) => entries.get(queryKeyId(key))?.snapshot,
      subscribe,
      ensure,
      get,
      refresh,
      invalidate,
      seed,
      clear,
      loadCount: () => loads
    } satisfies QueryCacheShape
  })

/** The cache of one `StackProvider`, living as long as its runtime. */
export class QueryCache
  extends /* @__PURE__ */ Context.Service<QueryCache, QueryCacheShape>()("stackfx/react/QueryCache")
{
  static readonly layer = (options: QueryCacheOptions = {}): Layer.Layer<QueryCache> =>
    Layer.effect(QueryCache, makeQueryCache(options))
}
