/**
 * An accessible menu button (WAI-ARIA menu-button pattern) without a UI kit: a `button` with
 * `aria-haspopup="menu"` and `aria-expanded`, a `role="menu"` of `role="menuitem"` buttons. Enter, Space
 * or ArrowDown open it on the first item, ArrowUp on the last; arrows, Home, End and type-ahead move
 * within it; Escape closes it and returns focus to the button; Tab or a click outside closes it.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react"
import { buttonKeyAction, type MenuKeyAction, menuKeyAction } from "./menu-keys.js"
import { menuShift } from "./menu-position.js"

/** One line of a menu: a label, a separator, or an item that runs an action. */
export type MenuEntry =
  | { readonly _tag: "Label"; readonly key: string; readonly content: ReactNode }
  | { readonly _tag: "Separator"; readonly key: string }
  | {
      readonly _tag: "Item"
      readonly key: string
      readonly label: string
      readonly icon?: ReactNode
      readonly onSelect: () => void
    }

type ItemEntry = Extract<MenuEntry, { readonly _tag: "Item" }>

/**
 * Props of `MenuButton`: the button's content and the menu it opens (keyboard and focus handled as the ARIA menu
 * pattern says).
 */
export interface MenuButtonProps {
  readonly buttonContent: ReactNode
  /** The button's accessible name when its content has no text. */
  readonly buttonLabel?: string | undefined
  readonly entries: ReadonlyArray<MenuEntry>
  /** Open on first render (server rendering, screenshots); focus is not moved then. */
  readonly defaultOpen?: boolean | undefined
  /** Which edge of the button the menu lines up with, default "end". */
  readonly align?: "start" | "end" | undefined
}

interface OpenState {
  readonly open: boolean
  /** The item to focus once the menu is shown; `undefined` leaves focus where it is. */
  readonly focusIndex: number | undefined
}

/** `<MenuButton buttonContent={<Avatar .../>} entries={[...]} />` */
export function MenuButton(props: MenuButtonProps): ReactNode {
  const [state, setState] = useState<OpenState>({ open: props.defaultOpen === true, focusIndex: undefined })
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([])
  const id = useId()
  const buttonId = `${id}-button`
  const menuId = `${id}-menu`
  const items = props.entries.filter((entry): entry is ItemEntry => entry._tag === "Item")
  const labels = items.map((item) => item.label)

  const openAt = (index: number) => setState({ open: true, focusIndex: index })
  const close = (returnFocus: boolean) => {
    setState({ open: false, focusIndex: undefined })
    if (returnFocus) buttonRef.current?.focus()
  }

  // The open menu stays on screen wherever the button sits: placed before it is painted (and before an item
  // takes focus, which would scroll to it), and again when the viewport changes size.
  useLayoutEffect(() => {
    const menu = menuRef.current
    if (!state.open || menu === null) return
    const place = () => {
      menu.style.transform = ""
      const rect = menu.getBoundingClientRect()
      const shift = menuShift(rect.left, rect.right, document.documentElement.clientWidth)
      if (shift !== 0) menu.style.transform = `translateX(${shift}px)`
    }
    place()
    window.addEventListener("resize", place)
    return () => window.removeEventListener("resize", place)
  }, [state.open])

  useEffect(() => {
    if (state.open && state.focusIndex !== undefined) itemRefs.current[state.focusIndex]?.focus()
  }, [state])

  useEffect(() => {
    if (!state.open) return
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target) !== true) {
        setState({ open: false, focusIndex: undefined })
      }
    }
    document.addEventListener("pointerdown", onPointerDown)
    return () => document.removeEventListener("pointerdown", onPointerDown)
  }, [state.open])

  const apply = (action: MenuKeyAction, event: KeyboardEvent) => {
    switch (action._tag) {
      case "Focus":
        event.preventDefault()
        openAt(action.index)
        return
      case "Close":
        // Tab keeps its default so focus moves on to the next element of the page.
        if (action.returnFocus) event.preventDefault()
        close(action.returnFocus)
        return
      case "None":
        return
    }
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (state.open && event.key === "Escape") return apply({ _tag: "Close", returnFocus: true }, event)
    // Handled on keydown, so the browser's own click for Enter and Space does not toggle it shut again.
    apply(buttonKeyAction(event.key, items.length), event)
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.findIndex((element) => element !== null && element === document.activeElement)
    apply(menuKeyAction(event.key, current, labels), event)
  }

  const select = (item: ItemEntry) => {
    close(true)
    item.onSelect()
  }

  let itemIndex = 0
  return (
    <div className="stackfx-root" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="stackfx-user-button"
        aria-haspopup="menu"
        aria-expanded={state.open}
        aria-controls={state.open ? menuId : undefined}
        aria-label={props.buttonLabel}
        onKeyDown={onButtonKeyDown}
        onClick={() => (state.open ? close(false) : openAt(0))}
      >
        {props.buttonContent}
      </button>
      {state.open ? (
        <div
          ref={menuRef}
          id={menuId}
          className="stackfx-menu"
          role="menu"
          aria-labelledby={buttonId}
          aria-orientation="vertical"
          data-align={props.align ?? "end"}
          onKeyDown={onMenuKeyDown}
        >
          {props.entries.map((entry) => {
            switch (entry._tag) {
              case "Label":
                return (
                  <div key={entry.key} role="none" className="stackfx-menu-label">
                    {entry.content}
                  </div>
                )
              case "Separator":
                return <div key={entry.key} role="separator" className="stackfx-menu-separator" />
              case "Item": {
                const index = itemIndex++
                return (
                  <button
                    key={entry.key}
                    ref={(element) => {
                      itemRefs.current[index] = element
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="stackfx-menu-item"
                    onClick={() => select(entry)}
                    onPointerMove={(event) => {
                      if (document.activeElement !== event.currentTarget) event.currentTarget.focus()
                    }}
                  >
                    {/* Always there, so items without an icon line up with those that have one. */}
                    <span className="stackfx-menu-icon" aria-hidden="true">
                      {entry.icon}
                    </span>
                    <span>{entry.label}</span>
                  </button>
                )
              }
            }
          })}
        </div>
      ) : null}
    </div>
  )
}
