/**
 * What a `StackProvider` adds to the user's Layer: the query cache, cleared whenever the signed-in session
 * changes hands and reloaded where the tier's services announce a write, the multi-tab sync, and the
 * optional prefetch of the user.
 *
 * Session, token store, config and data changes are looked up, not required: a Layer without a session (a
 * test page, a server-tier admin screen) still gets a working cache.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import type * as Scope from "effect/Scope"
import { ClientConfig } from "../services/wire/client-config.js"
import { CurrentUser } from "../services/generated/current-user.js"
import { DataChanges, type DataChangesShape } from "../services/changes/data-changes.js"
import { Session, type SessionShape, type SessionState } from "../services/session/session.js"
import { TokenStore } from "../services/session/token-store.js"
import { makeQueryCache, QueryCache, type QueryCacheOptions, type QueryCacheShape } from "./cache.js"
import { pagePrefetchRegistry, type PrefetchRegistry } from "./prefetch.js"
import { userQuery } from "./queries.js"
import { openBroadcastChannel, runTabSync, type TabChannel, tabChannelName } from "./tab-sync.js"

/** Options of the React layer: tab sync, prefetching the user, and the cache's timings. */
export interface StackReactOptions {
  /** Keep the other tabs of this origin on the same session (default true). */
  readonly tabSync?: boolean | undefined
  /** Load the user as soon as the provider starts, before a component asks (default false). */
  readonly prefetch?: boolean | undefined
  readonly cache?: QueryCacheOptions | undefined
  /** For tests: where prefetching apps are counted (default: the page's registry). */
  readonly prefetchRegistry?: PrefetchRegistry | undefined
  /**
   * For tests: the tab sync's channel (default: BroadcastChannel). The lock the tabs refresh under belongs
   * to the session (`RefreshLock`, Web Locks by default).
   */
  readonly tabChannel?: TabChannel | undefined
}

/** Who the session belongs to: a different answer means a different user (or none). */
const sessionOwner = (state: SessionState): string | null =>
  state._tag === "KnownInvalid" ? null : (state.refreshToken ?? state.accessToken)

/**
 * Clears the cache when the session starts, ends or changes owner, so no component shows the previous
 * user's data. A token refresh keeps the cache.
 */
export const clearOnSessionChange = (
  session: SessionShape,
  cache: QueryCacheShape
): Effect.Effect<void, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.sync(() => {
      let owner = sessionOwner(session.current())
      return session.subscribe((next) => {
        const nextOwner = sessionOwner(next)
        if (nextOwner === owner) return
        owner = nextOwner
        Effect.runSync(cache.clear)
      })
    }),
    (unsubscribe) => Effect.sync(unsubscribe)
  )

/**
 * Reloads (or forgets) the cached queries under the keys a write announces, before the write's effect
 * completes: `await app.run(CurrentUser.use((u) => u.update(patch)))` resolves with every reader fresh.
 */
export const invalidateOnDataChange = (
  changes: DataChangesShape,
  cache: QueryCacheShape
): Effect.Effect<void, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.sync(() =>
      changes.listen((keys) => Effect.forEach(keys, cache.invalidate, { concurrency: "unbounded", discard: true }))
    ),
    (unlisten) => Effect.sync(unlisten)
  )

const newTabId = Effect.map(Random.nextIntBetween(0, Number.MAX_SAFE_INTEGER), (n) => `tab-${n.toString(36)}`)

/** The cache plus the session-driven behaviour around it; see {@link StackReactOptions}. */
export const layerStackReact = (options: StackReactOptions = {}): Layer.Layer<QueryCache> =>
  Layer.effect(
    QueryCache,
    Effect.gen(function* () {
      const cache = yield* makeQueryCache(options.cache)
      const changes = yield* Effect.serviceOption(DataChanges)
      if (Option.isSome(changes)) yield* invalidateOnDataChange(changes.value, cache)
      const session = yield* Effect.serviceOption(Session)
      if (Option.isSome(session)) {
        yield* clearOnSessionChange(session.value, cache)
        const store = yield* Effect.serviceOption(TokenStore)
        const config = yield* Effect.serviceOption(ClientConfig)
        if (options.tabSync !== false && Option.isSome(store) && Option.isSome(config)) {
          const projectId = config.value.projectId
          yield* runTabSync({
            session: session.value,
            store: store.value,
            channel: options.tabChannel ?? openBroadcastChannel(tabChannelName(projectId)),
            tabId: yield* newTabId
          })
        }
      }
      if (options.prefetch === true) {
        yield* (options.prefetchRegistry ?? pagePrefetchRegistry).register
        const currentUser = yield* Effect.serviceOption(CurrentUser)
        if (Option.isSome(currentUser)) {
          // Starts the load without waiting for it: the answer (or failure) waits in the cache for the first reader.
          yield* cache.ensure(userQuery.key, Effect.provideService(userQuery.load, CurrentUser, currentUser.value))
        }
      }
      return cache
    })
  )

/** The former name of `layerStackReact` (effect's order for layer constructors). @deprecated Use `layerStackReact`. */
export const stackReactLayer = layerStackReact
