import * as Context from "effect/Context"
import * as Layer from "effect/Layer"

/** The only I/O the transport does. Swap it to add proxies, logging, or an effect HttpClient. */
export type FetchFn = (url: string, init: RequestInit) => Promise<Response>

/**
 * The fetch the transport calls; defaults to the global one (looked up per call, so polyfills and test
 * stubs installed later still apply). `Layer.succeed(Fetch, myFetch)` or `layerFetch(myFetch)` replaces it.
 */
export const Fetch = Context.Reference<FetchFn>("stackfx/Fetch", {
  defaultValue: () => (url, init) => globalThis.fetch(url, init)
})

/** `Effect.provide(program, layerFetch(customFetch))` */
export const layerFetch = (fetch: FetchFn): Layer.Layer<never> => Layer.succeed(Fetch, fetch)

/** 16 random bytes as hex from Web Crypto (present in browsers, workers and Node >= 20). */
export const randomNonce = (): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("")

/**
 * Source of `X-Stack-Random-Nonce` values. The nonce defeats caches between the client and the API, so
 * every request needs a fresh one; tests inject a deterministic source.
 */
export const NonceSource = Context.Reference<() => string>("stackfx/NonceSource", {
  defaultValue: () => randomNonce
})
