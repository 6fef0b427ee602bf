/**
 * `StackHandler` shows the handler page a route name stands for: `sign-in`, `sign-up`,
 * `sign-out`, `email-verification`, `password-reset`, `forgot-password`, `oauth-callback`,
 * `magic-link-callback`, `account-settings`, `error` and `team-invitation`. It needs no router: any router
 * (or none) passes the name and the page URL; `stackHandlerRoutes` gives TanStack Router a route per page.
 */
import { type ReactNode, Suspense } from "react"
import { normalizeBasepath } from "../basepath.js"
import { DEFAULT_DASHBOARD_URL } from "./messages.js"
import type { HandlerPageProps } from "./frame.js"
import { LazyHandlerPage, preloadHandlerPage } from "./lazy-pages.js"
import { decodeHandlerSearch, isHandlerRoute, searchOfUrl } from "./search.js"

/** Props of `StackHandler`: which handler page to render, for which URL. */
export interface StackHandlerProps {
  /** The route name, e.g. `"sign-in"` (a trailing slash or a leading one is ignored). */
  readonly route: string
  /** The page URL with its query, as the browser shows it; default `location.href`. */
  readonly currentUrl?: string | undefined
  /**
   * The router's basepath (`"/app"`) when the app lives below one: the app's URLs are then taken as the
   * router's paths and given it wherever the browser, an email or the OAuth service will visit them.
   */
  readonly basepath?: string | undefined
  /** Where the production-mode fix link points; default the hosted dashboard. */
  readonly dashboardUrl?: string | undefined
}

const pageUrl = (): string =>
  (globalThis as { readonly location?: { readonly href?: string } }).location?.href ?? "http://localhost/"

/**
 * What a route component hands on: the page named `route` (or "page not found") at `currentUrl`. The search
 * is decoded from the URL as the browser shows it, not from the router's parsed search, whose JSON reading
 * turns `?code=123456` into a number.
 */
export const handlerPageProps = (
  route: string,
  currentUrl: string,
  basepath: string | undefined,
  dashboardUrl: string | undefined
): HandlerPageProps => {
  const name = route.replace(/^\/+|\/+$/g, "")
  const page = isHandlerRoute(name) ? name : undefined
  const search = page === undefined ? {} : decodeHandlerSearch(page)(searchOfUrl(currentUrl))
  // A router without a basepath says "/": normalized to "", else the app's URLs would start with "//".
  return {
    name,
    page,
    currentUrl,
    search,
    basepath: normalizeBasepath(basepath),
    dashboardUrl: dashboardUrl ?? DEFAULT_DASHBOARD_URL
  }
}

/** `<StackHandler route="sign-in" />` inside a `StackProvider`; the page's code loads on first use. */
export function StackHandler(props: StackHandlerProps): ReactNode {
  const page = handlerPageProps(props.route, props.currentUrl ?? pageUrl(), props.basepath, props.dashboardUrl)
  // Nothing to show until the frame's chunk is there; the frame then shows a loading card for the page's.
  return (
    <Suspense fallback={null}>
      <LazyHandlerPage {...page} />
    </Suspense>
  )
}

/**
 * Loads the code of the page `route` names (and of the frame around it) before it renders: a server-rendered
 * app's route loader awaits it, so the server's first answer holds the page itself rather than its loading
 * card, and a client navigation fetches the code while the page's data loads.
 */
export const preloadStackHandler = (route: string): Promise<void> => {
  const name = route.replace(/^\/+|\/+$/g, "")
  return preloadHandlerPage(isHandlerRoute(name) ? name : undefined)
}
