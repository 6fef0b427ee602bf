/**
 * The first runtime of a server-rendered app's provider: built in the render's own step (the Layers of a
 * tier build synchronously) with the server's user in `useUser()`'s cache, so that the server's HTML and the
 * browser's first render show the app with that user, and no fallback, no request, no shift.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import type { ClientUser } from "../../domain/user.js"
import { isLoggedIn, Session } from "../../services/session/session.js"
import { disposer, runtimeOf } from "../app-runtime.js"
import { QueryCache } from "../cache.js"
import type { FirstRender } from "../provider.js"
import { userQuery } from "../queries.js"

/** No `document`: rendering on a server, where tabs, channels and unmounts do not exist. */
const onServer = (): boolean => (globalThis as { readonly document?: unknown }).document === undefined

/**
 * Puts the server's user into the cache under `useUser()`'s key, unless the browser's session says otherwise
 * (it ended or started since the server answered): then the hooks load the user as usual. On the server the
 * provider's session is not the request's (it has no cookie jar), so the user is taken as given. The user's
 * load needs `CurrentUser`: the provider's Layer is a tier.
 */
const seedUser = (user: ClientUser | null) =>
  Effect.gen(function* () {
    const session = yield* Effect.serviceOption(Session)
    if (!onServer() && session._tag === "Some" && isLoggedIn(session.value.current()) !== (user !== null)) return
    const cache = yield* QueryCache
    yield* cache.seed(userQuery.key, userQuery.load, user)
  }) as Effect.Effect<void, never, QueryCache>

/** A runtime built during a render, and how to dispose it. */
interface Built {
  /** Compared by identity only. */
  readonly runtime: object
  readonly dispose: () => Promise<void>
}

/**
 * The first render of one provider given the request's user (`null` for a visitor). In a browser the
 * runtimes built during render wait for the mount's effect (StrictMode renders twice: the one not shown is
 * disposed); on a server there are no effects, and nothing is kept.
 */
export const firstRenderWith = (user: ClientUser | null): FirstRender => {
  let built: Array<Built> = []
  return {
    build: (layerFor) => {
      const server = onServer()
      const scope = Scope.makeUnsafe()
      const running = new AbortController()
      const exit = Effect.runSyncExit(Layer.buildWithScope(layerFor(server), scope))
      if (Exit.isFailure(exit)) {
        // Not buildable in one step (or failing): the provider builds it the usual way, and reports a failure.
        void Effect.runPromise(Scope.close(scope, Exit.void))
        return undefined
      }
      const runtime = runtimeOf(exit.value, running.signal)
      Effect.runSyncWith(exit.value)(seedUser(user) as Effect.Effect<void>)
      if (!server) built.push({ runtime, dispose: disposer(scope, running) })
      return runtime
    },
    adopt: (shown) => {
      const candidates = built
      built = []
      const kept = candidates.find((candidate) => candidate.runtime === shown)
      for (const candidate of candidates) if (candidate !== kept) void candidate.dispose()
      return kept === undefined ? undefined : () => void kept.dispose()
    },
    seed: (runtime) => runtime.runSync(seedUser(user))
  }
}
