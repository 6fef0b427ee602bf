import * as Context from "effect/Context"
import * as Layer from "effect/Layer"

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

const NONCE_BYTES = 16
/** Nonces drawn from one `getRandomValues` call: the call itself, not the bytes, is what costs. */
const NONCES_PER_DRAW = 128
const NONCE_DIGITS = NONCE_BYTES * 2
let pool = ""
let poolOffset = 0

/** One draw of random bytes, as one string of hex digits. */
const drawPool = (): string => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES * NONCES_PER_DRAW))
  const digits: Array<string> = new Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) digits[i] = (bytes[i] ?? 0).toString(16).padStart(2, "0")
  return digits.join("")
}

/**
 * 16 random bytes as hex from Web Crypto (present in browsers, workers and Node >= 20). The bytes come
 * from a pool refilled every 128 nonces, as Node's own `randomUUID` does, kept as hex: a nonce is a slice of
 * it, one string per request instead of sixteen joined. Each byte is used once.
 * @internal
 */
export const randomNonce = (): string => {
  if (poolOffset + NONCE_DIGITS > pool.length) {
    pool = drawPool()
    poolOffset = 0
  }
  const nonce = pool.slice(poolOffset, poolOffset + NONCE_DIGITS)
  poolOffset += NONCE_DIGITS
  return nonce
}

/**
 * Source of `X-Stack-Random-Nonce` values. The nonce defeats caches between the client and the API, so
 * every request needs a fresh one; tests inject a deterministic source.
 */
export const NonceSource = /* @__PURE__ */ Context.Reference<() => string>("stackfx/NonceSource", {
  defaultValue: () => randomNonce
})
