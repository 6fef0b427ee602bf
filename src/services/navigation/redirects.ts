/**
 * Where the app sends the browser: the handler routes, the home page and the after-auth
 * targets, each overridable, plus `after_auth_return_to`, which brings a user back to the page that sent them
 * to sign in. Pure: the caller passes the current page URL and performs the navigation.
 *
 * Targets the developer configured are trusted as given. Targets that arrive in a URL (`after_auth_return_to`,
 * the OAuth answer's `after_callback_redirect_url`, a caller's `redirectUrl`) can be chosen by whoever crafted
 * the link, so they go through the redirect-trust rule and an untrusted one is a `RedirectNotTrusted` error.
 */
import * as Result from "effect/Result"
import { DEFAULT_HANDLER_PATH, HANDLER_ROUTES, type HandlerRoute } from "../../domain/handler-routes.js"
import { parseAbsoluteUrl } from "../../domain/rules/hosts.js"
import { isTrustedRedirect, type RedirectTrustOptions } from "../../domain/rules/redirect-trust.js"
import { RedirectNotTrusted } from "../../errors/client/redirect-not-trusted.js"

/** The default home target of redirects. @internal */
export const DEFAULT_HOME_URL = "/"

/**
 * The URL itself when it may be redirected to, else a `RedirectNotTrusted` error carrying the fixed
 * message ("Redirect URL {url} is not trusted; should be relative.").
 *
 * @example
 * checkRedirectUrl("/dashboard", { trustedDomains: [] })                 // success "/dashboard"
 * checkRedirectUrl("https://evil.com", { trustedDomains: ["https://app.example.com"] }) // failure
 * @internal
 */
export const checkRedirectUrl = (
  url: string,
  options: RedirectTrustOptions
): Result.Result<string, RedirectNotTrusted> =>
  isTrustedRedirect(url, options) ? Result.succeed(url) : Result.fail(new RedirectNotTrusted({ url }))

/** The query parameter that carries the page to return to across sign-in and sign-up. */
export const AFTER_AUTH_RETURN_TO_PARAM = "after_auth_return_to"

type CamelCase<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S

/** `"sign-in"` -> `"signIn"`, the name of a handler route's URL option. */
export type HandlerUrlName = CamelCase<HandlerRoute>

/** Every redirect target by name: the handler base, the handler routes and the four page targets. */
export type RedirectUrls = {
  readonly handler: string
  readonly home: string
  readonly afterSignIn: string
  readonly afterSignUp: string
} & { readonly afterSignOut: string } & { readonly [K in HandlerUrlName]: string }

/** The name of a place the app redirects to: a handler page, the home page, or an after-sign-in/up/out target. */
export type RedirectTarget = keyof RedirectUrls

/** URL options of an app; every one is optional. */
export type RedirectUrlOptions = { readonly [K in RedirectTarget]?: string | undefined }

/** Trust rule applied when none is given: relative URLs only, as the hosted SDK does. */
export const relativeOnly: RedirectTrustOptions = { trustedDomains: [] }

const camelCase = (route: HandlerRoute): HandlerUrlName =>
  route.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as HandlerUrlName

/**
 * Fills every target from its default: handler routes below the handler base (default `/handler`), home
 * `/`, after-sign-in = home, after-sign-up = after-sign-in, after-sign-out = home.
 *
 * @example
 * resolveRedirectUrls({ home: "/app" }).afterSignUp // "/app"
 * resolveRedirectUrls({ handler: "/auth" }).signIn  // "/auth/sign-in"
 */
export const resolveRedirectUrls = (options: RedirectUrlOptions = {}): RedirectUrls => {
  const handler = (options.handler ?? DEFAULT_HANDLER_PATH).replace(/(.)\/+$/, "$1")
  const routes = {} as { [K in HandlerUrlName]: string }
  for (const route of HANDLER_ROUTES) {
    const name = camelCase(route)
    routes[name] = options[name] ?? `${handler === "/" ? "" : handler}/${route}`
  }
  const home = options.home ?? DEFAULT_HOME_URL
  const afterSignIn = options.afterSignIn ?? home
  return {
    ...routes,
    handler,
    home,
    afterSignIn,
    afterSignUp: options.afterSignUp ?? afterSignIn,
    afterSignOut: options.afterSignOut ?? home
  }
}

/** Path, query and fragment of an absolute URL: what stays when the origin is implied. */
const relativePart = (url: URL): string => `${url.pathname}${url.search}${url.hash}`

/**
 * The URL checked against the trust rule; one on the current page's own origin is made relative first,
 * since the page can always navigate within itself.
 */
