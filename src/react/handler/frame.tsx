/**
 * What every handler page is shown in, by `StackHandler` and by the routes alike: the page context (URL,
 * decoded search, basepath), the error boundary, the loading card while the page's chunk arrives, and
 * "page not found" for a name that is no page. Loaded lazily with the first page (./pages/lazy.ts), so an
 * app that only shows the user button never loads it.
 */
import { type ReactNode, Suspense, useMemo } from "react"
import type { HandlerRoute } from "../../domain/handler-routes.js"
import { HandlerPage, type HandlerPageContext } from "./context.js"
import { HandlerErrorBoundary } from "./error-boundary.js"
import { Loading } from "./page-shared.js"
import type { AnyHandlerSearch } from "./search.js"
import { Card } from "./ui.js"
import { useHandlerApp } from "./use-action.js"

function NotFound(props: { readonly route: string }): ReactNode {
  const app = useHandlerApp()
  return (
    <Card title="Page not found">
      <p>There is no page called “{props.route}” here.</p>
      <p>
        <a className="stackfx-link" href={app.urls.home}>
          Go home
        </a>
      </p>
    </Card>
  )
}

/** Which page to show and where; ./pages/lazy.ts hands them on (types only: no code of this module there). */
export interface HandlerPageProps {
  /** The name asked for, as the URL spells it (trimmed). */
  readonly name: string
  /** The page it names, `undefined` for none (then "page not found" shows, and no search is decoded). */
  readonly page: HandlerRoute | undefined
  readonly currentUrl: string
  /** The page's search, decoded from `currentUrl` by its decoder (../search.ts). */
  readonly search: AnyHandlerSearch
  readonly basepath: string
  readonly dashboardUrl: string
}

export interface HandlerFrameProps extends HandlerPageProps {
  /** The page; ignored when `page` is `undefined`. */
  readonly children?: ReactNode
}

export function HandlerFrame(props: HandlerFrameProps): ReactNode {
  const { page, currentUrl, search, basepath, dashboardUrl } = props
  const context = useMemo<HandlerPageContext>(
    () => ({ currentUrl, search, basepath, dashboardUrl }),
    // `search` follows from `page` and `currentUrl`; a route hands a new object on every render.
    [page, currentUrl, basepath, dashboardUrl]
  )
  return (
    <HandlerPage.Provider value={context}>
      <HandlerErrorBoundary resetKey={currentUrl}>
        <Suspense fallback={<Loading />}>
          {page === undefined ? <NotFound route={props.name} /> : props.children}
        </Suspense>
      </HandlerErrorBoundary>
    </HandlerPage.Provider>
  )
}
