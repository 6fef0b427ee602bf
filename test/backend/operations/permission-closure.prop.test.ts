import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import {
  containedLookup,
  resolvePermissionIds
} from "../../../backend/src/operations/permissions/permission-closure.js"

const ids = ["a", "b", "c", "d", "e", "f", "g"] as const

/** A random definition graph over a small id set: cycles, self-loops, diamonds and dangling edges included. */
const graphArb = fc.record({
  // which ids are defined, each with a random list of contained ids (possibly undefined ones: "x", "y")
  definitions: fc.dictionary(fc.constantFrom(...ids), fc.array(fc.constantFrom(...ids, "x", "y"), { maxLength: 5 })),
  direct: fc.array(fc.constantFrom(...ids, "x"), { maxLength: 5 })
})

/** The oracle: iterate to a fixpoint, adding what every held permission contains. */
const fixpoint = (definitions: Record<string, ReadonlyArray<string>>, direct: ReadonlyArray<string>): Array<string> => {
  const defined = (id: string) => Object.prototype.hasOwnProperty.call(definitions, id)
  let held = new Set(direct.filter(defined))
  for (;;) {
    const next = new Set(held)
    for (const id of held) for (const contained of definitions[id] ?? []) if (defined(contained)) next.add(contained)
    if (next.size === held.size) return [...held].sort()
    held = next
  }
}

const lookupOf = (definitions: Record<string, ReadonlyArray<string>>) =>
  containedLookup(Object.entries(definitions).map(([id, containedPermissionIds]) => ({ id, containedPermissionIds })))

describe("resolvePermissionIds", () => {
  it("equals the fixpoint of containment, terminating on cycles", () => {
    fc.assert(
      fc.property(graphArb, ({ definitions, direct }) => {
        assert.deepStrictEqual(
          [...resolvePermissionIds(direct, lookupOf(definitions), true)],
          fixpoint(definitions, direct)
        )
      }),
      { numRuns: 500 }
    )
  })

  it("is closed under containment, sorted and without duplicates", () => {
    fc.assert(
      fc.property(graphArb, ({ definitions, direct }) => {
        const held = resolvePermissionIds(direct, lookupOf(definitions), true)
        assert.deepStrictEqual([...held], [...new Set(held)].sort())
        for (const id of held) {
          for (const contained of definitions[id] ?? []) {
            if (contained in definitions) assert.include(held, contained)
          }
        }
      })
    )
  })

  it("non-recursive gives exactly the defined direct grants", () => {
    fc.assert(
      fc.property(graphArb, ({ definitions, direct }) => {
        const expected = [...new Set(direct.filter((id) => id in definitions))].sort()
        assert.deepStrictEqual([...resolvePermissionIds(direct, lookupOf(definitions), false)], expected)
      })
    )
  })

  it("resolves a chain, a diamond and a cycle", () => {
    const chain = lookupOf({ a: ["b"], b: ["c"], c: [] })
    assert.deepStrictEqual([...resolvePermissionIds(["a"], chain, true)], ["a", "b", "c"])
    assert.deepStrictEqual([...resolvePermissionIds(["a"], chain, false)], ["a"])
    assert.deepStrictEqual([...resolvePermissionIds(["b"], chain, true)], ["b", "c"])

    const diamond = lookupOf({ top: ["left", "right"], left: ["bottom"], right: ["bottom"], bottom: [] })
    assert.deepStrictEqual([...resolvePermissionIds(["top"], diamond, true)], ["bottom", "left", "right", "top"])

    const cycle = lookupOf({ a: ["b"], b: ["c"], c: ["a"], self: ["self"] })
    assert.deepStrictEqual([...resolvePermissionIds(["b"], cycle, true)], ["a", "b", "c"])
    assert.deepStrictEqual([...resolvePermissionIds(["self"], cycle, true)], ["self"])
    assert.deepStrictEqual([...resolvePermissionIds(["missing"], cycle, true)], [])
  })
})
