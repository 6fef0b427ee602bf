/**
 * The signed-in session of a tier and where its tokens are kept: the token stores (memory, cookies, custom,
 * external), the session cookies of the official SDK, the `x-stack-auth` JSON, the partial user read from the token.
 *
 * Part of the root entry (src/index.ts); every statement here carries its `@category` (docs/api-report.md groups
 * the entry's names by it). Never write the internal JSDoc tag, at-sign and all, above an export line here:
 * `stripInternal` would drop the line from the declarations (scripts/check-declarations.ts checks).
 */

/** @category Session */
export { makeSession, Session, sessionChanges } from "../services/session/session.js"
/** @category Session */
export type { SessionError, SessionShape } from "../services/session/session.js"
/** @category Session */
export { isLoggedIn, knownInvalid, sessionFromTokens, tokensOf } from "../services/session/session.js"
/** @category Session */
export type { SessionState } from "../services/session/session.js"
/** @category Session */
export { partialUser, partialUserOf } from "../services/session/partial-user.js"
/** @category Session */
export type { PartialUser, PartialUserOptions } from "../services/session/partial-user.js"
/** @category Session */
export { makeCustomTokenStore, makeRefTokenStore, noTokens, TokenStore } from "../services/session/token-store.js"
/** @category Session */
export type { CustomTokenStore, StoredTokens, TokenStoreShape } from "../services/session/token-store.js"
/** @category Session */
export {
  accessCookieName,
  cookieTokenStore,
  cookieTokenStoreFromConfig,
  HEXCLAVE_ACCESS_COOKIE,
  hexclaveRefreshCookieName,
  makeCookieTokenStore,
  readTokenCookies,
  refreshCookieName,
  serializeTokenCookie,
  tokenCookieLines,
  tokenSetCookies
} from "../services/session/token-store-cookie.js"
/** @category Session */
export type { CookieDocument, CookieTokenStoreOptions } from "../services/session/token-store-cookie.js"
/** @category Session */
export { makeExternalTokenStore } from "../services/auth/external-token-store.js"
/** @category Session */
export type { ExternalTokenSource, ExternalTokenStoreShape } from "../services/auth/external-token-store.js"
/** @category Session */
export { authHeadersOf, authHeaderValue, authJsonOf, authorizationHeaderOf } from "../services/session/auth-json.js"
/** @category Session */
export type { AuthHeaders, AuthJson } from "../services/session/auth-json.js"
