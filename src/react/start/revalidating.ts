/**
 * A value the server keeps for every request and revalidates in the background (stale-while-revalidate): the
 * project's public config, which changes seldom and which every page reads. A request gets the kept value at
 * once; one older than `freshMs` is still handed out while one background load replaces it. Only the first
 * request (nothing kept yet) waits for a load, and requests that arrive together share it. Time is Effect's
 * Clock, so tests move it with TestClock.
 */
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"

/** How long a loaded value is served without asking again, by default. */
export const DEFAULT_FRESH_MS = 30_000

/** The kept value (or nothing yet), and the loads under way. */
export interface Revalidating<A> {
  /**
   * The kept value, loaded first when there is none (`undefined` when that load fails: the next request tries
   * again). A stale one starts a background load, unless one runs already.
   */
  readonly get: Effect.Effect<A | undefined>
}

interface Kept<A> {
  readonly value: A
  /** When it was loaded, or when a background load last failed (so a failing load is retried once a window). */
  readonly at: number
}

/**
 * `makeRevalidating(load, { freshMs, scope })`: the background loads run in `scope` (the server's for its
 * life), so a request that started one need not wait for it.
 */
export const makeRevalidating = <A, E>(
  load: Effect.Effect<A, E>,
  options: { readonly freshMs: number; readonly scope: Scope.Scope }
): Revalidating<A> => {
  let kept: Kept<A> | undefined
  // The first load, shared by the requests that arrive before anything is kept.
  let first: Deferred.Deferred<A | undefined> | undefined
  let revalidating = false

  const firstLoad = Effect.suspend(() => {
    if (first !== undefined) return Deferred.await(first)
    const mine = Deferred.makeUnsafe<A | undefined>()
    first = mine
    return Effect.gen(function* () {
      const loaded = yield* Effect.exit(load)
      if (loaded._tag === "Failure") return undefined
      kept = { value: loaded.value, at: yield* Clock.currentTimeMillis }
      return loaded.value
    }).pipe(
      // Whatever ends the load (an interruption too), the requests waiting for it get its value or nothing.
      Effect.onExit((exit) =>
        Effect.sync(() => {
          first = undefined
          Deferred.doneUnsafe(mine, Effect.succeed(exit._tag === "Success" ? exit.value : undefined))
        })
      )
    )
  })

  // A failed revalidation keeps the stale value (the backend is briefly away; the config did not change
  // because of it) and waits a window before the next try.
  const revalidate = (stale: Kept<A>) =>
    Effect.gen(function* () {
      const loaded = yield* Effect.exit(load)
      const at = yield* Clock.currentTimeMillis
      kept = loaded._tag === "Success" ? { value: loaded.value, at } : { value: stale.value, at }
    }).pipe(
      Effect.ensuring(
        Effect.sync(() => {
          revalidating = false
        })
      )
    )

  const get = Effect.gen(function* () {
    const current = kept
    if (current === undefined) return yield* firstLoad
    const now = yield* Clock.currentTimeMillis
    if (now - current.at >= options.freshMs && !revalidating) {
      revalidating = true
      yield* Effect.forkIn(revalidate(current), options.scope)
    }
    return current.value
  })

  return { get }
}
