/**
 * What every handler page reads besides the provider's app: the page URL (its query carries `code`,
 * `after_auth_return_to`, ...), the router's basepath and the handler's options.
 */
import { createContext, useContext } from "react"
import { DEFAULT_DASHBOARD_URL } from "./messages.js"
import { type AnyHandlerSearch, searchOfUrl } from "./search.js"

export interface HandlerPageContext {
  /** The absolute URL of the page being shown, as the browser shows it (with the basepath). */
  readonly currentUrl: string
  /** The page's query parameters, decoded by its search decoder (./search.ts). */
  readonly search: AnyHandlerSearch
  /** The router's basepath (`"/app"`), `""` for none; see ../basepath.ts. */
  readonly basepath: string
  /** The dashboard the production-mode fix link points at. */
  readonly dashboardUrl: string
}

const fallbackUrl = (): string =>
  (globalThis as { readonly location?: { readonly href?: string } }).location?.href ?? "http://localhost/"

export const HandlerPage = createContext<HandlerPageContext | null>(null)

/** The current page; outside a `StackHandler` (a page rendered on its own) it reads `location`. */
export const useHandlerPage = (): HandlerPageContext => {
  const page = useContext(HandlerPage)
  if (page !== null) return page
  const currentUrl = fallbackUrl()
  return { currentUrl, search: searchOfUrl(currentUrl), basepath: "", dashboardUrl: DEFAULT_DASHBOARD_URL }
}

/** A query parameter of the current page, `undefined` when absent or empty. */
export const useQueryParam = (name: string): string | undefined => {
  const value = useHandlerPage().search[name]
  return value === "" ? undefined : value
}
