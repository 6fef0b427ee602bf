/**
 * The handler pages in an app whose TanStack router is mounted at the basepath `/app`: a header with the
 * user button, a home page that says who is signed in, and the handler route, against a real backend. The
 * test puts the backend's address and keys in `window.stackfxBackend` before the page loads (the bundle is
 * built once, the backend's port changes with every run), and `window.stackfxNavigate = "document"` to
 * give the provider no `navigate` (every navigation of the provider is then a document load).
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

const settings = window as unknown as { stackfxBackend: Backend; stackfxNavigate?: "router" | "document" }
const backend = settings.stackfxBackend
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

function Layout(): ReactNode {
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16, width: "100%" }}>
      <header className="basepath-header" style={{ display: "flex", justifyContent: "flex-end" }}>
        <UserButton />
      </header>
      <Outlet />
    </div>
  )
}

const rootRoute = createRootRoute({ component: Layout })
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: Home })
const handlerRoutes = stackHandlerRoutes(rootRoute)
const router = createRouter({ routeTree: rootRoute.addChildren([homeRoute, handlerRoutes]), basepath: "/app" })

const stage = document.getElementById("stage")
if (stage !== null) {
  createRoot(stage).render(
    <StrictMode>
      <StackProvider
        layer={clientLayer}
        basepath={router.basepath}
        navigate={settings.stackfxNavigate === "document" ? undefined : routerNavigate(router)}
        fallback={<p>Loading…</p>}
      >
        <RouterProvider router={router} />
      </StackProvider>
    </StrictMode>
  )
}
