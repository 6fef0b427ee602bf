import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { avatarContent, avatarFallback, avatarShowsImage, avatarSizes } from "../../../src/domain/rules/avatar.js"

const blank = fc.constantFrom("", " ", "\t", "  \n ")
const text = fc.string({ unit: "grapheme-composite", minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== "")
const maybe = (arb: fc.Arbitrary<string>) => fc.oneof(fc.constant(null), blank, arb)

const firstTwoUpper = (s: string) => Array.from(s.trim().toUpperCase()).slice(0, 2).join("")

describe("avatar", () => {
  it("shows the image whenever there is one", () => {
    fc.assert(
      fc.property(fc.webUrl(), maybe(text), maybe(text), (url, displayName, primaryEmail) => {
        assert.deepStrictEqual(avatarContent({ profileImageUrl: url, displayName, primaryEmail }), {
          _tag: "Image",
          url
        })
      })
    )
  })

  it("else the first two letters of the display name, upper-cased", () => {
    fc.assert(
      fc.property(maybe(fc.constant("")), text, maybe(text), (image, displayName, primaryEmail) => {
        const content = avatarContent({ profileImageUrl: image, displayName, primaryEmail })
        assert.deepStrictEqual(content, { _tag: "Initials", text: firstTwoUpper(displayName) })
      })
    )
  })

  it("else those of the primary email", () => {
    fc.assert(
      fc.property(maybe(fc.constant("")), maybe(fc.constant("")), fc.emailAddress(), (image, name, email) => {
        const content = avatarContent({ profileImageUrl: image, displayName: name, primaryEmail: email })
        assert.deepStrictEqual(content, { _tag: "Initials", text: firstTwoUpper(email) })
      })
    )
  })

  it("else the icon, also for no user at all", () => {
    fc.assert(
      fc.property(maybe(fc.constant("")), maybe(fc.constant("")), maybe(fc.constant("")), (i, n, e) => {
        assert.deepStrictEqual(avatarContent({ profileImageUrl: i, displayName: n, primaryEmail: e }), { _tag: "Icon" })
      })
    )
    assert.deepStrictEqual(avatarContent(null), { _tag: "Icon" })
    assert.deepStrictEqual(avatarFallback(null), { _tag: "Icon" })
  })

  it("the fallback never is the image and never cuts a character in half", () => {
    fc.assert(
      fc.property(maybe(text), maybe(text), (displayName, primaryEmail) => {
        const fallback = avatarFallback({ profileImageUrl: "https://x.test/a.png", displayName, primaryEmail })
        if (fallback._tag === "Initials") {
          assert.isAtMost(Array.from(fallback.text).length, 2)
          assert.isFalse(/[\uD800-\uDBFF]$/.test(fallback.text))
        }
      })
    )
    assert.deepStrictEqual(avatarFallback({ profileImageUrl: null, displayName: "😀x", primaryEmail: null }), {
      _tag: "Initials",
      text: "😀X"
    })
    assert.deepStrictEqual(avatarFallback({ profileImageUrl: null, displayName: null, primaryEmail: "ﬀ@x.y" }), {
      _tag: "Initials",
      text: "FF"
    })
    assert.deepStrictEqual(avatarContent({ profileImageUrl: null, displayName: "ann lee", primaryEmail: "z@x.y" }), {
      _tag: "Initials",
      text: "AN"
    })
  })

  it("shows the image only once it has loaded", () => {
    assert.isFalse(avatarShowsImage("idle"))
    assert.isFalse(avatarShowsImage("loading"))
    assert.isTrue(avatarShowsImage("loaded"))
    assert.isFalse(avatarShowsImage("error"))
  })

  it("sizes: default 34, text 40 %, icon 60 %", () => {
    assert.deepStrictEqual(avatarSizes(), { size: 34, textSize: 34 * 0.4, iconSize: 34 * 0.6 })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (size) => {
        const sizes = avatarSizes(size)
        assert.closeTo(sizes.textSize / size, 0.4, 1e-12)
        assert.closeTo(sizes.iconSize / size, 0.6, 1e-12)
      })
    )
  })
})
