/** The frame of every page: the header with navigation and the user button, then the page. */
import { Link, Outlet } from "@tanstack/react-router"
import { type ReactNode, useState } from "react"
import { UserButton } from "stackfx/react"

export function Layout(): ReactNode {
  const [dark, setDark] = useState(false)
  return (
    <div className={dark ? "demo dark" : "demo"}>
      <header className="demo-header">
        <Link to="/" className="demo-brand">
          stackfx demo
        </Link>
        <nav className="demo-nav" aria-label="Main">
          <Link to="/" activeProps={{ "aria-current": "page" }}>
            Home
          </Link>
          <Link to="/teams" activeProps={{ "aria-current": "page" }}>
            Teams
          </Link>
          <Link to="/guest" activeProps={{ "aria-current": "page" }}>
            Guest cart
          </Link>
        </nav>
        <UserButton showUserInfo onToggleTheme={() => setDark((d) => !d)} />
      </header>
      <main className="demo-main">
        <Outlet />
      </main>
    </div>
  )
}
