/**
 * The code verifier waits for the callback in a cookie named after the state, max age one hour, under the
 * official SDK's two names (`hexclave-oauth-outer-<state>` since the service's rename, and
 * `stack-oauth-outer-<state>`), so a callback handled by either client finds it. A cookie rather than memory
 * because the flow leaves the page; one per state so that two sign-ins in two tabs do not overwrite each other.
 */
import { readCookie } from "../session/cookie-text.js"
import { STATE_PATTERN } from "./oauth-pkce.js"
import { type CookieDocument, serializeTokenCookie } from "../session/token-store-cookie.js"

/** Max age of the cookie that holds an OAuth code verifier, named with {@link OAUTH_STATE_COOKIE_PREFIX}. @internal */
export const OAUTH_STATE_COOKIE_MAX_AGE_SECONDS = 3_600
/** The code-verifier cookie's old name is `${OAUTH_STATE_COOKIE_PREFIX}${state}` (the hosted SDK's). @internal */
export const OAUTH_STATE_COOKIE_PREFIX = "stack-oauth-outer-"

export type { CookieDocument }

/** `stack-oauth-outer-<state>` */
export const verifierCookieName = (state: string): string => `${OAUTH_STATE_COOKIE_PREFIX}${state}`

/** The verifier cookie's names, the new one first. */
const verifierCookieNames = (state: string): readonly [string, string] => [
  `hexclave-oauth-outer-${state}`,
  verifierCookieName(state)
]

/** Keeps the verifier until the callback, under both names; `secure` follows the page's protocol. */
export const saveVerifier = (doc: CookieDocument, state: string, verifier: string, secure: boolean): void => {
  for (const name of verifierCookieNames(state)) {
    doc.cookie = serializeTokenCookie(name, verifier, OAUTH_STATE_COOKIE_MAX_AGE_SECONDS, secure)
  }
}

/**
 * The verifier saved for `state`, deleting its cookie so a code can be redeemed only once from this browser.
 * `undefined` when there is none (the callback was not started here, or was already handled). A state that
 * could not have come from us is never used as a cookie name.
 */
export const consumeVerifier = (doc: CookieDocument, state: string, secure: boolean): string | undefined => {
  if (!STATE_PATTERN.test(state)) return undefined
  const jar = doc.cookie
  const names = verifierCookieNames(state)
  const verifier = names.map((name) => readCookie(jar, name)).find((value) => value !== undefined && value !== "")
  if (verifier === undefined) return undefined
  for (const name of names) doc.cookie = serializeTokenCookie(name, null, 0, secure)
  return verifier
}
