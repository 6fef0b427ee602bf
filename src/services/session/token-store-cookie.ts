import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { ClientConfig } from "../http/client-config.js"
import { readCookie, setCookieLine } from "./cookie-text.js"
import { makeRefTokenStore, noTokens, type StoredTokens, TokenStore, type TokenStoreShape } from "./token-store.js"

/**
 * Business constants of the product and the fixed values of docs/wire.md. Durations carry their unit
 * in the name (`_MS`, `_SECONDS`) because the spec mixes both.
 */

// --- Cookies and tokens ---------------------------------------------------------------------------

/** Max age of the refresh-token cookie: one year. @internal */
export const REFRESH_COOKIE_MAX_AGE_SECONDS = 31_536_000
/** Max age of the access-token cookie: one day. @internal */
export const ACCESS_COOKIE_MAX_AGE_SECONDS = 86_400

/** The part of `document` the store touches; Node tests pass a fake. */
export interface CookieDocument {
  cookie: string
}

/** Options of the cookie token store: the project whose cookies it uses and the document holding them. */
export interface CookieTokenStoreOptions {
  readonly projectId: string
  /** Defaults to `globalThis.document`. */
  readonly document?: CookieDocument | undefined
  /** Whether the page is served over https; defaults to `globalThis.location.protocol === "https:"`. */
  readonly secure?: boolean | undefined
}

/** Scoped by project so two projects on one origin keep separate sessions. */
export const refreshCookieName = (projectId: string): string => `stack-refresh-${projectId}`
/** The name of the cookie holding a project's access token. */
export const accessCookieName = (projectId: string): string => `stack-access-${projectId}`

const currentDocument = (): CookieDocument | undefined =>
  (globalThis as { readonly document?: CookieDocument }).document

const pageIsHttps = (): boolean =>
  (globalThis as { readonly location?: { readonly protocol?: string } }).location?.protocol === "https:"

/** The `Set-Cookie`-style string written to `document.cookie`; `null` deletes the cookie. */
export const serializeTokenCookie = (name: string, value: string | null, maxAge: number, secure: boolean): string =>
  setCookieLine(name, value, maxAge, secure)

/**
 * The `Set-Cookie` values that put `tokens` into the cookie store of `projectId` (`null` deletes a cookie):
 * what the store writes, and what a server sends back when `RequestAuth` refreshed a request's expired
 * access token (`session.refreshed`), so that the browser's next request carries the new one.
 */
export const tokenSetCookies = (
  projectId: string,
  tokens: StoredTokens,
  options: { readonly secure: boolean }
): readonly [refresh: string, access: string] => [
  serializeTokenCookie(
    refreshCookieName(projectId),
    tokens.refreshToken,
    REFRESH_COOKIE_MAX_AGE_SECONDS,
    options.secure
  ),
  serializeTokenCookie(accessCookieName(projectId), tokens.accessToken, ACCESS_COOKIE_MAX_AGE_SECONDS, options.secure)
]

/** A store over `document.cookie`. Reads every time, so another tab's sign-in or sign-out is seen. */
export const makeCookieTokenStore = (
  options: CookieTokenStoreOptions & { readonly document: CookieDocument }
): TokenStoreShape => {
  const doc = options.document
  const secure = options.secure ?? pageIsHttps()
  const refreshName = refreshCookieName(options.projectId)
  const accessName = accessCookieName(options.projectId)
  const peek = (): StoredTokens => {
    const jar = doc.cookie
    return { accessToken: readCookie(jar, accessName) || null, refreshToken: readCookie(jar, refreshName) || null }
  }
  return {
    get: Effect.sync(peek),
    peek,
    set: (tokens: StoredTokens) =>
      Effect.sync(() => {
        for (const line of tokenSetCookies(options.projectId, tokens, { secure })) doc.cookie = line
      })
  }
}

/**
 * Browser cookie store for the given project. Without a document (server-side rendering) it keeps the
 * tokens in memory instead: there is no cookie jar to read, and failing would break rendering.
 */
export const cookieTokenStore = (options: CookieTokenStoreOptions): Layer.Layer<TokenStore> =>
  Layer.effect(
    TokenStore,
    Effect.suspend(() => {
      const document = options.document ?? currentDocument()
      return document === undefined
        ? Effect.map(Ref.make(noTokens), makeRefTokenStore)
        : Effect.succeed(makeCookieTokenStore({ ...options, document }))
    })
  )

/** `cookieTokenStore` with the project id taken from the tier's `ClientConfig`. */
export const cookieTokenStoreFromConfig = (
  options: Omit<CookieTokenStoreOptions, "projectId"> = {}
): Layer.Layer<TokenStore, never, ClientConfig> =>
  Layer.unwrap(Effect.map(ClientConfig, (config) => cookieTokenStore({ ...options, projectId: config.projectId })))
