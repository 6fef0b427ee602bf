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
import {
  type AnyContext,
  type AnyRoute,
  createRoute,
  type ResolveFullPath,
  type ResolveId,
  type ResolveParams,
  type Route,
  type RouteComponent,
  useRouter
} from "@tanstack/react-router"
import { type ReactNode, Suspense } from "react"
import { DEFAULT_HANDLER_PATH, type HandlerRoute } from "../../domain/handler-routes.js"
import { LazyHandlerPage, preloadHandlerPage } from "./lazy-pages.js"
import { decodeHandlerSearch, type HandlerSearch } from "./search.js"
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

const samePage =
  (name: HandlerRoute) =>
  (below: string): boolean =>
    below.replace(/\/+$/, "").toLowerCase() === name

/**
 * A route of `stackHandlerRoutes` below `TParent` at `TPath`, typed as TanStack's `createRoute` types it, so
 * that links to it (`<Link to="/handler/sign-in" search={{ ... }}>`) are typed once the app registers its router.
 */
export type StackHandlerRoute<
  TParent extends AnyRoute,
  TPath extends string,
  TSearchValidator = undefined,
  TChildren = unknown
> = Route<
  unknown,
  TParent,
  TPath,
  ResolveFullPath<TParent, TPath>,
  string,
  ResolveId<TParent, string, TPath>,
  TSearchValidator,
  ResolveParams<TPath>,
  AnyContext,
  AnyContext,
  AnyContext,
  {},
  undefined,
  TChildren
>

/** The route of one handler page below the handler's route: its search is the page's decoded parameters. */
export type StackHandlerPageRoute<THandler extends AnyRoute, K extends HandlerRoute> = StackHandlerRoute<
  THandler,
  K,
  (raw: unknown) => HandlerSearch<K>
>

type Pages<THandler extends AnyRoute> = readonly [
  StackHandlerPageRoute<THandler, "sign-in">,
  StackHandlerPageRoute<THandler, "sign-up">,
  StackHandlerPageRoute<THandler, "sign-out">,
  StackHandlerPageRoute<THandler, "email-verification">,
  StackHandlerPageRoute<THandler, "password-reset">,
  StackHandlerPageRoute<THandler, "forgot-password">,
  StackHandlerPageRoute<THandler, "oauth-callback">,
  StackHandlerPageRoute<THandler, "magic-link-callback">,
  StackHandlerPageRoute<THandler, "account-settings">,
  StackHandlerPageRoute<THandler, "error">,
  StackHandlerPageRoute<THandler, "team-invitation">,
  StackHandlerPageRoute<THandler, "cli-auth-confirm">,
  StackHandlerPageRoute<THandler, "agent-auth-confirm">,
  StackHandlerPageRoute<THandler, "onboarding">,
  StackHandlerPageRoute<THandler, "mfa">,
  StackHandlerRoute<THandler, "$">
]

/**
 * What `stackHandlerRoutes(parent, { base })` returns: the route at `base` below `TParent`, with a child per
 * page and the `$` child for any other name. Written out (not inferred) so that the published declarations
 * name only `@tanstack/react-router`, and so that registering the app's router does not make TypeScript
 * infer the handler's path while it is still resolving the router's own type (it then fell back to `string`
 * and every page lost its `/handler` prefix in the typed links).
 */
export type StackHandlerRoutes<TParent extends AnyRoute, TBase extends string = "handler"> = StackHandlerRoute<
  TParent,
  TBase,
  undefined,
  Pages<StackHandlerRoute<TParent, TBase>>
>

/**
 * The handler's routes below `parent` (usually the root route): one route at `base` with a child per page
 * and a `$` child that says "page not found" for any other name below it. Add the result to the tree with
 * `parent.addChildren([..., stackHandlerRoutes(parent)])`.
 */
export function stackHandlerRoutes<TParent extends AnyRoute>(
  parent: TParent,
  options?: StackHandlerRouteOptions<never>
): StackHandlerRoutes<TParent, "handler">
export function stackHandlerRoutes<TParent extends AnyRoute, const TBase extends string>(
  parent: TParent,
  options: StackHandlerRouteOptions<TBase> & { readonly base: TBase }
): StackHandlerRoutes<TParent, TBase>
export function stackHandlerRoutes<TParent extends AnyRoute>(
  parent: TParent,
  options?: StackHandlerRouteOptions
): StackHandlerRoutes<TParent, string>
export function stackHandlerRoutes(parent: AnyRoute, options: StackHandlerRouteOptions = {}): AnyRoute {
  const handler = createRoute({ getParentRoute: () => parent, path: handlerBase(options) })
  const base = () => handler.fullPath
  const page = <K extends HandlerRoute>(name: K) => {
    const component = handlerRouteComponent(base, samePage(name), options, name)
    return createRoute({
      getParentRoute: () => handler,
      path: name,
      validateSearch: decodeHandlerSearch(name),
      component
    })
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
    page("cli-auth-confirm"),
    page("agent-auth-confirm"),
    page("onboarding"),
    page("mfa"),
    notFound
  ])
}
