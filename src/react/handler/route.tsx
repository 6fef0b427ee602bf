/**
 * TanStack Router (v1, code-based routing) integration: one splat route, `{base}/$`, that shows the handler
 * page named by the rest of the path. Add it next to the app's own routes:
 *
 * @example
 * const rootRoute = createRootRoute({ component: Layout })
 * const handlerRoute = stackHandlerRoute(rootRoute)            // /handler/sign-in, /handler/sign-up, ...
 * const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute, handlerRoute]) })
 * <StackProvider layer={clientLayer} navigate={routerNavigate(router)}>
 *   <RouterProvider router={router} />
 * </StackProvider>
 *
 * `base` is the handler's path below `parent`; with the root route as parent it is the `handlerPath` the
 * `StackProvider` is given (both default to `/handler`). Under a router `basepath` both stay the router's
 * paths; the pages add the basepath wherever the browser, an email or the OAuth service visits a URL.
 */
import { type AnyRoute, type AnyRouter, createRoute, useRouter, useRouterState } from "@tanstack/react-router"
import { type ReactNode, useState } from "react"
import { DEFAULT_HANDLER_PATH } from "../../domain/constants.js"
import { StackHandler } from "./stack-handler.js"

export interface StackHandlerRouteOptions {
  /** Default `/handler`. */
  readonly base?: string | undefined
  /** Where the production-mode fix link points; default the hosted dashboard. */
  readonly dashboardUrl?: string | undefined
}

const pageOrigin = (): string =>
  (globalThis as { readonly location?: { readonly origin?: string } }).location?.origin ?? "http://localhost"

/** Where a location is below the handler route's own path (`"/handler/"`), or `undefined` outside it. */
const pageBelow = (pathname: string, prefix: string): string | undefined =>
  // Case-insensitive like the router's own matching.
  pathname.toLowerCase().startsWith(prefix.toLowerCase()) ? pathname.slice(prefix.length) : undefined

interface ShownPage {
  readonly route: string
  readonly url: string
}

/** The handler route below `parent` (usually the root route). */
export const stackHandlerRoute = <TParent extends AnyRoute>(parent: TParent, options: StackHandlerRouteOptions = {}) => {
  const base = (options.base ?? DEFAULT_HANDLER_PATH).replace(/^\/+|\/+$/g, "")
  const route = createRoute({
    getParentRoute: () => parent,
    path: base === "" ? "$" : `${base}/$`,
    component: StackHandlerRoute
  })
  function StackHandlerRoute(): ReactNode {
    // The page's name and its URL are read from one location. While a navigation is pending the router
    // already has the next location but still renders this route's old match (old params), and a page
    // shown with another page's URL acts on the wrong one: account settings, handed the sign-in URL it had
    // just sent a visitor to, sent the sign-in page itself to sign in, over and over. Subscribing to the
    // location also re-renders the page on every navigation, query changes included.
    const location = useRouterState({ select: (state) => state.location })
    const { basepath } = useRouter()
    // `href` is the router's own path (without the basepath), which names the page; `publicHref` is what the
    // browser shows, which the pages hand on (OAuth redirect URI, after_auth_return_to, email links).
    const below = pageBelow(new URL(location.href, pageOrigin()).pathname, route.fullPath.replace(/\$$/, ""))
    const pageUrl = new URL(location.publicHref, pageOrigin()).href
    const current = below === undefined ? undefined : { route: below, url: pageUrl }
    // Leaving for a page outside the handler, this route renders once more with that page's location; it
    // keeps showing the page it was on meanwhile.
    const [last, setLast] = useState<ShownPage | undefined>(current)
    if (current !== undefined && (current.route !== last?.route || current.url !== last.url)) setLast(current)
    const shown = current ?? last ?? { route: "", url: pageUrl }
    return <StackHandler route={shown.route} currentUrl={shown.url} basepath={basepath} dashboardUrl={options.dashboardUrl} />
  }
  return route
}

/**
 * The `navigate` of a `StackProvider` for a TanStack router: app URLs (the router's paths; a path below its
 * basepath has it removed by the router) become client-side navigations, absolute URLs load the document.
 */
export const routerNavigate = (router: AnyRouter) => (url: string): void => {
  void router.navigate({ href: url })
}
