/**
 * The callback URL of an emailed link (verification, password reset, magic link, team invitation): the
 * link in the email is this URL with `?code=...`, so it must be absolute. A relative URL, or the default
 * handler route when none is given, is resolved against the current page.
 */
import * as Effect from "effect/Effect"
import { parseAbsoluteUrl } from "../../domain/rules/hosts.js"
import { CallbackUrlRequired } from "../../errors/client/email-preconditions.js"
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
): Effect.Effect<string, CallbackUrlRequired> => {
  const target = given ?? resolveRedirectUrls()[route]
  const absolute = parseAbsoluteUrl(target)
  if (absolute !== undefined) return Effect.succeed(target)
  const base = currentUrl === undefined ? undefined : parseAbsoluteUrl(currentUrl)
  if (base === undefined || !URL.canParse(target, base)) return Effect.fail(new CallbackUrlRequired({ route: target }))
  return Effect.succeed(new URL(target, base).href)
}
