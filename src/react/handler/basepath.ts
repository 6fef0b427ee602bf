/**
 * Handler pages under a router mounted at a subpath (TanStack Router's `basepath`). The app's URLs
 * (`handlerPath`, `urls`) are the router's paths, as the app's own links are; the browser, the emails and
 * the OAuth service only know full paths. So inside the handler every URL is the browser's: the app's URLs
 * get the basepath, the page URL is the one the address bar shows, and `after_auth_return_to` (followed
 * by a link, a reload or another site) carries it too. Only what goes to the app's `navigate` loses it again.
 *
 * A path already below the basepath is left as it is, as the router's own `navigate({ href })` does, so an
 * app that configured full paths works as well. Without a basepath every function is the identity.
 */
import type { RedirectUrls } from "../../services/redirects.js"
import type { StackApp } from "../provider.js"

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
 * The app as handler pages see it: its URLs are browser URLs and its `navigate` takes browser URLs. The same
 * app without a basepath.
 */
export const appUnderBasepath = <R>(app: StackApp<R>, basepath: string, origin: string): StackApp<R> =>
  basepath === ""
    ? app
    : {
      ...app,
      urls: browserUrls(app.urls, basepath),
      navigate: (url) => app.navigate(toRouterPath(url, basepath, origin))
    }
