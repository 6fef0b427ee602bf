import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { Avatar } from "../../src/react/avatar.js"
import { attributeOf, render, textOf } from "./support/html.js"

const user = (
  fields: Partial<{ displayName: string | null; primaryEmail: string | null; profileImageUrl: string | null }>
) => ({
  displayName: null,
  primaryEmail: null,
  profileImageUrl: null,
  ...fields
})

const initialsOf = (html: string) => html.match(/stackfx-avatar-initials[^>]*>([^<]*)</)?.[1]

describe("Avatar", () => {
  it("shows two upper-cased letters of the display name", () => {
    const html = render(<Avatar user={user({ displayName: "ada lovelace", primaryEmail: "zed@example.com" })} />)
    assert.strictEqual(initialsOf(html), "AD")
    assert.notInclude(html, "<svg")
  })

  it("falls back to the primary email, then to the user icon", () => {
    assert.strictEqual(initialsOf(render(<Avatar user={user({ primaryEmail: "bob@example.com" })} />)), "BO")
    assert.strictEqual(
      initialsOf(render(<Avatar user={user({ displayName: "  ", primaryEmail: "bob@example.com" })} />)),
      "BO"
    )
    for (const html of [render(<Avatar user={user({})} />), render(<Avatar user={null} />)]) {
      assert.isUndefined(initialsOf(html))
      assert.include(html, "stackfx-user-icon")
    }
  })

  it("is round, 34 px by default, with letters at 40 % and the icon at 60 %", () => {
    const withText = render(<Avatar user={user({ displayName: "Ann" })} />)
    assert.include(withText, "stackfx-avatar")
    assert.strictEqual(attributeOf(withText, 'stackfx-avatar"', "style"), "width:34px;height:34px;font-size:13.6px")
    const withIcon = render(<Avatar user={null} />)
    assert.strictEqual(attributeOf(withIcon, "stackfx-user-icon", "width"), "20.4")
  })

  it("scales every part with the size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 400 }), (size) => {
        const withText = render(<Avatar user={user({ displayName: "Ann" })} size={size} />)
        const style = attributeOf(withText, 'stackfx-avatar"', "style") ?? ""
        assert.include(style, `width:${size}px;height:${size}px`)
        assert.strictEqual(Number(style.match(/font-size:([\d.]+)px/)?.[1]), Math.round(size * 40) / 100)
        const withIcon = render(<Avatar user={null} size={size} />)
        assert.strictEqual(Number(attributeOf(withIcon, "stackfx-user-icon", "width")), Math.round(size * 60) / 100)
      })
    )
  })

  it("keeps the fallback visible while the image is loading (state 'loading'), image hidden", () => {
    const html = render(<Avatar user={user({ displayName: "Ann", profileImageUrl: "https://img.example/a.png" })} />)
    assert.strictEqual(attributeOf(html, 'stackfx-avatar"', "data-image-state"), "loading")
    assert.strictEqual(initialsOf(html), "AN")
    assert.strictEqual(attributeOf(html, "stackfx-avatar-image", "style"), "opacity:0")
    assert.strictEqual(attributeOf(html, "stackfx-avatar-image", "alt"), "")
  })

  it("has state 'idle' without an image", () => {
    const html = render(<Avatar user={user({ displayName: "Ann" })} />)
    assert.strictEqual(attributeOf(html, 'stackfx-avatar"', "data-image-state"), "idle")
    assert.notInclude(html, "<img")
  })

  it("is an image named after the user unless decorative", () => {
    const named = render(<Avatar user={user({ displayName: "Ann Lee", primaryEmail: "ann@example.com" })} />)
    assert.strictEqual(attributeOf(named, 'stackfx-avatar"', "role"), "img")
    assert.strictEqual(attributeOf(named, 'stackfx-avatar"', "aria-label"), "Ann Lee")
    const byEmail = render(<Avatar user={user({ primaryEmail: "ann@example.com" })} />)
    assert.strictEqual(attributeOf(byEmail, 'stackfx-avatar"', "aria-label"), "ann@example.com")
    const decorative = render(<Avatar user={user({ displayName: "Ann" })} decorative />)
    assert.strictEqual(attributeOf(decorative, 'stackfx-avatar"', "aria-hidden"), "true")
    assert.isUndefined(attributeOf(decorative, 'stackfx-avatar"', "role"))
  })

  it("escapes what it prints", () => {
    const html = render(<Avatar user={user({ displayName: "<b>x" })} />)
    assert.strictEqual(textOf(initialsOf(html) ?? ""), "<B")
    assert.notInclude(html, "<b>")
  })
})
