/**
 * The code verifier waits for the callback in a cookie named after the state (`stack-oauth-outer-<state>`,
 * the hosted SDK's name, max age one hour). A cookie rather than memory because the flow leaves the page;
 * one per state so that two sign-ins in two tabs do not overwrite each other.
 */
import { readCookie } from "../session/cookie-text.js"
import { STATE_PATTERN } from "./oauth-pkce.js"
import { type CookieDocument, serializeTokenCookie } from "../session/token-store-cookie.js"

/** Max age of the cookie that holds an OAuth code verifier, named with {@link OAUTH_STATE_COOKIE_PREFIX}. @internal */
export const OAUTH_STATE_COOKIE_MAX_AGE_SECONDS = 3_600
/** The code-verifier cookie is `${OAUTH_STATE_COOKIE_PREFIX}${state}` (the hosted SDK's name). @internal */
export const OAUTH_STATE_COOKIE_PREFIX = "stack-oauth-outer-"

export type { CookieDocument }

/** `stack-oauth-outer-<state>` */
export const verifierCookieName = (state: string): string => `${OAUTH_STATE_COOKIE_PREFIX}${state}`

/** Keeps the verifier until the callback; `secure` follows the page's protocol. */
export const saveVerifier = (doc: CookieDocument, state: string, verifier: string, secure: boolean): void => {
  doc.cookie = serializeTokenCookie(verifierCookieName(state), verifier, OAUTH_STATE_COOKIE_MAX_AGE_SECONDS, secure)
}

/**
 * The verifier saved for `state`, deleting its cookie so a code can be redeemed only once from this browser.
 * `undefined` when there is none (the callback was not started here, or was already handled). A state that
 * could not have come from us is never used as a cookie name.
 */
export const consumeVerifier = (doc: CookieDocument, state: string, secure: boolean): string | undefined => {
  if (!STATE_PATTERN.test(state)) return undefined
  const name = verifierCookieName(state)
  const verifier = readCookie(doc.cookie, name)
  if (verifier === undefined || verifier === "") return undefined
  doc.cookie = serializeTokenCookie(name, null, 0, secure)
  return verifier
}
