/**
 * The document and the layout: the request's user and the project come from the server (`getStackSnapshot`,
 * through the request middleware), and the provider renders with them on the server and in the browser's first
 * render.
 */
import { createRootRoute, HeadContent, Link, Outlet, Scripts, useRouter } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { StackStyles, UserButton } from "stackfx/react"
import { routerNavigate } from "stackfx/react/handler"
import { StackStartProvider } from "stackfx/react-start"
import { getStackSnapshot } from "../session"
import { clientLayer } from "../stack-client"

export const Route = createRootRoute({
  beforeLoad: async () => ({ stack: await getStackSnapshot() }),
  head: () => ({
    meta: [
      { charSet: "utf-8" },
      { name: "viewport", content: "width=device-width, initial-scale=1" },
      { title: "stackfx on TanStack Start" }
    ]
  }),
  shellComponent: Document,
  component: Layout
})

function Document({ children }: { readonly children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body style={{ fontFamily: "system-ui, sans-serif", margin: 0 }}>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

function Layout() {
  const { stack } = Route.useRouteContext()
  const router = useRouter()
  return (
    <StackStartProvider layer={clientLayer} snapshot={stack} navigate={routerNavigate(router)}>
      <StackStyles />
      <header
        className="example-header"
        style={{ display: "flex", gap: 16, alignItems: "center", justifyContent: "space-between", padding: "12px 24px" }}
      >
        <nav style={{ display: "flex", gap: 16 }}>
          <Link to="/">Home</Link>
          <Link to="/dashboard">Dashboard</Link>
        </nav>
        <UserButton showUserInfo />
      </header>
      <main style={{ padding: "0 24px" }}>
        <Outlet />
      </main>
    </StackStartProvider>
  )
}
