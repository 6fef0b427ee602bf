/**
 * `StackProvider` owns the Effect runtime of an app: it builds it from the Layer it is given (typically the
 * client tier) plus the React layer (cache, tab sync), renders its children once the runtime is ready, and
 * disposes it on unmount.
 *
 * The runtime is created inside `useEffect`, not in `useState`/`useMemo`: under StrictMode React runs the
 * first effect's cleanup, which disposes the runtime, and a runtime made during render would then be reused
 * after disposal (effect4-guide section 9).
 */
import * as Data from "effect/Data"
import type * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createContext, createElement, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from "react"
import { redirectWait } from "./redirect-wait.js"
import { EmailLinkUrls } from "../services/navigation/email-link-urls.js"
import {
  type RedirectTarget,
  type RedirectUrlOptions,
  type RedirectUrls,
  resolveRedirectUrls
} from "../services/navigation/redirects.js"
import { type AppRuntime, buildAppRuntime } from "./app-runtime.js"
import { appRedirectUrl, browserUrls, normalizeBasepath, toBrowserPath } from "./basepath.js"
import { QueryCache, type QueryCacheShape } from "./cache.js"
import { layerStackReact, type StackReactOptions } from "./react-layer.js"
import { makeRedirects } from "./redirect-dedupe.js"
import { signOutThenNavigate, type SignOutOptions } from "./sign-out.js"

/** What components reach through {@link useStackApp}. */
export interface StackApp<R = never> {
  readonly runtime: AppRuntime<R | QueryCache>
  readonly cache: QueryCacheShape
  /** The router's paths (without the basepath), as the app's own links are. */
  readonly urls: RedirectUrls
  /**
   * Moves the browser to an app URL (by default `location.assign`, which adds the basepath; a router
   * passes its own).
   */
  readonly navigate: (url: string) => void
  /** `await app.run(CurrentUser.use((u) => u.update({ displayName })))` */
  readonly run: <A, E>(effect: Effect.Effect<A, E, R | QueryCache>) => Promise<A>
  /**
   * Navigates to a target (sign-in and sign-up carry `after_auth_return_to`). The promise resolves after
   * the redirect wait (2000 ms), by which time the navigation has usually taken over; calls for
   * the same URL within that wait share one navigation, a call for another URL navigates at once.
   */
  readonly redirectTo: (target: RedirectTarget) => Promise<void>
  /**
   * `await app.signOut({ redirectUrl: "/goodbye" })`: ends the session on the server and here, then
   * navigates to `redirectUrl` or the after-sign-out target. Needs `Auth` in the provider's Layer (every
   * tier has it).
   */
  readonly signOut: (options?: SignOutOptions) => Promise<void>
}

const StackAppContext = createContext<StackApp<unknown> | null>(null)

/** Props of `StackProvider`: the app's Layer (a tier) and what to show while it is built. */
export interface StackProviderProps<R, E> {
  /** Built once per provider; create it outside components (a new Layer per render rebuilds the runtime). */
  readonly layer: Layer.Layer<R, E, never>
  readonly children?: ReactNode
  /** Shown while the runtime is being built. */
  readonly fallback?: ReactNode
  /** The handler base, default `/handler`. */
  readonly handlerPath?: string | undefined
  /** Overrides of any redirect target (`{ afterSignIn: "/dashboard" }`). */
  readonly urls?: RedirectUrlOptions | undefined
  /** Given the app's URLs (the router's paths); default a document load of their browser path. */
  readonly navigate?: ((url: string) => void) | undefined
  /**
   * The router's `basepath` (`"/app"`) when the app is mounted below one; default none. `handlerPath` and
   * `urls` stay the router's paths; the default `navigate` and the `after_auth_return_to` of redirects use
   * the browser's path. Pass the router's own: `basepath={router.basepath}`.
   */
  readonly basepath?: string | undefined
  /** See {@link StackReactOptions}: `tabSync` (default true), `prefetch` (default false). */
  readonly tabSync?: boolean | undefined
  readonly prefetch?: boolean | undefined
  /** Advanced: everything the React layer accepts (cache timings, test channels); read when the runtime is built. */
  readonly reactOptions?: StackReactOptions | undefined
  /** How a server-rendered app builds the first runtime (`StackStartProvider` of `stackfx/react-start`). @internal */
  readonly firstRender?: FirstRender | undefined
}

/** A hook of this adapter was used outside a `StackProvider` (or before its runtime was ready). */
export class StackProviderMissing extends Data.TaggedError("StackProviderMissing")<{ readonly message: string }> {
  constructor() {
    super({ message: "stackfx hooks and components must be rendered inside a <StackProvider>." })
  }
}

/**
 * How a server-rendered app's provider builds its first runtime: at once, with the server's answers in its
 * cache, so that the first render shows the app. Kept out of this module so that an app that does not
 * render on a server does not load it (stackfx/react-start's `StackStartProvider` gives it). @internal
 */
export interface FirstRender {
  /** Builds and seeds the first runtime now; `undefined` to build it the usual way. `layerFor(onServer)`. */
  readonly build: <R>(layerFor: (onServer: boolean) => Layer.Layer<R, unknown>) => AppRuntime<R> | undefined
  /**
   * The mount's effect takes the runtime the render showed (and disposes any other built during render):
   * the function that disposes it on unmount, or `undefined` when there is none to take.
   */
  readonly adopt: (shown: unknown) => (() => void) | undefined
  /** Seeds a runtime built later for the same page (StrictMode's second mount, new props). */
  readonly seed: (runtime: AppRuntime<QueryCache>) => void
}

