import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { makeNoncePool } from "./nonce-pool.js"

/** The only I/O the transport does. Swap it to add proxies, logging, or an effect HttpClient. */
export type FetchFn = (url: string, init: RequestInit) => Promise<Response>

/**
 * The fetch the transport calls; defaults to the global one (looked up per call, so polyfills and test
 * stubs installed later still apply). `Layer.succeed(Fetch, myFetch)` or `layerFetch(myFetch)` replaces it.
 */
export const Fetch = /* @__PURE__ */ Context.Reference<FetchFn>("stackfx/Fetch", {
  defaultValue: () => (url, init) => globalThis.fetch(url, init)
})

/** `Effect.provide(program, layerFetch(customFetch))` */
export const layerFetch = (fetch: FetchFn): Layer.Layer<never> => Layer.succeed(Fetch, fetch)

/**
 * Source of `X-Stack-Random-Nonce` values. The nonce defeats caches between the client and the API, so
 * every request needs a fresh one; tests inject a deterministic source. The default draws from a pool
 * of random bytes (internal/nonce-pool.ts) that belongs to the default itself, made when first read.
 */
export const NonceSource = /* @__PURE__ */ Context.Reference<() => string>("stackfx/NonceSource", {
  defaultValue: makeNoncePool
})
