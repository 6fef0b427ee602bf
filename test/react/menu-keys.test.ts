import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { buttonKeyAction, menuKeyAction } from "../../src/react/menu-keys.js"

const labels = ["Account settings", "Billing", "Toggle theme", "Sign out"]

describe("menuKeyAction", () => {
  it("arrows move and wrap", () => {
    assert.deepStrictEqual(menuKeyAction("ArrowDown", 0, labels), { _tag: "Focus", index: 1 })
    assert.deepStrictEqual(menuKeyAction("ArrowDown", 3, labels), { _tag: "Focus", index: 0 })
    assert.deepStrictEqual(menuKeyAction("ArrowUp", 0, labels), { _tag: "Focus", index: 3 })
    assert.deepStrictEqual(menuKeyAction("ArrowUp", -1, labels), { _tag: "Focus", index: 3 })
    assert.deepStrictEqual(menuKeyAction("ArrowDown", -1, labels), { _tag: "Focus", index: 0 })
  })

  it("Home and End jump to the ends", () => {
    assert.deepStrictEqual(menuKeyAction("Home", 2, labels), { _tag: "Focus", index: 0 })
    assert.deepStrictEqual(menuKeyAction("End", 0, labels), { _tag: "Focus", index: 3 })
  })

  it("Escape closes and returns focus; Tab closes and lets focus move on", () => {
    assert.deepStrictEqual(menuKeyAction("Escape", 1, labels), { _tag: "Close", returnFocus: true })
    assert.deepStrictEqual(menuKeyAction("Tab", 1, labels), { _tag: "Close", returnFocus: false })
  })

  it("a letter jumps to the next item starting with it, wrapping, case-insensitive", () => {
    assert.deepStrictEqual(menuKeyAction("s", 0, labels), { _tag: "Focus", index: 3 })
    assert.deepStrictEqual(menuKeyAction("a", 3, labels), { _tag: "Focus", index: 0 })
    assert.deepStrictEqual(menuKeyAction("T", 0, labels), { _tag: "Focus", index: 2 })
    assert.deepStrictEqual(menuKeyAction("x", 0, labels), { _tag: "None" })
    assert.deepStrictEqual(menuKeyAction("Shift", 0, labels), { _tag: "None" })
    assert.deepStrictEqual(menuKeyAction(" ", 0, labels), { _tag: "None" })
  })

  it("arrow navigation always lands on an item, and n presses of ArrowDown come back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.nat(), (count, start) => {
        const names = Array.from({ length: count }, (_, i) => `item ${i}`)
        let index = start % count
        for (let i = 0; i < count; i++) {
          const action = menuKeyAction("ArrowDown", index, names)
          assert.strictEqual(action._tag, "Focus")
          if (action._tag === "Focus") index = action.index
          assert.isTrue(index >= 0 && index < count)
        }
        assert.strictEqual(index, start % count)
        const up = menuKeyAction("ArrowUp", index, names)
        assert.deepStrictEqual(up, { _tag: "Focus", index: (index - 1 + count) % count })
      })
    )
  })
})

describe("buttonKeyAction", () => {
  it("Enter, Space and ArrowDown open on the first item; ArrowUp on the last", () => {
    for (const key of ["Enter", " ", "ArrowDown"])
      assert.deepStrictEqual(buttonKeyAction(key, 4), { _tag: "Focus", index: 0 })
    assert.deepStrictEqual(buttonKeyAction("ArrowUp", 4), { _tag: "Focus", index: 3 })
    assert.deepStrictEqual(buttonKeyAction("a", 4), { _tag: "None" })
  })
})