/** The app's Layer with the React layer on top, and the e-mailed links' URLs as the provider last rendered them. */
const appLayerFor = <R, E>(
  layer: Layer.Layer<R, E, never>,
  emailUrls: { readonly current: RedirectUrls },
  options: StackReactOptions
) =>
  Layer.provideMerge(
    layerStackReact(options),
    Layer.merge(
      layer,
      Layer.sync(EmailLinkUrls, () => ({ urls: emailUrls.current }))
    )
  )

type RuntimeState<R> =
  | { readonly _tag: "Building" }
  | { readonly _tag: "Ready"; readonly runtime: AppRuntime<R | QueryCache> }
  | { readonly _tag: "Failed"; readonly error: unknown }

const currentUrl = (): string | undefined =>
  (globalThis as { readonly location?: { readonly href?: string } }).location?.href

const assignLocation = (url: string): void => {
  ;(globalThis as { readonly location?: { assign(url: string): void } }).location?.assign(url)
}

/**
 * `<StackProvider layer={clientLayer} fallback={<Spinner />}>...</StackProvider>`
 */
export function StackProvider<R, E>(props: StackProviderProps<R, E>): ReactNode {
  const { layer, prefetch, tabSync } = props
  // Read through refs so that inline props (a new function or object each render) neither rebuild the
  // runtime nor hand every reader a new app.
  const reactOptions = useRef(props.reactOptions)
  reactOptions.current = props.reactOptions
  const basepath = normalizeBasepath(props.basepath)
  // The app's URLs are the router's paths; a document load needs the browser's.
  const navigateTo = props.navigate ?? ((url: string) => assignLocation(toBrowserPath(url, basepath)))
  const navigateRef = useRef(navigateTo)
  navigateRef.current = navigateTo

  const urlKey = JSON.stringify([props.handlerPath, props.urls])
  // Compared by value: an inline `urls={{ ... }}` must not rebuild the app every render.
  const urls = useMemo(() => resolveRedirectUrls({ handler: props.handlerPath, ...props.urls }), [urlKey])
  // E-mailed links (verification, reset, magic link) point at the app's own handler pages, as the browser
  // addresses them: read when the runtime is built.
  const emailUrls = useRef(browserUrls(urls, basepath))
  emailUrls.current = browserUrls(urls, basepath)

  // A server-rendered app's first runtime is built during the first render (see `FirstRender`).
  const firstRender = useRef(props.firstRender)
  const [state, setState] = useState<RuntimeState<R>>(() => {
    const runtime = props.firstRender?.build((onServer) =>
      appLayerFor(layer, emailUrls, { ...reactOptions.current, tabSync: onServer ? false : tabSync, prefetch })
    )
    return runtime === undefined ? { _tag: "Building" } : { _tag: "Ready", runtime }
  })
  const rendered = useRef(state)
  rendered.current = state

  useEffect(() => {
    // The runtime of the first render is this mount's: adopted once, disposed on unmount. A later run (new
    // props, or StrictMode's second mount) builds a new one.
    const shown = rendered.current
    const adopted = firstRender.current?.adopt(shown._tag === "Ready" ? shown.runtime : undefined)
    if (adopted !== undefined) return adopted
    setState({ _tag: "Building" })
    const options: StackReactOptions = { ...reactOptions.current, tabSync, prefetch }
    const built = buildAppRuntime(appLayerFor(layer, emailUrls, options))
    let live = true
    built.ready.then(
      (runtime) => {
        firstRender.current?.seed(runtime)
        if (live) setState({ _tag: "Ready", runtime })
      },
      (error: unknown) => live && setState({ _tag: "Failed", error })
    )
    return () => {
      live = false
      void built.dispose()
    }
  }, [layer, prefetch, tabSync])

  const app = useMemo((): StackApp<R> | undefined => {
    if (state._tag !== "Ready") return undefined
    const runtime = state.runtime
    const cache = runtime.runSync(QueryCache)
    const navigate = (url: string) => navigateRef.current(url)
    const redirect = makeRedirects(navigate, redirectWait)
    return {
      runtime,
      cache,
      urls,
      navigate,
      run: (effect) => runtime.runPromise(effect),
      redirectTo: (target) => redirect(appRedirectUrl(urls, target, { currentUrl: currentUrl(), basepath })),
      // `Auth` is the caller's promise, like the services of `run`; without it the promise rejects.
      signOut: (options) =>
        runtime.runPromise(signOutThenNavigate(urls, navigate, options) as Effect.Effect<void, unknown, never>)
    }
  }, [state, urls, basepath])

  // Rendering is React's way to hand a failure to the nearest error boundary.
  if (state._tag === "Failed") throw state.error
  if (app === undefined) return props.fallback ?? null
  return createElement(StackAppContext.Provider, { value: app as StackApp<unknown> }, props.children)
}

/**
 * The app of the nearest `StackProvider`. `R` names the services the caller's effects need; React context
 * cannot carry types, so it is the caller's promise that the provider's Layer has them.
 */
export function useStackApp<R = never>(): StackApp<R> {
  const app = useContext(StackAppContext)
  if (app === null) throw new StackProviderMissing()
  return app as StackApp<R>
}
