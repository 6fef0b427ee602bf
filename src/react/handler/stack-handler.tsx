/**
 * `StackHandler` shows the handler page a route name stands for: `sign-in`, `sign-up`,
 * `sign-out`, `email-verification`, `password-reset`, `forgot-password`, `oauth-callback`,
 * `magic-link-callback`, `account-settings`, `error` and `team-invitation`. It needs no router: any router
 * (or none) passes the name and the page URL; `stackHandlerRoutes` gives TanStack Router a route per page.
 * `HandlerFrame` is what every page is shown in, by either.
 */
import { type ComponentType, type ReactNode, Suspense, useMemo } from "react"
import type { HandlerRoute } from "../../domain/constants.js"
import { normalizeBasepath } from "../basepath.js"
import { HandlerPage, type HandlerPageContext } from "./context.js"
import { DEFAULT_DASHBOARD_URL } from "./describe-error.js"
import { HandlerErrorBoundary } from "./error-boundary.js"
import { lazyPages } from "./pages/lazy.js"
import { Loading } from "./pages/shared.js"
import { decodeHandlerSearch, isHandlerRoute, searchOfUrl } from "./search.js"
import { Card } from "./ui.js"
import { useHandlerApp } from "./use-action.js"

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

/** What a name outside the handler's pages shows. */
export function NotFound(props: { readonly route: string }): ReactNode {
  const app = useHandlerApp()
  return (
    <Card title="Page not found">
      <p>There is no page called “{props.route}” here.</p>
      <p>
        <a className="stackfx-link" href={app.urls.home}>Go home</a>
      </p>
    </Card>
  )
}

export interface HandlerFrameProps {
  /** The page shown, `undefined` for a name that is none (its search is then not decoded). */
  readonly page: HandlerRoute | undefined
  readonly currentUrl: string
  readonly basepath: string
  readonly dashboardUrl: string
  readonly children: ReactNode
}

/**
 * The page context (URL, decoded search, basepath), the error boundary and the loading card while the
 * page's chunk arrives. The search is decoded from the URL as the browser shows it, not from the router's
 * parsed search, whose JSON reading turns `?code=123456` into a number.
 */
export function HandlerFrame(props: HandlerFrameProps): ReactNode {
  const { page, currentUrl, basepath, dashboardUrl } = props
  const context = useMemo<HandlerPageContext>(
    () => ({
      currentUrl,
      search: page === undefined ? {} : decodeHandlerSearch(page)(searchOfUrl(currentUrl)),
      basepath,
      dashboardUrl
    }),
    [page, currentUrl, basepath, dashboardUrl]
  )
  return (
    <HandlerPage.Provider value={context}>
      <HandlerErrorBoundary resetKey={currentUrl}>
        <Suspense fallback={<Loading />}>{props.children}</Suspense>
      </HandlerErrorBoundary>
    </HandlerPage.Provider>
  )
}

/** `<StackHandler route="sign-in" />` inside a `StackProvider`; the page's code loads on first use. */
export function StackHandler(props: StackHandlerProps): ReactNode {
  const route = props.route.replace(/^\/+|\/+$/g, "")
  const currentUrl = props.currentUrl ?? pageUrl()
  const page = isHandlerRoute(route) ? route : undefined
  const Page: ComponentType | undefined = page === undefined ? undefined : lazyPages[page]
  return (
    <HandlerFrame
      page={page}
      currentUrl={currentUrl}
      basepath={normalizeBasepath(props.basepath)}
      dashboardUrl={props.dashboardUrl ?? DEFAULT_DASHBOARD_URL}
    >
      {/* Keyed by URL: a new link (another code, another page) starts with fresh state. */}
      {Page === undefined ? <NotFound route={route} /> : <Page key={currentUrl} />}
    </HandlerFrame>
  )
}
