/**
 * One refresh per browser on the server too: requests that arrive together with the same expired cookies
 * (a page and its server functions, several tabs loading at once) share one read of the session, and so one
 * refresh, instead of each spending the refresh token. A result that refreshed is kept for a short while,
 * for the requests that left the browser before the first answer set the new cookies.
 */
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import type { StoredTokens } from "../../services/session/token-store.js"

/** How long a refreshed session is handed to requests that still carry the old cookies. @internal */
export const SHARED_REFRESH_KEEP_MS = 10_000

/** Shares the session read of requests carrying the same tokens. */
export interface SharedRefreshes {
  readonly share: <A extends { readonly refreshed: boolean }, E>(
    tokens: StoredTokens,
    read: Effect.Effect<A, E>
  ) => Effect.Effect<A, E>
}

interface Shared {
  readonly done: Deferred.Deferred<unknown, unknown>
  /** When a kept (refreshed) result stops being handed out; `undefined` while the read runs. */
  keptUntil: number | undefined
}

/** A fresh table; the server keeps one for its life (the middleware's). */
export const makeSharedRefreshes = (): SharedRefreshes => {
  const reads = new Map<string, Shared>()
  const share = <A extends { readonly refreshed: boolean }, E>(tokens: StoredTokens, read: Effect.Effect<A, E>) =>
    Effect.gen(function* () {
      // Nothing to refresh without a refresh token: such a read is local and not worth sharing.
      if (tokens.refreshToken === null) return yield* read
      const key = `${tokens.accessToken ?? ""}\n${tokens.refreshToken}`
      const now = yield* Clock.currentTimeMillis
      const existing = reads.get(key)
      if (existing !== undefined && (existing.keptUntil === undefined || existing.keptUntil > now)) {
        // The entry under this key was filled by a read of the same kind.
        return yield* Deferred.await(existing.done) as Effect.Effect<A, E>
      }
      const mine: Shared = { done: Deferred.makeUnsafe<unknown, unknown>(), keptUntil: undefined }
      reads.set(key, mine)
      const settle = (exit: Exit.Exit<A, E>) =>
        Effect.flatMap(Clock.currentTimeMillis, (at) =>
          Effect.sync(() => {
            Deferred.doneUnsafe(mine.done, exit)
            const refreshed = exit._tag === "Success" && exit.value.refreshed
            if (refreshed) mine.keptUntil = at + SHARED_REFRESH_KEEP_MS
            else if (reads.get(key) === mine) reads.delete(key)
            // Forget kept results whose time is up, so the table holds only the last few seconds' refreshes.
            for (const [other, entry] of reads) {
              if (entry.keptUntil !== undefined && entry.keptUntil <= at) reads.delete(other)
            }
          })
        )
      return yield* Effect.onExit(read, settle)
    })
  return { share }
}
