/**
 * What the page loads before a program runs: effect's Schema (about 15 KB gzip) is not part of it. Responses
 * are still decoded with their schemas, by a codec that loads with the first call (wire-codec-load.ts).
 */
import { assert, describe, it } from "@effect/vitest"
import { programs } from "../../bench/bundle-programs.js"
import { firstLoadModules } from "../../bench/bundles.js"

const schemaModule = /node_modules\/effect\/dist\/(Schema|SchemaAST|SchemaParser)\.js$/

describe("the first load", () => {
  for (const id of ["stackfx-client", "stackfx-react"]) {
    it(`of ${id} carries no Schema`, async () => {
      const program = programs.find((p) => p.id === id)
      assert.isDefined(program)
      if (program === undefined) return
      const modules = await firstLoadModules(program)
      assert.isAbove(modules.length, 50)
      assert.deepStrictEqual(
        modules.filter((m) => schemaModule.test(m)),
        []
      )
      assert.deepStrictEqual(
        modules.filter((m) => m.endsWith("src/services/wire/wire-codec.ts")),
        []
      )
    }, 60_000)
  }
})
