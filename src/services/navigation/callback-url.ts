/**
 * The callback URL of an emailed link (verification, password reset, magic link, team invitation): the
 * link in the email is this URL with `?code=...`, so it must be absolute. A relative URL, or the app's handler
 * route when none is given (`EmailLinkUrls`: the tier's or the React provider's handler path and URLs), is
 * resolved against the current page.
 */
import * as Effect from "effect/Effect"
import { parseAbsoluteUrl } from "../../domain/rules/hosts.js"
import { CallbackUrlRequired } from "../../errors/client/email-preconditions.js"
import { EmailLinkUrls } from "./email-link-urls.js"
import { resolveRedirectUrls } from "./redirects.js"

export type EmailLinkRoute = "emailVerification" | "passwordReset" | "magicLinkCallback" | "teamInvitation"

/** `location.href` where there is a page. */
const currentPageUrl = (): string | undefined => {
  const location: unknown = Reflect.get(globalThis, "location")
  const href: unknown = typeof location === "object" && location !== null ? Reflect.get(location, "href") : undefined
  return typeof href === "string" ? href : undefined
}

/**
 * @example
 * emailCallbackUrl("passwordReset", "https://app.example.com/reset") // succeeds with the same URL
 * emailCallbackUrl("passwordReset", undefined, "https://app.example.com/x") // ".../handler/password-reset"
 */
export const emailCallbackUrl = (
  route: EmailLinkRoute,
  given: string | undefined,
  currentUrl: string | undefined = currentPageUrl()
): Effect.Effect<string, CallbackUrlRequired> =>
  Effect.gen(function* () {
    const app = yield* EmailLinkUrls
    const target =
      given ??
      resolveRedirectUrls({ ...(app.handlerPath === undefined ? {} : { handler: app.handlerPath }), ...app.urls })[
        route
      ]
    const absolute = parseAbsoluteUrl(target)
    if (absolute !== undefined) return target
    const base = currentUrl === undefined ? undefined : parseAbsoluteUrl(currentUrl)
    if (base === undefined || !URL.canParse(target, base)) return yield* new CallbackUrlRequired({ route: target })
    return new URL(target, base).href
  })
