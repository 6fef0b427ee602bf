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
 * `StackProvider` is given (both default to `/handler`).
 */
import { type AnyRoute, type AnyRouter, createRoute, useParams, useRouterState } from "@tanstack/react-router"
import type { ReactNode } from "react"
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

/** The handler route below `parent` (usually the root route). */
export const stackHandlerRoute = <TParent extends AnyRoute>(parent: TParent, options: StackHandlerRouteOptions = {}) => {
  const base = (options.base ?? DEFAULT_HANDLER_PATH).replace(/^\/+|\/+$/g, "")
  function StackHandlerRoute(): ReactNode {
    const params: { readonly _splat?: string } = useParams({ strict: false })
    // Subscribing to the location re-renders the page on every navigation, query changes included.
    const href = useRouterState({ select: (state) => state.location.href })
    return (
      <StackHandler
        route={params._splat ?? ""}
        currentUrl={new URL(href, pageOrigin()).href}
        dashboardUrl={options.dashboardUrl}
      />
    )
  }
  return createRoute({
    getParentRoute: () => parent,
    path: base === "" ? "$" : `${base}/$`,
    component: StackHandlerRoute
  })
}

/**
 * The `navigate` of a `StackProvider` for a TanStack router: app URLs become client-side navigations,
 * absolute URLs of other origins load the document.
 */
export const routerNavigate = (router: AnyRouter) => (url: string): void => {
  void router.navigate({ href: url })
}
