/**
 * The handler as one splat route, `{base}/$`, showing the page named by the rest of the path: the shape
 * before `stackHandlerRoutes` (./routes.tsx), kept for apps that mount it. It shows the same lazily loaded
 * pages, but without a route per page its links are untyped and the router does not preload a page.
 * `routerNavigate` gives the `StackProvider` the router's navigation.
 */
import { type AnyRoute, type AnyRouter, createRoute } from "@tanstack/react-router"
import { handlerBase, handlerRouteComponent, type StackHandlerRouteOptions } from "./routes.js"

export type { StackHandlerRouteOptions } from "./routes.js"

/**
 * The handler's catch-all route below `parent`.
 *
 * @deprecated Use `stackHandlerRoutes`: a route per page, typed search, preloaded pages.
 */
export const stackHandlerRoute = <TParent extends AnyRoute>(
  parent: TParent,
  options: StackHandlerRouteOptions = {}
) => {
  const base = handlerBase(options)
  const route = createRoute({
    getParentRoute: () => parent,
    path: base === "" ? "$" : `${base}/$`,
    component: handlerRouteComponent(
      (): string => route.fullPath.replace(/\$$/, ""),
      () => true,
      options
    )
  })
  return route
}

/**
 * The `navigate` of a `StackProvider` for a TanStack router: app URLs (the router's paths; a path below its
 * basepath has it removed by the router) become client-side navigations, absolute URLs load the document.
 */
export const routerNavigate =
  (router: AnyRouter) =>
  (url: string): void => {
    void router.navigate({ href: url })
  }
