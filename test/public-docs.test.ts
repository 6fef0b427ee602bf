import { describe, expect, it } from "vitest"
import { publicApi } from "./support/public-api.js"

// Every public name of a documented entry point (types included) carries a doc comment on its declaration, so an
// editor shows what it is for where it is used. Names marked `@internal` are not public API.
describe("public documentation", () => {
  it("every public export of every entry point has a doc comment", () => {
    const missing = Object.fromEntries(
      Object.entries(publicApi()).map(([entry, names]) => [
        entry,
        names
          .filter((n) => !n.internal && !n.documented)
          .map((n) => n.name)
          .sort()
      ])
    )
    expect(missing).toEqual({
      stackfx: [],
      "stackfx/react": [],
      "stackfx/react/handler": [],
      "stackfx/react-start": [],
      "stackfx/react-start/server": [],
      "stackfx-backend": []
    })
  }, 60_000)
})