export const checkTarget = (
  url: string,
  options: { readonly currentUrl?: string | undefined; readonly trust?: RedirectTrustOptions | undefined } = {}
): Result.Result<string, RedirectNotTrusted> => {
  const current = options.currentUrl === undefined ? undefined : parseAbsoluteUrl(options.currentUrl)
  const absolute = parseAbsoluteUrl(url)
  const sameOrigin =
    current !== undefined &&
    absolute !== undefined &&
    absolute.origin === current.origin &&
    absolute.username === "" &&
    absolute.password === ""
  return checkRedirectUrl(sameOrigin ? relativePart(absolute) : url, options.trust ?? relativeOnly)
}

/** The `after_auth_return_to` of a URL, if it has one. */
export const returnToOf = (currentUrl: string | undefined): string | undefined => {
  const current = currentUrl === undefined ? undefined : parseAbsoluteUrl(currentUrl)
  return current?.searchParams.get(AFTER_AUTH_RETURN_TO_PARAM) ?? undefined
}

const isHandlerPage = (current: URL, urls: RedirectUrls): boolean => {
  const handler = parseAbsoluteUrl(new URL(urls.handler, current).href)
  if (handler === undefined || handler.origin !== current.origin) return false
  const base = handler.pathname.replace(/\/+$/, "")
  return current.pathname === base || current.pathname.startsWith(`${base}/`)
}

/**
 * `url` with an `after_auth_return_to`: the current page's own one when it has one (so it survives going
 * from sign-in to sign-up), else the current page itself when `url` is on the same origin and the current
 * page is not a handler page (returning to the sign-in page after signing in would be a detour).
 *
 * @example
 * withReturnTo("/handler/sign-in", "https://app.example.com/settings?tab=2", urls)
 * // "/handler/sign-in?after_auth_return_to=%2Fsettings%3Ftab%3D2"
 */
export const withReturnTo = (url: string, currentUrl: string | undefined, urls: RedirectUrls): string => {
  const current = currentUrl === undefined ? undefined : parseAbsoluteUrl(currentUrl)
  if (current === undefined) return url
  const next = new URL(url, current)
  const carried = current.searchParams.get(AFTER_AUTH_RETURN_TO_PARAM)
  if (carried !== null) {
    next.searchParams.set(AFTER_AUTH_RETURN_TO_PARAM, carried)
  } else if (next.origin === current.origin && !isHandlerPage(current, urls)) {
    next.searchParams.set(AFTER_AUTH_RETURN_TO_PARAM, relativePart(current))
  }
  return next.origin === current.origin ? relativePart(next) : next.href
}

/**
 * Options of a redirect: the page the browser is on, whether to come back to it, and which absolute URLs are trusted.
 */
export interface RedirectOptions {
  /** The page the browser is on (`location.href`); without it nothing is carried over. */
  readonly currentUrl?: string | undefined
  /** Do not carry or honour `after_auth_return_to`. */
  readonly noRedirectBack?: boolean | undefined
  /** Which absolute URLs may be redirected to; default relative URLs only. */
  readonly trust?: RedirectTrustOptions | undefined
}

/**
 * The URL to navigate to for a target. Sign-in and sign-up carry `after_auth_return_to`; after-sign-in and
 * after-sign-up honour it (when trusted) in place of the configured target.
 *
 * @example
 * redirectUrlFor(resolveRedirectUrls(), "afterSignIn", { currentUrl: "https://a.com/handler/sign-in?after_auth_return_to=%2Fx" })
 * // Result.succeed("/x")
 */
export const redirectUrlFor = (
  urls: RedirectUrls,
  target: RedirectTarget,
  options: RedirectOptions = {}
): Result.Result<string, RedirectNotTrusted> => {
  const configured = urls[target]
  if (options.noRedirectBack === true) return Result.succeed(configured)
  switch (target) {
    case "afterSignIn":
    case "afterSignUp": {
      const returnTo = returnToOf(options.currentUrl)
      return returnTo === undefined ? Result.succeed(configured) : checkTarget(returnTo, options)
    }
    case "signIn":
    case "signUp":
      return Result.succeed(withReturnTo(configured, options.currentUrl, urls))
    default:
      return Result.succeed(configured)
  }
}

/**
 * Where to go once sign-in completed: the OAuth answer's `after_callback_redirect_url` when there is one,
 * else after-sign-up for a new user and after-sign-in otherwise (both honouring `after_auth_return_to`).
 */
export const afterAuthRedirectUrl = (
  urls: RedirectUrls,
  outcome: { readonly isNewUser: boolean; readonly afterCallbackRedirectUrl?: string | null | undefined },
  options: RedirectOptions = {}
): Result.Result<string, RedirectNotTrusted> => {
  const explicit = outcome.afterCallbackRedirectUrl
  if (explicit !== undefined && explicit !== null && explicit !== "") return checkTarget(explicit, options)
  return redirectUrlFor(urls, outcome.isNewUser ? "afterSignUp" : "afterSignIn", options)
}
