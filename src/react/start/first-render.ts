/**
 * The first runtime of a server-rendered app's provider: built in the render's own step (the Layers of a
 * tier build synchronously) with the server's user and project in `useUser()`'s and `useProject()`'s cache, so that the server's HTML and the
 * browser's first render show the app with that user, and no fallback, no request, no shift.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import { isLoggedIn, Session } from "../../services/session/session.js"
import { disposer, runtimeOf } from "../app-runtime.js"
import { QueryCache } from "../cache.js"
import type { FirstRender } from "../provider.js"
import { projectQuery, userQuery } from "../queries.js"
import type { StackPageData, StackSnapshot } from "./snapshot.js"

/** No `document`: rendering on a server, where tabs, channels and unmounts do not exist. */
const onServer = (): boolean => (globalThis as { readonly document?: unknown }).document === undefined

/**
 * Whether the browser's session says otherwise than the server's answers (it ended or started since the server
 * answered): the hooks then load as usual. On the server the provider's session is not the request's (it has
 * no cookie jar), so the answers are taken as given.
 */
const sessionDisagrees = (signedIn: boolean) =>
  Effect.map(
    Effect.serviceOption(Session),
    (session) => !onServer() && session._tag === "Some" && isLoggedIn(session.value.current()) !== signedIn
  )

/**
 * Puts the server's user into the cache under `useUser()`'s key (unless the browser's session disagrees), and
 * the project under `useProject()`'s. The loads need `CurrentUser` and `Projects`: the provider's Layer is a tier.
 */
const seedSnapshot = (snapshot: StackSnapshot) =>
  Effect.gen(function* () {
    const cache = yield* QueryCache
    if (snapshot.project !== undefined) yield* cache.seed(projectQuery.key, projectQuery.load, snapshot.project)
    if (yield* sessionDisagrees(snapshot.user !== null)) return
    yield* cache.seed(userQuery.key, userQuery.load, snapshot.user)
  }) as Effect.Effect<void, never, QueryCache>

/**
 * Puts a page's answers into the cache (`useStackPageData`), unless the browser's session disagrees. An entry's
 * load is its own answer: the page's readers, rendering next, give it theirs (the cache keeps the latest
 * reader's), and until one does a reload has nothing else to ask.
 */
export const seedPageData = (data: StackPageData) =>
  Effect.gen(function* () {
    if (yield* sessionDisagrees(data.signedIn)) return
    const cache = yield* QueryCache
    for (const seed of data.seeds) yield* cache.seed(seed.key, Effect.succeed(seed.value), seed.value)
  })

/** A runtime built during a render, and how to dispose it. */
interface Built {
  /** Compared by identity only. */
  readonly runtime: object
  readonly dispose: () => Promise<void>
}

/**
 * The first render of one provider given the request's snapshot. In a browser the
 * runtimes built during render wait for the mount's effect (StrictMode renders twice: the one not shown is
 * disposed); on a server there are no effects, and nothing is kept.
 */
export const firstRenderWith = (snapshot: StackSnapshot): FirstRender => {
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
      Effect.runSyncWith(exit.value)(seedSnapshot(snapshot) as Effect.Effect<void>)
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
    seed: (runtime) => runtime.runSync(seedSnapshot(snapshot))
  }
}
