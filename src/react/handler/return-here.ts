/**
 * Pages only a signed-in person can use (account settings, accepting a team invitation) send a visitor to
 * sign in or sign up with `after_auth_return_to` set to the page itself. `withReturnTo` of
 * services/navigation/redirects.ts does not do this for handler pages, because coming back to sign-in after signing in
 * would be a detour; these pages are the exception. The after-sign-in redirect checks the target against
 * the redirect-trust rule as for any other; this one is always relative.
 */
import { AFTER_AUTH_RETURN_TO_PARAM } from "../../services/navigation/redirects.js"

const relativePart = (url: URL): string => `${url.pathname}${url.search}${url.hash}`

/**
 * `url` with `after_auth_return_to` set to the current page (path, query and fragment); relative when
 * `url` is on the page's origin.
 *
 * @example
 * returningHere("/handler/sign-in", "https://app.example.com/handler/account-settings")
 * // "/handler/sign-in?after_auth_return_to=%2Fhandler%2Faccount-settings"
 */
export const returningHere = (url: string, currentUrl: string): string => {
  const here = new URL(currentUrl)
  const next = new URL(url, here)
  next.searchParams.set(AFTER_AUTH_RETURN_TO_PARAM, relativePart(here))
  return next.origin === here.origin ? relativePart(next) : next.href
}
