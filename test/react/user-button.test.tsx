import { assert, describe, it } from "@effect/vitest"
import { stackfxCss } from "../../src/react/styles.js"
import { UserButtonView, type UserButtonViewProps } from "../../src/react/user-button.js"
import { attributeOf, menuItems, render, textOf } from "./support/html.js"

const noop = () => undefined
const actions = { onAccountSettings: noop, onSignOut: noop, onSignIn: noop, onSignUp: noop }
const ann = { displayName: "Ann Lee", primaryEmail: "ann@example.com", profileImageUrl: null }

const view = (props: Partial<UserButtonViewProps> & Pick<UserButtonViewProps, "user">) =>
  render(<UserButtonView {...actions} {...props} />)

const menuOf = (html: string) => html.slice(html.indexOf('role="menu"'))

describe("UserButtonView", () => {
  it("shows a round skeleton of the avatar's size while loading", () => {
    const html = view({ user: undefined })
    assert.include(html, "stackfx-skeleton")
    assert.strictEqual(attributeOf(html, "stackfx-skeleton", "role"), "status")
    assert.strictEqual(attributeOf(html, "stackfx-skeleton", "style"), "width:34px;height:34px")
    assert.notInclude(html, "<button")
    assert.strictEqual(
      attributeOf(view({ user: undefined, avatarSize: 50 }), "stackfx-skeleton", "style"),
      "width:50px;height:50px"
    )
  })

  it("is a closed menu button: aria-haspopup=menu, aria-expanded=false, no menu rendered", () => {
    const html = view({ user: ann })
    assert.strictEqual(attributeOf(html, "aria-haspopup", "aria-haspopup"), "menu")
    assert.strictEqual(attributeOf(html, "aria-haspopup", "aria-expanded"), "false")
    assert.notInclude(html, 'role="menu"')
    assert.strictEqual(attributeOf(html, "aria-haspopup", "aria-label"), "Account menu")
  })

  it("signed in: header with name and email, Account settings, extra items, Toggle theme, Sign out", () => {
    const html = view({
      user: ann,
      defaultOpen: true,
      onToggleTheme: noop,
      extraItems: [
        { text: "Billing", onClick: noop },
        { text: "Support", onClick: noop }
      ]
    })
    assert.strictEqual(attributeOf(html, "aria-haspopup", "aria-expanded"), "true")
    const menu = menuOf(html)
    assert.strictEqual(attributeOf(menu, "stackfx-menu-label", "role"), "none")
    const header = menu.match(/stackfx-menu-label[^>]*>([\s\S]*?)<\/div>/)?.[1] ?? ""
    assert.include(textOf(header), "Ann Lee")
    assert.include(textOf(header), "ann@example.com")
    assert.deepStrictEqual(menuItems(html), ["Account settings", "Billing", "Support", "Toggle theme", "Sign out"])
  })

  it("signed in without a theme toggle or extras: Account settings, Sign out", () => {
    assert.deepStrictEqual(menuItems(view({ user: ann, defaultOpen: true })), ["Account settings", "Sign out"])
  })

  it("visitor: Not signed in, Sign in, Sign up, optional Toggle theme", () => {
    const html = view({ user: null, defaultOpen: true })
    assert.include(textOf(menuOf(html).match(/stackfx-menu-label[^>]*>([\s\S]*?)<\/div>/)?.[1] ?? ""), "Not signed in")
    assert.deepStrictEqual(menuItems(html), ["Sign in", "Sign up"])
    assert.deepStrictEqual(menuItems(view({ user: null, defaultOpen: true, onToggleTheme: noop })), [
      "Sign in",
      "Sign up",
      "Toggle theme"
    ])
    assert.include(textOf(html), "Not signed in")
    assert.strictEqual(attributeOf(html, "aria-haspopup", "aria-label"), "Account menu (not signed in)")
    assert.include(html, "stackfx-user-icon")
  })

  it("menu items are menuitems inside a menu labelled by the button, not in the tab order", () => {
    const html = view({ user: ann, defaultOpen: true })
    const buttonId = attributeOf(html, "aria-haspopup", "id")
    assert.isDefined(buttonId)
    assert.strictEqual(attributeOf(html, 'role="menu"', "aria-labelledby"), buttonId)
    assert.strictEqual(attributeOf(html, "aria-haspopup", "aria-controls"), attributeOf(html, 'role="menu"', "id"))
    for (const tag of html.match(/<button[^>]*role="menuitem"[^>]*>/g) ?? []) assert.include(tag, 'tabindex="-1"')
  })

  it("shows name and email beside the avatar only when asked, each truncated", () => {
    assert.notInclude(view({ user: ann }), "stackfx-user-info")
    const html = view({ user: ann, showUserInfo: true })
    const button = html.slice(0, html.indexOf("</button>"))
    assert.include(button, "stackfx-truncate stackfx-name")
    assert.include(button, "stackfx-truncate stackfx-email")
    assert.include(textOf(button), "Ann Lee")
    assert.include(textOf(button), "ann@example.com")
    assert.isUndefined(attributeOf(html, "aria-haspopup", "aria-label"), "the visible text names the button")
    assert.match(
      stackfxCss,
      /\.stackfx-truncate \{[^}]*max-width: var\(--stackfx-menu-text-max-width, 10rem\)[^}]*text-overflow: ellipsis/
    )
  })

  it("the avatar inside follows the avatar rules (initials, size)", () => {
    const html = view({ user: ann, avatarSize: 40 })
    assert.match(html, /stackfx-avatar-initials[^>]*>AN</)
    assert.include(attributeOf(html, 'stackfx-avatar"', "style") ?? "", "width:40px;height:40px;font-size:16px")
  })

  it("is themeable: colours come from --stackfx-* variables with defaults", () => {
    for (const name of ["foreground", "popover-background", "border", "accent", "avatar-background", "focus-ring"]) {
      assert.include(stackfxCss, `var(--stackfx-${name},`)
    }
  })
})
