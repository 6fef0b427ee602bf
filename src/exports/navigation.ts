/**
 * Redirects after sign-in and sign-out, and the handler pages' URLs.
 *
 * Part of the root entry (src/index.ts); every statement here carries its `@category` (docs/api-report.md groups
 * the entry's names by it). Never write the internal JSDoc tag, at-sign and all, above an export line here:
 * `stripInternal` would drop the line from the declarations (scripts/check-declarations.ts checks).
 */

/** @category Navigation */
export {
  AFTER_AUTH_RETURN_TO_PARAM,
  afterAuthRedirectUrl,
  checkTarget,
  redirectUrlFor,
  relativeOnly,
  resolveRedirectUrls,
  returnToOf,
  withReturnTo
} from "../services/navigation/redirects.js"
/** @category Navigation */
export type {
  HandlerUrlName,
  RedirectOptions,
  RedirectTarget,
  RedirectUrlOptions,
  RedirectUrls
} from "../services/navigation/redirects.js"
