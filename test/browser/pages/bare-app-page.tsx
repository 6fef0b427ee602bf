/**
 * The README's React quick start as a page with no stylesheet of its own (the test serves it in a bare HTML
 * shell): a header with the user button, a home page, and the handler pages, against a real backend whose
 * address and keys the test puts in `window.stackfxBackend` before the page loads.
 */
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router"
import { type ReactNode, StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { clientTier } from "../../../src/layers/client.js"
import { routerNavigate } from "../../../src/react/handler/route.js"
import { stackHandlerRoutes } from "../../../src/react/handler/routes.js"
import { useUser } from "../../../src/react/hooks.js"
import { StackProvider } from "../../../src/react/provider.js"
import { UserButton } from "../../../src/react/user-button.js"

interface Backend {
  readonly baseUrl: string
  readonly projectId: string
  readonly publishableClientKey: string
}

const backend = (window as unknown as { stackfxBackend: Backend }).stackfxBackend
const layer = clientTier(backend)

function Who(): ReactNode {
  const user = useUser()
  return <p>{user === null ? "You are not signed in" : `Signed in as ${user.primaryEmail ?? user.id}`}</p>
}

const rootRoute = createRootRoute({
  component: () => (
    <>
      <header>
        <UserButton />
      </header>
      <Outlet />
    </>
  )
})
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  component: () => (
    <main>
      <h1>Home</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <Who />
      </Suspense>
    </main>
  )
})
const router = createRouter({ routeTree: rootRoute.addChildren([homeRoute, stackHandlerRoutes(rootRoute)]) })

const stage = document.getElementById("stage")
if (stage !== null) {
  createRoot(stage).render(
    <StrictMode>
      <StackProvider layer={layer} navigate={routerNavigate(router)}>
        <RouterProvider router={router} />
      </StackProvider>
    </StrictMode>
  )
}
