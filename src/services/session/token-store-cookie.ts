import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { ClientConfig } from "../wire/client-config.js"
import { setCookieLine } from "./cookie-text.js"
import { type CookieWrite, readTokenCookies, tokenCookieWrites } from "./token-cookies.js"
import { makeRefTokenStore, noTokens, type StoredTokens, TokenStore, type TokenStoreShape } from "./token-store.js"

/**
 * The browser's cookie store of the session, in the cookies and formats of the service's own SDK
 * (token-cookies.ts): an app server running that SDK reads a session stackfx wrote, and the other way round.
 */

export { HEXCLAVE_ACCESS_COOKIE, hexclaveRefreshCookieName, readTokenCookies } from "./token-cookies.js"

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

/**
 * The cookie stackfx 0.1 kept a project's refresh token in (the token itself), still read when no
 * newer cookie holds a session; the store now writes {@link hexclaveRefreshCookieName}.
 */
export const refreshCookieName = (projectId: string): string => `stack-refresh-${projectId}`
/**
 * The cookie stackfx 0.1 kept a project's access token in, still read beside its refresh cookie; the
 * store now writes `hexclave-access` ({@link HEXCLAVE_ACCESS_COOKIE}).
 */
export const accessCookieName = (projectId: string): string => `stack-access-${projectId}`

const currentDocument = (): CookieDocument | undefined =>
  (globalThis as { readonly document?: CookieDocument }).document

const pageIsHttps = (): boolean =>
  (globalThis as { readonly location?: { readonly protocol?: string } }).location?.protocol === "https:"

/** The `Set-Cookie`-style string written to `document.cookie`; `null` deletes the cookie. */
export const serializeTokenCookie = (name: string, value: string | null, maxAge: number, secure: boolean): string =>
  setCookieLine(name, value, maxAge, secure)

/** A write as a `Set-Cookie` line; a `__Host-` cookie is Secure whatever the page (the browser requires it). */
const lineOf = (write: CookieWrite, secure: boolean): string =>
  setCookieLine(write.name, write.value, write.maxAge, secure || write.name.startsWith("__Host-"), write.domain)

/**
 * Every `Set-Cookie` line that stores `tokens` for `projectId` in a jar now holding `jar` (the request's
 * `Cookie` header on a server, `document.cookie` in a browser): the session's two cookies, and the deletion of
 * the old and stale ones the jar holds (token-cookies.ts). `updatedAtMillis` is the time of the write.
 */
export const tokenCookieLines = (
  projectId: string,
  tokens: StoredTokens,
  options: { readonly secure: boolean; readonly updatedAtMillis: number; readonly jar: string }
): ReadonlyArray<string> => tokenCookieWrites(projectId, tokens, options).map((w) => lineOf(w, options.secure))

/**
 * The `Set-Cookie` values that put `tokens` into the cookie store of `projectId` (`null` deletes a cookie):
 * the refresh and access cookies, what a server sends back when `RequestAuth` refreshed a request's expired
 * access token (`session.refreshed`), so that the browser's next request carries the new one. The refresh
 * cookie is stamped `updatedAtMillis`, the time of the call when not given. {@link tokenCookieLines} also
 * deletes the old cookies a request carried.
 */
export const tokenSetCookies = (
  projectId: string,
  tokens: StoredTokens,
  options: { readonly secure: boolean; readonly updatedAtMillis?: number }
): readonly [refresh: string, access: string] => {
  const [refresh, access] = tokenCookieLines(projectId, tokens, {
    secure: options.secure,
    updatedAtMillis: options.updatedAtMillis ?? Date.now(),
    jar: ""
  })
  return [refresh ?? "", access ?? ""]
}

/** A store over `document.cookie`. Reads every time, so another tab's sign-in or sign-out is seen. */
export const makeCookieTokenStore = (
  options: CookieTokenStoreOptions & { readonly document: CookieDocument }
): TokenStoreShape => {
  const doc = options.document
  const secure = options.secure ?? pageIsHttps()
  const peek = (): StoredTokens => readTokenCookies(doc.cookie, options.projectId)
  return {
    get: Effect.sync(peek),
    peek,
    set: (tokens: StoredTokens) =>
      Effect.flatMap(Clock.currentTimeMillis, (updatedAtMillis) =>
        Effect.sync(() => {
          const lines = tokenCookieLines(options.projectId, tokens, { secure, updatedAtMillis, jar: doc.cookie })
          for (const line of lines) doc.cookie = line
        })
      )
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
