/**
 * The demo app: a home page with the user button, a teams page, a guest's cart, and the handler pages (sign-in, sign-up,
 * account settings, ...) under /handler, all on TanStack Router and the public stackfx API.
 */
import { createRootRoute, createRoute, createRouter, RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { StackProvider } from "stackfx/react"
import { routerNavigate, stackHandlerRoutes } from "stackfx/react/handler"
import { clientLayer } from "./config.js"
import { GuestPage } from "./guest.js"
import { HomePage } from "./home.js"
import { Layout } from "./layout.js"
import { TeamsPage } from "./teams.js"

const rootRoute = createRootRoute({ component: Layout })
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: HomePage })
const teamsRoute = createRoute({ getParentRoute: () => rootRoute, path: "/teams", component: TeamsPage })
const guestRoute = createRoute({ getParentRoute: () => rootRoute, path: "/guest", component: GuestPage })
const handlerRoutes = stackHandlerRoutes(rootRoute)

const router = createRouter({ routeTree: rootRoute.addChildren([homeRoute, teamsRoute, guestRoute, handlerRoutes]) })

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router
  }
}

const root = document.getElementById("root")
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <StackProvider
        layer={clientLayer}
        navigate={routerNavigate(router)}
        fallback={<p className="demo-loading">Loading…</p>}
      >
        <RouterProvider router={router} />
      </StackProvider>
    </StrictMode>
  )
}
