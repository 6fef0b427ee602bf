/**
 * An app whose router is mounted at a subpath (TanStack Router's `basepath`, `"/app"`). The app's URLs
 * (`handlerPath`, `urls`) are the router's paths, as the app's own links are; the browser, a document load,
 * an email and the OAuth service only know full paths, so every URL that leaves the router gets the
 * basepath, and only what goes to the router's `navigate` loses it again.
 *
 * A path already below the basepath is left as it is, as the router's own `navigate({ href })` does, so an
 * app that configured full paths works as well. Without a basepath every function is the identity.
 */
import * as Result from "effect/Result"
import { parseAbsoluteUrl } from "../domain/rules/hosts.js"
import { redirectUrlFor, type RedirectTarget, type RedirectUrls } from "../services/navigation/redirects.js"

/** `undefined`, `""` and `"/"` are no basepath (`""`); otherwise `"/app"`: one leading slash, none trailing. */
export const normalizeBasepath = (basepath: string | undefined): string => {
  const trimmed = (basepath ?? "").replace(/^\/+|\/+$/g, "")
  return trimmed === "" ? "" : `/${trimmed}`
}

/** A path on the page's own origin; `//host` and `/\host` name another host. */
const isRootRelative = (url: string): boolean => /^\/(?![/\\])/.test(url)

/** Below the basepath: the basepath itself, or it followed by `/`, `?` or `#`; case-insensitive like the router. */
const isBelow = (path: string, basepath: string): boolean => {
  const lower = path.toLowerCase()
  const base = basepath.toLowerCase()
  return lower.startsWith(base) && /^(?:$|[/?#])/.test(lower.slice(base.length))
}

/**
 * The browser's path of an app URL. Absolute URLs and paths already below the basepath are unchanged.
 *
 * @example
 * toBrowserPath("/handler/sign-in", "/app") // "/app/handler/sign-in"
 */
export const toBrowserPath = (url: string, basepath: string): string =>
  basepath === "" || !isRootRelative(url) || isBelow(url, basepath) ? url : `${basepath}${url}`

/**
 * What the app's `navigate` is given for a browser URL: the router's path when it is below the basepath;
 * a path outside it is no page of the router, so it becomes absolute (on `origin`) for a document load.
 *
 * @example
 * toRouterPath("/app/handler/sign-in?x=1", "/app", "https://a.com") // "/handler/sign-in?x=1"
 * toRouterPath("/elsewhere", "/app", "https://a.com")              // "https://a.com/elsewhere"
 */
export const toRouterPath = (url: string, basepath: string, origin: string): string => {
  if (basepath === "" || !isRootRelative(url)) return url
  if (!isBelow(url, basepath)) return new URL(url, origin).href
  const rest = url.slice(basepath.length)
  return rest.startsWith("/") ? rest : `/${rest}`
}

/** Every redirect target as a browser URL. */
export const browserUrls = (urls: RedirectUrls, basepath: string): RedirectUrls =>
  Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, toBrowserPath(url, basepath)])) as RedirectUrls

/**
 * The app URL (the router's path) the provider's `redirectTo` navigates to. It is worked out on browser
 * URLs, as the page URL is one: so a handler page below the basepath is known as one (no
 * `after_auth_return_to` back to the sign-in page), and `after_auth_return_to` carries the full path that
 * the handler pages expect. A target that is not trusted falls back to the configured one.
 *
 * @example
 * appRedirectUrl(urls, "signIn", { currentUrl: "https://a.com/app/x", basepath: "/app" })
 * // "/handler/sign-in?after_auth_return_to=%2Fapp%2Fx"
 */
export const appRedirectUrl = (
  urls: RedirectUrls,
  target: RedirectTarget,
  options: { readonly currentUrl: string | undefined; readonly basepath: string }
): string => {
  const { basepath, currentUrl } = options
  const browser = browserUrls(urls, basepath)
  const url = Result.getOrElse(redirectUrlFor(browser, target, { currentUrl }), () => browser[target])
  const origin = (currentUrl === undefined ? undefined : parseAbsoluteUrl(currentUrl))?.origin
  return toRouterPath(url, basepath, origin ?? "http://localhost")
}
