/**
 * Which handler page a route component shows, and at which URL, read from one router location. While a
 * navigation is pending the router already has the next location but still renders the old match, and a
 * page shown with another page's URL acts on the wrong one: account settings, handed the sign-in URL it had
 * just sent a visitor to, sent the sign-in page itself to sign in, over and over. So a route shows the
 * location only when the location is its own, and keeps the last one it showed meanwhile. Subscribing to
 * the location also re-renders the page on every navigation, query changes included.
 */
import { useRouterState } from "@tanstack/react-router"
import { useState } from "react"

export interface ShownPage {
  /** The path below the handler's base (`"sign-in"`), as the location spells it. */
  readonly route: string
  /** The page URL as the browser shows it (with the router's basepath), query included. */
  readonly url: string
}

const pageOrigin = (): string =>
  (globalThis as { readonly location?: { readonly origin?: string } }).location?.origin ?? "http://localhost"

/** `pathname` below `prefix` (`"/handler/"`), or `undefined` outside it; case-insensitive like the router. */
export const pathBelow = (pathname: string, prefix: string): string | undefined =>
  pathname.toLowerCase().startsWith(prefix.toLowerCase()) ? pathname.slice(prefix.length) : undefined

/**
 * The page to show: the location's, when `own` accepts the router path below the handler's base, else the
 * last one shown. `base` is a function since a route's full path is known only once the tree is built.
 */
export const useShownPage = (base: () => string, own: (below: string) => boolean): ShownPage => {
  const location = useRouterState({ select: (state) => state.location })
  // `href` is the router's own path (without the basepath), which names the page; `publicHref` is what the
  // browser shows, which the pages hand on (OAuth redirect URI, after_auth_return_to, email links).
  const below = pathBelow(new URL(location.href, pageOrigin()).pathname, `${base().replace(/\/+$/, "")}/`)
  const url = new URL(location.publicHref, pageOrigin()).href
  const current = below !== undefined && own(below) ? { route: below, url } : undefined
  const [last, setLast] = useState<ShownPage | undefined>(current)
  if (current !== undefined && (current.route !== last?.route || current.url !== last.url)) setLast(current)
  return current ?? last ?? { route: below ?? "", url }
}
