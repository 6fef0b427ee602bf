/**
 * An app's own server: the session and user of a request to it, its tokens read from cookies or headers, and the
 * local verification of access tokens.
 *
 * Part of the root entry (src/index.ts); every statement here carries its `@category` (docs/api-report.md groups
 * the entry's names by it). Never write the internal JSDoc tag, at-sign and all, above an export line here:
 * `stripInternal` would drop the line from the declarations (scripts/check-declarations.ts checks).
 */

/** @category App server */
export { ASYMMETRIC_JWT_ALGORITHMS, makeTokenVerifier, TokenVerifier } from "../services/app-server/jwt-verify.js"
/** @category App server */
export type {
  AsymmetricJwtAlgorithm,
  JwtRefusal,
  TokenVerifierOptions,
  TokenVerifierShape,
  VerifiedAccessToken
} from "../services/app-server/jwt-verify.js"
/** @category App server */
export { makeRequestAuth, RequestAuth } from "../services/app-server/request-auth.js"
/** @category App server */
export type { SessionUser } from "../services/app-server/session-user.js"
/** @category App server */
export type {
  RequestAuthError,
  RequestAuthRefusal,
  RequestAuthShape,
  RequestSession,
  RequestUser,
  SessionSource,
  TokenOrigin
} from "../services/app-server/request-auth.js"
/** @category App server */
export {
  decodeAuthHeader,
  decodeAuthJson,
  decodeAuthorization,
  readRequestTokens,
  tokensFromCookieHeader
} from "../services/app-server/request-tokens.js"
/** @category App server */
export type { HeaderRecord, RequestTokens, WebHeaders } from "../services/app-server/request-tokens.js"
