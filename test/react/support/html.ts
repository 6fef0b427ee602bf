/** Small readers over server-rendered HTML, enough for static component checks. */
import type { ReactElement } from "react"
import { renderToString } from "react-dom/server"

/** The HTML without the hoisted stylesheet, so matches only see the component. */
export const render = (element: ReactElement): string =>
  renderToString(element)
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<link [^>]*\/>/g, "")

/** The texts of the `role="menuitem"` elements, in order. */
export const menuItems = (html: string): Array<string> =>
  [...html.matchAll(/role="menuitem"[^>]*>([\s\S]*?)<\/button>/g)].map((m) => textOf(m[1] ?? ""))

/** Text content of an HTML fragment. */
export const textOf = (fragment: string): string =>
  fragment
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x27;/g, "'")

/** The value of `attribute` on the first element carrying `marker` (a class or attribute text). */
export const attributeOf = (html: string, marker: string, attribute: string): string | undefined => {
  const tag = html.match(new RegExp(`<[^>]*${marker}[^>]*>`))?.[0]
  return tag?.match(new RegExp(`${attribute}="([^"]*)"`))?.[1]
}
