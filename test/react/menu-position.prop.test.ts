/** Where an open menu goes across the viewport (src/react/menu-position.ts). */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { MENU_VIEWPORT_MARGIN, menuShift } from "../../src/react/menu-position.js"

const m = MENU_VIEWPORT_MARGIN

/** A viewport width, a menu width and where the menu was laid out (possibly off either edge). */
const layout = fc
  .record({ width: fc.integer({ min: 2 * m + 1, max: 3000 }), menu: fc.integer({ min: 1, max: 3000 }) })
  .chain(({ width, menu }) =>
    fc.record({ width: fc.constant(width), menu: fc.constant(menu), left: fc.integer({ min: -4000, max: 4000 }) })
  )

describe("menuShift", () => {
  it("a menu that fits the viewport ends up inside it, margins kept", () => {
    fc.assert(
      fc.property(
        layout.filter(({ width, menu }) => menu <= width - 2 * m),
        ({ width, menu, left }) => {
          const moved = left + menuShift(left, left + menu, width)
          assert.isAtLeast(moved, m)
          assert.isAtMost(moved + menu, width - m)
        }
      )
    )
  })

  it("a menu already inside stays where it is", () => {
    fc.assert(
      fc.property(
        layout.filter(({ width, menu, left }) => left >= m && left + menu <= width - m),
        ({ width, menu, left }) => assert.strictEqual(menuShift(left, left + menu, width), 0)
      )
    )
  })

  it("a menu wider than the viewport keeps its left edge on screen", () => {
    fc.assert(
      fc.property(
        layout.filter(({ width, menu }) => menu > width - 2 * m),
        ({ width, menu, left }) => assert.strictEqual(left + menuShift(left, left + menu, width), m)
      )
    )
  })

  it("the README's case: 182 of 224 px left of the viewport", () => {
    assert.strictEqual(menuShift(-182, 42, 1280), 190)
  })
})
