/**
 * Where the links of e-mails point by default (verification, password reset, magic link, team invitation):
 * the app's handler pages, as the tier's `handlerPath` and `urls` options or the React provider's props say,
 * so an app that mounts its pages at `/auth` gets `/auth/email-verification` in its e-mails without passing a
 * callback URL to every call. Only the options are kept here (plain data, on every tier's first load); they
 * are resolved into URLs by the lazily loaded code that sends the e-mails (`callback-url.ts`).
 */
import * as Context from "effect/Context"
import type { RedirectUrlOptions } from "./redirects.js"

/** The app's handler path and page URLs, as given. */
export interface EmailLinkOptions {
  readonly handlerPath?: string | undefined
  readonly urls?: RedirectUrlOptions | undefined
}

/** The app's handler path and page URLs, for the default callback of an e-mailed link. @internal */
export const EmailLinkUrls = /* @__PURE__ */ Context.Reference<EmailLinkOptions>("stackfx/EmailLinkUrls", {
  defaultValue: () => ({})
})
