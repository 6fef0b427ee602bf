/**
 * The handler pages in an app whose TanStack router is mounted at the basepath `/app`: a home page that
 * says who is signed in, and the handler route, against a real backend. The test puts the backend's
 * address and keys in `window.stackfxBackend` before the page loads (the bundle is built once, the backend's
 * port changes with every run).
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider
} from "@tanstack/react-router"
import { type ReactNode, StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { clientTier } from "../../../src/layers/client.js"
import { routerNavigate, stackHandlerRoute } from "../../../src/react/handler/route.js"
import { useUser } from "../../../src/react/hooks.js"
import { StackProvider } from "../../../src/react/provider.js"

interface Backend {
  readonly baseUrl: string
  readonly projectId: string
  readonly publishableClientKey: string
}

const backend = (window as unknown as { stackfxBackend: Backend }).stackfxBackend
const clientLayer = clientTier(backend)

function Who(): ReactNode {
  const user = useUser()
  return <p>{user === null ? "You are not signed in" : `Signed in as ${user.primaryEmail ?? user.id}`}</p>
}

function Home(): ReactNode {
  return (
    <main>
      <h1>Basepath home</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <Who />
      </Suspense>
    </main>
  )
}

const rootRoute = createRootRoute({ component: Outlet })
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: Home })
const handlerRoute = stackHandlerRoute(rootRoute)
const router = createRouter({ routeTree: rootRoute.addChildren([homeRoute, handlerRoute]), basepath: "/app" })

const stage = document.getElementById("stage")
if (stage !== null) {
  createRoot(stage).render(
    <StrictMode>
      <StackProvider layer={clientLayer} navigate={routerNavigate(router)} fallback={<p>Loading…</p>}>
        <RouterProvider router={router} />
      </StackProvider>
    </StrictMode>
  )
}
