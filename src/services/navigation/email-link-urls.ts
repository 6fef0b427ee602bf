/**
 * Where the links of e-mails point by default (verification, password reset, magic link, team invitation):
 * the app's handler pages, as the tier's `handlerPath` and `urls` options or the React provider's props say,
 * so an app that mounts its pages at `/auth` gets `/auth/email-verification` in its e-mails without passing a
 * callback URL to every call.
 */
import * as Context from "effect/Context"
import { type RedirectUrlOptions, type RedirectUrls, resolveRedirectUrls } from "./redirects.js"

/** The app's handler and page URLs, for the default callback of an e-mailed link. */
export const EmailLinkUrls = /* @__PURE__ */ Context.Reference<RedirectUrls>("stackfx/EmailLinkUrls", {
  defaultValue: () => resolveRedirectUrls()
})

/** The URLs of `handlerPath` and `urls` (either may be absent: the defaults then). */
export const emailLinkUrlsOf = (handlerPath: string | undefined, urls: RedirectUrlOptions | undefined): RedirectUrls =>
  resolveRedirectUrls({ ...(handlerPath === undefined ? {} : { handler: handlerPath }), ...urls })
