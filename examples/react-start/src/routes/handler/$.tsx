/** The handler pages (sign-in, sign-up, account settings, ...), rendered on the server as in the browser. */
import { createFileRoute, useLocation } from "@tanstack/react-router"
import { StackHandler } from "stackfx/react/handler"

export const Route = createFileRoute("/handler/$")({ component: Handler })

// The server knows the path, not the origin the browser sees; the page only compares its own URLs with it.
const pageUrl = (href: string): string =>
  typeof window === "undefined" ? new URL(href, "http://localhost").href : window.location.href

function Handler() {
  const { _splat } = Route.useParams()
  const location = useLocation()
  return <StackHandler route={_splat ?? ""} currentUrl={pageUrl(location.href)} />
}
