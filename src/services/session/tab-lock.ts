/**
 * A lock shared by the tabs of one origin, so that only one of them refreshes an expired token at a time:
 * the others wait, then find the fresh token in the shared store. Web Locks where the page has them.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Semaphore from "effect/Semaphore"

/** The lock the session refreshes under, per project. */
export const refreshLockName = (projectId: string): string => `stackfx:refresh:${projectId}`

/** Runs an effect while holding a lock that other tabs respect. */
export interface TabLock {
  readonly withLock: (name: string) => <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

export interface LockManagerLike {
  request(name: string, options: { readonly signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>
}

/** Web Locks (`navigator.locks`): held across every tab of the origin. */
export const webLocksTabLock = (locks: LockManagerLike): TabLock => ({
  withLock: (name) => (effect) =>
    Effect.callback((resume, signal) => {
      let release: () => void = () => undefined
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      signal.addEventListener("abort", () => release())
      locks
        .request(name, { signal }, () => {
          resume(
            Effect.ensuring(
              effect,
              Effect.sync(() => release())
            )
          )
          return held
        })
        .catch((error: unknown) => {
          // Aborted means this fiber was interrupted while waiting; nothing to resume.
          if (signal.aborted) return
          resume(
            Effect.andThen(
              Effect.logWarning("stackfx: the Web Locks API refused a lock; refreshing without it", String(error)),
              effect
            )
          )
        })
    })
})

/**
 * Without Web Locks: one refresh at a time inside this tab, and a random delay of up to `jitterMs` so that
 * tabs woken by the same expiry rarely refresh together; the later ones then find the fresh token.
 */
export const bestEffortTabLock = (jitterMs = 250): Effect.Effect<TabLock> =>
  Effect.map(Semaphore.make(1), (semaphore) => ({
    withLock: () => (effect) =>
      semaphore.withPermit(Effect.andThen(Effect.flatMap(Random.nextIntBetween(0, jitterMs), Effect.sleep), effect))
  }))

/** No coordination: a single process (a server, a script) has nothing to share a lock with. */
export const noTabLock: TabLock = { withLock: () => (effect) => effect }

const pageLocks = (): LockManagerLike | undefined =>
  (globalThis as { readonly navigator?: { readonly locks?: LockManagerLike } }).navigator?.locks

/**
 * The lock `Session` refreshes under. Defaults to Web Locks where the page has them and to no lock
 * elsewhere; `Layer.succeed(RefreshLock, lock)` replaces it (tests, simulated tabs).
 */
export const RefreshLock = /* @__PURE__ */ Context.Reference<TabLock>("stackfx/RefreshLock", {
  defaultValue: () => {
    const locks = pageLocks()
    return locks === undefined ? noTabLock : webLocksTabLock(locks)
  }
})
