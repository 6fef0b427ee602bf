/**
 * A link between handler pages (and to the app's targets) that navigates through the provider, so a router
 * keeps it a client-side navigation; a modified click (new tab, ...) stays the browser's.
 */
import type { MouseEvent, ReactNode } from "react"
import { useHandlerApp } from "./use-action.js"

export function HandlerLink(props: {
  readonly href: string
  readonly children: ReactNode
  readonly button?: boolean
  /** The link to the page being shown (a navigation's current item). */
  readonly current?: boolean
}): ReactNode {
  const app = useHandlerApp()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    app.navigate(props.href)
  }
  return (
    <a
      className={props.button === true ? "stackfx-button" : "stackfx-link"}
      data-variant={props.button === true ? "secondary" : undefined}
      href={props.href}
      aria-current={props.current === true ? "page" : undefined}
      onClick={onClick}
    >
      {props.children}
    </a>
  )
}
