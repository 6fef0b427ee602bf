/**
 * Focus after the user button's menu opens a handler page. The menu-button pattern returns focus to the
 * button when an item is chosen; when the item opens a new page, the page should have it instead, so that a
 * keyboard or screen-reader user lands in what they asked for. The menu asks here before navigating, and the
 * next handler page to mount takes the request and focuses its heading (./handler/ui.tsx). A request the
 * person overtakes (a click or a key press before a page mounts, e.g. an app route that is no handler page)
 * is dropped, so a page opened later never steals focus.
 */

let requested = false

const drop = () => {
  requested = false
}

/** Called by a menu item that opens a handler page, just before it navigates. */
export const requestPageFocus = (): void => {
  requested = true
  if (typeof document === "undefined") return
  document.addEventListener("pointerdown", drop, { once: true, capture: true })
  document.addEventListener("keydown", drop, { once: true, capture: true })
}

/** Whether focus was asked for since the last call (the request is used up). */
export const takePageFocusRequest = (): boolean => {
  const was = requested
  requested = false
  if (was && typeof document !== "undefined") {
    document.removeEventListener("pointerdown", drop, { capture: true })
    document.removeEventListener("keydown", drop, { capture: true })
  }
  return was
}
