/**
 * One request as it goes out: its URL, headers (docs/wire.md) and body, the users it says it accepts, its
 * nonce, and `fetch`, the service that sends it. transport-send.ts sends it and reads the answer.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { API_PATH_PREFIX } from "../../domain/api.js"
import type { ClientConfigShape } from "./client-config.js"
import { authHeaderValue, type StoredTokens } from "./tokens.js"

/** The HTTP methods the API uses. */
export type HttpMethod = "GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE"

/** A request body: JSON (the API's default) or form fields (the OAuth token endpoint). */
export type RequestBody =
  | { readonly _tag: "Json"; readonly value: unknown }
  | { readonly _tag: "Form"; readonly fields: Readonly<Record<string, string>> }

/** `jsonBody({ display_name: "Ann" })` */
export const jsonBody = (value: unknown): RequestBody => ({ _tag: "Json", value })

/** `formBody({ grant_type: "refresh_token", refresh_token })` */
export const formBody = (fields: Readonly<Record<string, string>>): RequestBody => ({ _tag: "Form", fields })

/** A value of the query: `undefined` and `null` are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined

/** One call to the REST API, relative to `{baseUrl}/api/v1`. */
export interface TransportRequest {
  readonly method: HttpMethod
  /** e.g. `/users/me`; a trailing slash is removed. */
  readonly path: string
  /** `undefined` and `null` values are left out. */
  readonly query?: Readonly<Record<string, QueryValue>> | undefined
  readonly body?: RequestBody | undefined
  /** Attach the session's access and refresh tokens. Default true. */
  readonly withSession?: boolean | undefined
  /** Also send the tokens as the `x-stack-auth` JSON header. */
  readonly authJsonHeader?: boolean | undefined
  /** Leave out every `X-Stack-*` header (the OAuth token endpoint needs none). */
  readonly bare?: boolean | undefined
  /** Per-call extra headers; they win over the computed ones. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /**
   * How a 2xx body is read: `"json"` (default; empty is `null`) or `"text"`, the body as the string it is
   * (the feature-support answer is a sentence, not JSON). Error answers are decoded the same either way.
   */
  readonly response?: "json" | "text" | undefined
}

/** `{baseUrl}/api/v1{path}?{query}`, the path without its trailing slash. @internal */
export const requestUrl = (baseUrl: string, request: Pick<TransportRequest, "path" | "query">): string => {
  const slashed = request.path.startsWith("/") ? request.path : `/${request.path}`
  const path = slashed.endsWith("/") ? slashed.replace(/\/+$/, "") : slashed
  if (request.query === undefined) return `${baseUrl}${API_PATH_PREFIX}${path}`
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(request.query)) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  const query = params.toString()
  return `${baseUrl}${API_PATH_PREFIX}${path}${query === "" ? "" : `?${query}`}`
}

/**
 * The request headers (docs/wire.md) for one attempt. A fresh `nonce` must be passed per attempt. The names are
 * the service's Hexclave names of `STACK_HEADERS` (`x-hexclave-*`, as the official SDK sends them since the
 * rename), written out: the object (its keys) would add 0.1 KB gzip to every app's first load. `x-stack-auth`
 * keeps its one name, as in the SDK.
 * @internal
 */
export const requestHeaders = (
  config: ClientConfigShape,
  request: TransportRequest,
  nonce: string,
  tokens: StoredTokens | null,
  allowed: AllowedUsers = "unrestricted"
): Record<string, string> => {
  const headers: Record<string, string> = {}
  if (request.body?._tag === "Json") headers["content-type"] = "application/json"
  if (request.body?._tag === "Form") headers["content-type"] = "application/x-www-form-urlencoded"
  if (request.bare !== true) {
    headers["x-hexclave-override-error-status"] = "true"
    headers["x-hexclave-random-nonce"] = nonce
    headers["x-hexclave-project-id"] = config.projectId
    headers["x-hexclave-access-type"] = config.accessType
    headers["x-hexclave-client-version"] = config.clientVersion
    // The anonymous header also allows restricted users; a browser can send only it (the hosted CORS
    // allow-list lacks the restricted one), so the client tier uses it for both.
    if (config.allowAnonymousUser || allowed === "anonymous") headers["x-hexclave-allow-anonymous-user"] = "true"
    else if (config.allowRestrictedUser || allowed === "restricted") {
      headers[config.accessType === "client" ? "x-hexclave-allow-anonymous-user" : "x-hexclave-allow-restricted-user"] =
        "true"
    }
    if (config.publishableClientKey !== undefined) {
      headers["x-hexclave-publishable-client-key"] = config.publishableClientKey
    }
    if (config.secretServerKey !== undefined) headers["x-hexclave-secret-server-key"] = config.secretServerKey
    if (config.superSecretAdminKey !== undefined) {
      headers["x-hexclave-super-secret-admin-key"] = config.superSecretAdminKey
    }
    if (config.adminAccessToken !== undefined) headers["x-hexclave-admin-access-token"] = config.adminAccessToken
    if (tokens?.accessToken != null) headers["x-hexclave-access-token"] = tokens.accessToken
    if (tokens?.refreshToken != null) headers["x-hexclave-refresh-token"] = tokens.refreshToken
    if (config.extraRequestHeaders !== undefined) withOwnHeaders(headers, config.extraRequestHeaders)
  }
  if (request.authJsonHeader === true) {
    headers["x-stack-auth"] = authHeaderValue(tokens)
  }
  return request.headers === undefined ? headers : withOwnHeaders(headers, request.headers)
}

