/**
 * Endpoint services whose code is loaded on first use, and the one loader of that code: the lazily loaded
 * chunk (services/live.ts: every service implementation, the known-error catalogue, the network
 * diagnostics). This is the only module of http/ that imports the chunk (test/architecture.test.ts); the wire
 * is handed its loader (`layerLazyParts`, services/wire/lazy-parts.ts) and asks it for the catalogue when an
 * answer carries a known error and for the diagnostics when the retries gave up on the network.
 *
 * A tier Layer names every endpoint service of its tier, so without this a browser program that only
 * reads the current user would still ship the code of teams, passkeys, OAuth… (issue 2's bundle budget).
 * The service's Layer holds only a table of its member names; the implementations (`services/live.ts`,
 * one chunk for the app's bundler, shared by every lazy service) are imported the first time any member
 * runs, then built once with the services captured when the Layer was built. Each member runs in an
 * operation span (`stackfx.Teams.list`) when a tracer is provided.
 *
 * A service class and its `layer` carry a `@__PURE__` mark: a class whose static field calls a
 * function counts as a side effect, so without the mark a bundler keeps every service of an imported
 * module (the server variants beside the client ones) and, through their loaders, what they load.
 */
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Semaphore from "effect/Semaphore"
import type * as Stream from "effect/Stream"
import { NetworkError } from "../../../errors/client/network-error.js"
import { type LazyParts, LazyPartsLoader } from "../../wire/lazy-parts.js"
import { tracedService } from "../../wire/tracing.js"

// The dynamic import keeps the chunk out of the first load; the lazy layers and the wire load the same chunk,
// so a bundler makes one chunk of it.
const importChunk = () => import("../../live.js")

/** The chunk's exports. */
type Chunk = Awaited<ReturnType<typeof importChunk>>

/** Loads the chunk (once: the module system keeps it); a failed load is tried again by the next caller. @internal */
export const loadLiveChunk = (): Promise<LazyParts> => importChunk()

/** The loader, for the layers of the session and the transport. @internal */
export const layerLazyParts: Layer.Layer<LazyPartsLoader> = /* @__PURE__ */ Layer.succeed(
  LazyPartsLoader,
  loadLiveChunk
)

/** Effects whose error channel admits a failed code load. */
type CanFailToLoad<T> =
  T extends Effect.Effect<infer _A, infer E, infer _R> ? (NetworkError extends E ? true : false) : false

/** Streams whose error channel admits a failed code load. */
type StreamCanFailToLoad<T> =
  T extends Stream.Stream<infer _A, infer E, infer _R> ? (NetworkError extends E ? true : false) : false

/**
 * How each member of a service shape is called: `"effect"` for a member that is an Effect
 * (`teams.list`), `"function"` for one that returns an Effect (`teams.get(id)`), `"stream"` for one that
 * returns a Stream (`users.listAll()`). A member must be able to fail with `NetworkError`: its code may
 * have to come over the network first.
 */
export type MemberKinds<Shape> = {
  readonly [K in keyof Shape]-?: Shape[K] extends Effect.Effect<infer _A, infer _E, infer _R>
    ? CanFailToLoad<Shape[K]> extends true
      ? "effect"
      : never
    : Shape[K] extends (...args: infer _P) => infer Out
      ? CanFailToLoad<Out> extends true
        ? "function"
        : StreamCanFailToLoad<Out> extends true
          ? "stream"
          : never
      : never
}

/** Members built over the service's other members where its tag is (`allPages`, see all-pages.ts). */
export type DerivedMembers<Shape> = (service: Shape) => Partial<Shape>

/**
 * The service object of {@link layerLazy} on its own; `name` names the code in a load failure. `firstLoad`
 * builds the members the service's first-load module writes (`firstLoad` in its table, service-calls.ts):
 * built at once, they never wait for the lazily loaded code.
 */
