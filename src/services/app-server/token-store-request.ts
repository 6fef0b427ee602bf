/**
 * The cookie token store of one request to an app's own server: the tokens come in with the request's
 * `Cookie` header and go out as `Set-Cookie` lines, under the same names and with the same attributes as the
 * browser's store (token-store-cookie.ts). A refresh on the server is then the browser's next cookie, and a
 * refresh in the browser the server's next request: both sides read one session.
 */
import * as Clock from "effect/Clock"
import * as Layer from "effect/Layer"
import * as Effect from "effect/Effect"
import { tokensFromCookieHeader } from "./request-tokens.js"
import { tokenCookieLines } from "../session/token-store-cookie.js"
import { type StoredTokens, TokenStore, type TokenStoreShape } from "../session/token-store.js"

/** Options of a request's cookie store. */
export interface RequestCookieTokenStoreOptions {
  readonly projectId: string
  /** The request's `Cookie` header (`null` when it has none). */
  readonly cookieHeader: string | null
  /** Receives each `Set-Cookie` line the store writes; the server adds it to its answer. */
  readonly setCookie: (line: string) => void
  /** Whether the request came over https (the cookies are then `Secure`). */
  readonly secure: boolean
}

/**
 * The store over one request. What it writes, it reads back: the request's later calls see a refreshed or
 * ended session, as the browser will after the answer. A write also deletes the old-named and stale session
 * cookies the request carried (token-cookies.ts), or a signed-out browser would send an old one back.
 */
export const makeRequestCookieTokenStore = (options: RequestCookieTokenStoreOptions): TokenStoreShape => {
  let current: StoredTokens = tokensFromCookieHeader(options.cookieHeader, options.projectId)
  const peek = (): StoredTokens => current
  return {
    get: Effect.sync(peek),
    peek,
    set: (tokens) =>
      Effect.flatMap(Clock.currentTimeMillis, (updatedAtMillis) =>
        Effect.sync(() => {
          if (tokens.accessToken === current.accessToken && tokens.refreshToken === current.refreshToken) return
          current = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }
          const lines = tokenCookieLines(options.projectId, current, {
            secure: options.secure,
            updatedAtMillis,
            jar: options.cookieHeader ?? ""
          })
          for (const line of lines) options.setCookie(line)
        })
      )
  }
}

/** `makeRequestCookieTokenStore` as the `TokenStore` Layer of a tier that acts for the request's user. */
export const requestCookieTokenStore = (options: RequestCookieTokenStoreOptions): Layer.Layer<TokenStore> =>
  Layer.sync(TokenStore, () => makeRequestCookieTokenStore(options))
