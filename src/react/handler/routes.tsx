/**
 * TanStack Router (v1, code-based routing) integration: a route-tree fragment with one route per handler
 * page. Each page route decodes its query parameters (`validateSearch`, ./search.ts) and loads its page's
 * code only when it is visited (its own chunk in the app's bundle; the router preloads it on the way in).
 *
 * @example
 * const rootRoute = createRootRoute({ component: Layout })
 * const handlerRoute = stackHandlerRoutes(rootRoute)     // /handler, /handler/sign-in, /handler/sign-up, ...
 * const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute, handlerRoute]) })
 * <StackProvider layer={clientLayer} navigate={routerNavigate(router)}>
 *   <RouterProvider router={router} />
 * </StackProvider>
 * // typed links: <Link to="/handler/sign-in" search={{ after_auth_return_to: "/teams" }}>Sign in</Link>
 *
 * `base` is the handler's path below `parent`; with the root route as parent it is the `handlerPath` the
 * `StackProvider` is given (both default to `/handler`). Under a router `basepath` both stay the router's
 * paths; the pages add the basepath wherever the browser, an email or the OAuth service visits a URL.
 */
import { type AnyRoute, createRoute, type RouteComponent, useRouter } from "@tanstack/react-router"
import { type ReactNode, Suspense } from "react"
import { DEFAULT_HANDLER_PATH, type HandlerRoute } from "../../domain/constants.js"
import { LazyHandlerPage, preloadHandlerPage } from "./pages/lazy.js"
import { decodeHandlerSearch } from "./search.js"
import { useShownPage } from "./shown-page.js"
import { handlerPageProps } from "./stack-handler.js"

/** Options of `stackHandlerRoutes`: where the handler pages live below the parent route, and where fix links point. */
export interface StackHandlerRouteOptions<TBase extends string = string> {
  /** The handler's path below the parent route, one or more segments; default `/handler`. */
  readonly base?: TBase | undefined
  /** Where the production-mode fix link points; default the hosted dashboard. */
  readonly dashboardUrl?: string | undefined
}

/** `"/handler/"` -> `"handler"`. */
export const handlerBase = (options: StackHandlerRouteOptions): string =>
  (options.base ?? DEFAULT_HANDLER_PATH).replace(/^\/+|\/+$/g, "")

/**
 * The route component showing the page the location names (a name that is none shows "page not found"),
 * for the route whose location `own` accepts. Its `preload` loads the frame and `page`, so the router
 * fetches them before it leaves the page it is on.
 */
export const handlerRouteComponent = (
  base: () => string,
  own: (below: string) => boolean,
  options: StackHandlerRouteOptions,
  page?: HandlerRoute
): RouteComponent => {
  function StackHandlerRoute(): ReactNode {
    const shown = useShownPage(base, own)
    const { basepath } = useRouter()
    return (
      <Suspense fallback={null}>
        <LazyHandlerPage {...handlerPageProps(shown.route, shown.url, basepath, options.dashboardUrl)} />
      </Suspense>
    )
  }
  StackHandlerRoute.preload = () => preloadHandlerPage(page)
  return StackHandlerRoute
}

const samePage = (name: HandlerRoute) => (below: string): boolean => below.replace(/\/+$/, "").toLowerCase() === name

/**
 * The handler's routes below `parent` (usually the root route): one route at `base` with a child per page
 * and a `$` child that says "page not found" for any other name below it. Add the result to the tree with
 * `parent.addChildren([..., stackHandlerRoutes(parent)])`.
 */
export const stackHandlerRoutes = <TParent extends AnyRoute, const TBase extends string = "handler">(
  parent: TParent,
  options: StackHandlerRouteOptions<TBase> = {}
) => {
  // Typed as given so that links to the pages are typed: the router trims the slashes in types as at run time.
  const path = handlerBase(options) as TBase
  const handler = createRoute({ getParentRoute: () => parent, path })
  const base = () => handler.fullPath
  const page = <K extends HandlerRoute>(name: K) => {
    const component = handlerRouteComponent(base, samePage(name), options, name)
    return createRoute({ getParentRoute: () => handler, path: name, validateSearch: decodeHandlerSearch(name), component })
  }
  const notFound = createRoute({
    getParentRoute: () => handler,
    path: "$",
    component: handlerRouteComponent(base, () => true, options)
  })
  return handler.addChildren([
    page("sign-in"),
    page("sign-up"),
    page("sign-out"),
    page("email-verification"),
    page("password-reset"),
    page("forgot-password"),
    page("oauth-callback"),
    page("magic-link-callback"),
    page("account-settings"),
    page("error"),
    page("team-invitation"),
    notFound
  ])
}
