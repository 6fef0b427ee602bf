/**
 * The handler pages (sign-in, sign-up, account settings, ...), rendered on the server as in the browser. The
 * loader asks the server for what the page reads beyond the snapshot (account settings' lists) and loads the
 * page's code, so the page renders in full on the server and hydrates without a request.
 */
import { createFileRoute, useLocation } from "@tanstack/react-router"
import { preloadStackHandler, StackHandler } from "stackfx/react/handler"
import { useStackPageData } from "stackfx/react-start"
import { getHandlerPageData } from "../../session"

/** The one query parameter the server's page data depends on: the section account settings shows. */
const sectionOf = (search: Record<string, unknown>): { readonly section?: string } =>
  typeof search["section"] === "string" ? { section: search["section"] } : {}

export const Route = createFileRoute("/handler/$")({
  validateSearch: sectionOf,
  loaderDeps: ({ search }) => ({ section: search.section }),
  // The page's code too: the server's first answer then holds the page, not its loading card.
  loader: async ({ params, deps }) => {
    const route = params._splat ?? ""
    const [data] = await Promise.all([
      getHandlerPageData({
        data: deps.section === undefined ? route : `${route}?section=${encodeURIComponent(deps.section)}`
      }),
      preloadStackHandler(route)
    ])
    return data
  },
  component: Handler
})

// The server knows the path, not the origin the browser sees; the page only compares its own URLs with it.
const pageUrl = (href: string): string =>
  typeof window === "undefined" ? new URL(href, "http://localhost").href : window.location.href

function Handler() {
  const { _splat } = Route.useParams()
  const location = useLocation()
  useStackPageData(Route.useLoaderData())
  return <StackHandler route={_splat ?? ""} currentUrl={pageUrl(location.href)} />
}
