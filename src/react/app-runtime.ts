/**
 * The provider's runtime: the app's Layer built once into a Context, and the ways to run an effect with
 * it. effect's ManagedRuntime does this and more (building on first use, a shared MemoMap, callback and
 * fork runners, awaiting interrupted fibers before the Layer closes) for about 0.8 KB gzip of initial load
 * that UserButton does not need.
 */
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"

/** The app's Layer built once, and the ways to run an effect that needs it; the provider disposes it on unmount. */
export interface AppRuntime<R> {
  readonly context: Context.Context<R>
  readonly runSync: <A, E>(effect: Effect.Effect<A, E, R>) => A
  readonly runPromise: <A, E>(effect: Effect.Effect<A, E, R>) => Promise<A>
  readonly runPromiseExit: <A, E>(effect: Effect.Effect<A, E, R>) => Promise<Exit.Exit<A, E>>
}

/** The ways to run an effect with a built context; `signal` aborts them all when the runtime is disposed. @internal */
export const runtimeOf = <R>(context: Context.Context<R>, signal: AbortSignal): AppRuntime<R> => {
  const options = { signal }
  const runPromise = Effect.runPromiseWith(context)
  const runPromiseExit = Effect.runPromiseExitWith(context)
  return {
    context,
    runSync: Effect.runSyncWith(context),
    runPromise: (effect) => runPromise(effect, options),
    runPromiseExit: (effect) => runPromiseExit(effect, options)
  }
}

/** Interrupts what the runtime still runs, then closes the Layer's scope. @internal */
export const disposer = (scope: Scope.Closeable, running: AbortController) => () => {
  running.abort()
  return Effect.runPromise(Scope.close(scope, Exit.void))
}

/**
 * Starts building `layer` in a scope of its own. `dispose` may come at any time, even during the build:
 * it interrupts the build and every effect the runtime still runs, then closes the Layer's scope.
 */
export const buildAppRuntime = <R, E>(
  layer: Layer.Layer<R, E, never>
): {
  readonly ready: Promise<AppRuntime<R>>
  readonly dispose: () => Promise<void>
} => {
  const scope = Scope.makeUnsafe()
  const running = new AbortController()
  const ready = Effect.runPromise(Layer.buildWithScope(layer, scope), { signal: running.signal }).then((context) =>
    runtimeOf(context, running.signal)
  )
  return { ready, dispose: disposer(scope, running) }
}
