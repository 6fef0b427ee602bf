/**
 * Keyboard behaviour of the menu (the WAI-ARIA menu-button pattern), as a pure function so it is tested
 * without a browser: arrows move and wrap, Home/End jump, Escape closes and returns focus to the button,
 * Tab closes and lets focus move on, a letter jumps to the next item starting with it.
 */

export type MenuKeyAction =
  | { readonly _tag: "Focus"; readonly index: number }
  | { readonly _tag: "Close"; readonly returnFocus: boolean }
  | { readonly _tag: "None" }

const none: MenuKeyAction = { _tag: "None" }
const focus = (index: number): MenuKeyAction => ({ _tag: "Focus", index })

/**
 * What a key pressed inside an open menu does. `current` is the focused item's index (-1 when none is);
 * `labels` are the items' texts, for type-ahead.
 *
 * @example
 * menuKeyAction("ArrowDown", 2, ["a", "b", "c"]) // { _tag: "Focus", index: 0 }
 */
export const menuKeyAction = (key: string, current: number, labels: ReadonlyArray<string>): MenuKeyAction => {
  const count = labels.length
  switch (key) {
    case "Escape":
      return { _tag: "Close", returnFocus: true }
    case "Tab":
      return { _tag: "Close", returnFocus: false }
  }
  if (count === 0) return none
  switch (key) {
    case "ArrowDown":
      return focus(current < 0 ? 0 : (current + 1) % count)
    case "ArrowUp":
      return focus(current < 0 ? count - 1 : (current - 1 + count) % count)
    case "Home":
    case "PageUp":
      return focus(0)
    case "End":
    case "PageDown":
      return focus(count - 1)
  }
  if (Array.from(key).length !== 1 || key.trim() === "") return none
  const letter = key.toLocaleLowerCase()
  for (let step = 1; step <= count; step++) {
    const index = (Math.max(current, -1) + step + count) % count
    if (labels[index]?.trim().toLocaleLowerCase().startsWith(letter) === true) return focus(index)
  }
  return none
}

/** Keys on the closed menu button that open the menu, and which item they focus. */
export const buttonKeyAction = (key: string, count: number): MenuKeyAction => {
  switch (key) {
    case "ArrowDown":
    case "Enter":
    case " ":
      return focus(0)
    case "ArrowUp":
      return focus(Math.max(count - 1, 0))
    default:
      return none
  }
}
