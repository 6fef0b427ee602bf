import { describe, expect, it } from "vitest"
import * as ts from "typescript"
import { fileURLToPath } from "node:url"

// Every name a documented entry point exports (types included) carries a doc comment on its declaration, so an
// editor shows what it is for where it is used. The TypeScript compiler lists each entry's exports the way a
// user's editor resolves them (through re-exports to the declaration).
const entries = {
  "stackfx": "src/index.ts",
  "stackfx/react": "src/react/index.ts",
  "stackfx/react/handler": "src/react/handler/index.ts",
  "stackfx/emulator": "src/emulator/index.ts"
} as const

const root = fileURLToPath(new URL("..", import.meta.url))

const undocumented = (): Record<keyof typeof entries, ReadonlyArray<string>> => {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined
  })
  const program = ts.createProgram({
    rootNames: Object.values(entries).map((path) => `${root}${path}`),
    options: { ...config?.options, noEmit: true }
  })
  const checker = program.getTypeChecker()
  const missing = (path: string): ReadonlyArray<string> => {
    const file = program.getSourceFile(`${root}${path}`)
    const module = file === undefined ? undefined : checker.getSymbolAtLocation(file)
    if (module === undefined) return [`(entry ${path} not found)`]
    return checker.getExportsOfModule(module).flatMap((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const documented = symbol.getDocumentationComment(checker).some((part) => part.text.trim() !== "")
      return documented ? [] : [exported.getName()]
    }).sort()
  }
  return {
    "stackfx": missing(entries.stackfx),
    "stackfx/react": missing(entries["stackfx/react"]),
    "stackfx/react/handler": missing(entries["stackfx/react/handler"]),
    "stackfx/emulator": missing(entries["stackfx/emulator"])
  }
}

describe("public documentation", () => {
  it("every export of every entry point has a doc comment", () => {
    expect(undocumented()).toEqual({ "stackfx": [], "stackfx/react": [], "stackfx/react/handler": [], "stackfx/emulator": [] })
  }, 60_000)
})