export const lazyImplementation = <Shape, R, RF = never>(
  name: string,
  kinds: MemberKinds<Shape>,
  load: () => Promise<Effect.Effect<Shape, never, R>>,
  derived?: DerivedMembers<Shape>,
  firstLoad?: Effect.Effect<Partial<Shape>, never, RF>
): Effect.Effect<Shape, never, R | RF> =>
  Effect.gen(function* () {
    const context = yield* Effect.context<R>()
    const atOnce: Readonly<Record<string, unknown>> = firstLoad === undefined ? {} : yield* firstLoad
    const once = yield* Semaphore.make(1)
    let loaded: Shape | undefined
    const build = Effect.tryPromise({
      try: load,
      catch: (cause) =>
        new NetworkError({
          method: "GET",
          url: `code of ${name}`,
          causeMessage: cause instanceof Error ? cause.message : String(cause),
          attempts: 1
        })
    }).pipe(
      Effect.flatMap((make) => Effect.provideContext(make, context)),
      Effect.map((shape) => {
        loaded = shape
        return shape
      })
    )
    const implementation = Effect.suspend(() =>
      loaded !== undefined
        ? Effect.succeed(loaded)
        : once.withPermits(1)(Effect.suspend(() => (loaded !== undefined ? Effect.succeed(loaded) : build)))
    )
    const proxy: Record<string, unknown> = {}
    for (const [member, kind] of Object.entries<string>(kinds)) {
      // A Stream member is built over the others (`derived`), never loaded; a first-load member is at hand.
      if (kind === "stream") continue
      if (member in atOnce) {
        proxy[member] = atOnce[member]
        continue
      }
      const pick = (shape: Shape): unknown => (shape as Record<string, unknown>)[member]
      proxy[member] =
        kind === "effect"
          ? Effect.flatMap(implementation, (shape) => pick(shape) as Effect.Effect<unknown, unknown>)
          : (...args: ReadonlyArray<unknown>) =>
              Effect.flatMap(implementation, (shape) =>
                (pick(shape) as (...a: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown>)(...args)
              )
    }
    // The table is checked against Shape member by member (MemberKinds), and each entry forwards to
    // the same member of the loaded implementation, whose errors already include NetworkError, or is the
    // first-load member itself.
    if (derived !== undefined) Object.assign(proxy, derived(proxy as Shape))
    return tracedService(loadLiveChunk, name, proxy as Shape)
  })

/**
 * `layerLazy(Teams, { list: "effect", get: "function" }, () => import("../live.js").then((m) => m.makeTeams))`
 *
 * When the code cannot be fetched (offline on first use), the call fails with a `NetworkError` like any
 * request that got no answer, and the next call tries again.
 */
export const layerLazy = <Self, Shape, R, RF = never>(
  tag: Context.Key<Self, Shape>,
  kinds: MemberKinds<Shape>,
  load: () => Promise<Effect.Effect<Shape, never, R>>,
  derived?: DerivedMembers<Shape>,
  firstLoad?: Effect.Effect<Partial<Shape>, never, RF>
): Layer.Layer<Self, never, R | RF> => Layer.effect(tag, lazyImplementation(tag.key, kinds, load, derived, firstLoad))

/** The chunk's exports that implement a service of this shape. */
type ImplementationOf<Shape> = {
  readonly [K in keyof Chunk]: Chunk[K] extends Effect.Effect<Shape, never, infer _R> ? K : never
}[keyof Chunk]

/**
 * `layerChunk(Teams, TeamsMembers, "makeTeams")`: {@link layerLazy} over the chunk's export `makeTeams`, the
 * layer of every generated tag module whose implementation takes no options. The load is this module's, so
 * a service's first call runs no code of its tag module.
 */
export const layerChunk = <Self, Shape, K extends ImplementationOf<Shape>, RF = never>(
  tag: Context.Key<Self, Shape>,
  kinds: MemberKinds<Shape>,
  implementation: K,
  derived?: DerivedMembers<Shape>,
  firstLoad?: Effect.Effect<Partial<Shape>, never, RF>
): Layer.Layer<Self, never, Effect.Services<Chunk[K]> | RF> =>
  layerLazy(
    tag,
    kinds,
    // The export is one of the chunk's implementations of Shape (ImplementationOf), needing its services.
    () =>
      importChunk().then((chunk) => chunk[implementation] as Effect.Effect<Shape, never, Effect.Services<Chunk[K]>>),
    derived,
    firstLoad
  )