/**
 * Adds headers given by the app over the computed ones. One given under its old name (`x-stack-client-version`)
 * replaces the computed one under the new name too: the service reads the new name first.
 */
const withOwnHeaders = (headers: Record<string, string>, own: Readonly<Record<string, string>>) => {
  for (const name of Object.keys(own)) {
    const lower = name.toLowerCase()
    if (lower.startsWith("x-stack-")) delete headers[`x-hexclave-${lower.slice(8)}`]
  }
  return Object.assign(headers, own)
}

/** The fetch body for a request, or undefined when it has none. @internal */
export const requestBody = (request: TransportRequest): string | undefined => {
  const body = request.body
  if (body === undefined) return undefined
  return body._tag === "Json" ? JSON.stringify(body.value) : new URLSearchParams(body.fields).toString()
}

/** `"unrestricted"` (no allow header), `"restricted"` (restricted users too) or `"anonymous"` (everybody). */
export type AllowedUsers = "unrestricted" | "restricted" | "anonymous"

/**
 * Which signed-in users the calls of an effect accept beyond the tier's default, read per request. The hosted service refuses the access token of an anonymous user
 * (`ANONYMOUS_AUTHENTICATION_NOT_ALLOWED`, 401) unless the request sends `X-Stack-Allow-Anonymous-User:
 * true`, and that of a restricted user (`RESTRICTED_USER_NOT_ALLOWED`, 403: an unverified e-mail where the
 * project requires one, or an administrator's restriction) unless it sends `X-Stack-Allow-Restricted-User:
 * true` or the anonymous header, which allows both. A tier sets the default (`allowAnonymousUser`,
 * `allowRestrictedUser`); {@link allowingRestrictedUsers} and {@link allowingAnonymousUsers} widen it for
 * the calls of one effect, e.g. the verification e-mail a restricted user asks for.
 */
export const AllowedUsers = /* @__PURE__ */ Context.Reference<AllowedUsers>("stackfx/AllowedUsers", {
  defaultValue: () => "unrestricted"
})

/**
 * The calls of `self` accept a restricted user's session: `contactChannels.sendVerificationCode(...).pipe(allowingRestrictedUsers)`.
 * In the client tier this sends `X-Stack-Allow-Anonymous-User` (the only allow header on the hosted
 * service's CORS allow-list), so an anonymous session is accepted too.
 */
export const allowingRestrictedUsers = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(self, AllowedUsers, "restricted")

/** The calls of `self` accept an anonymous (and a restricted) user's session. */
export const allowingAnonymousUsers = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(self, AllowedUsers, "anonymous")

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

// Nonces drawn in batches. The pool is state, so it belongs to whoever holds the nonce source it makes:
// `NonceSource`'s default (below) makes one for the runtimes that provide none of their own.

const NONCE_BYTES = 16
/** Nonces drawn from one `getRandomValues` call: the call itself, not the bytes, is what costs. */
const NONCES_PER_DRAW = 128
const NONCE_DIGITS = NONCE_BYTES * 2

/** One draw of random bytes, as one string of hex digits. */
const drawPool = (): string => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES * NONCES_PER_DRAW))
  const digits: Array<string> = new Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) digits[i] = (bytes[i] ?? 0).toString(16).padStart(2, "0")
  return digits.join("")
}

/**
 * A source of nonces: each 16 random bytes as hex from Web Crypto (present in browsers, workers and
 * Node >= 20). The bytes come from a pool of its own refilled every 128 nonces, as Node's own `randomUUID`
 * does, kept as hex: a nonce is a slice of it, one string per request instead of sixteen joined. Each byte
 * is used once.
 * @internal
 */
export const makeNoncePool = (): (() => string) => {
  let pool = ""
  let poolOffset = 0
  return () => {
    if (poolOffset + NONCE_DIGITS > pool.length) {
      pool = drawPool()
      poolOffset = 0
    }
    const nonce = pool.slice(poolOffset, poolOffset + NONCE_DIGITS)
    poolOffset += NONCE_DIGITS
    return nonce
  }
}

/**
 * Source of `X-Stack-Random-Nonce` values. The nonce defeats caches between the client and the API, so
 * every request needs a fresh one; tests inject a deterministic source. The default draws from a pool
 * of random bytes (`makeNoncePool`) that belongs to the default itself, made when first read.
 */
export const NonceSource = /* @__PURE__ */ Context.Reference<() => string>("stackfx/NonceSource", {
  defaultValue: makeNoncePool
})
