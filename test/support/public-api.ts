/**
 * The public API of the package's entry points as the TypeScript compiler sees it: every name an entry exports
 * (types included), resolved through re-exports to its declaration, with whether that declaration has a doc
 * comment and whether it is marked `@internal` (exported for the package's own modules and left out of the
 * published type declarations by `stripInternal`).
 */
import { fileURLToPath } from "node:url"
import * as ts from "typescript"

export const entryFiles = {
  stackfx: "src/index.ts",
  "stackfx/server": "src/server/index.ts",
  "stackfx/react": "src/react/index.ts",
  "stackfx/react/handler": "src/react/handler/index.ts",
  "stackfx/react-start": "src/react/start/index.ts",
  "stackfx/react-start/server": "src/react/start/server.ts",
  "stackfx-backend": "backend/src/index.ts"
} as const
export type EntryName = keyof typeof entryFiles

/**
 * The categories of the root entry's names, in the order docs/api-report.md shows them: each statement of the
 * category modules src/exports/*.ts (which src/index.ts re-exports) carries one as an `@category` JSDoc tag.
 */
export const rootCategories = [
  "Tiers",
  "Services",
  "Session",
  "Transport",
  "App server",
  "Navigation",
  "Domain",
  "Errors"
] as const

export interface ExportedName {
  readonly name: string
  /** What the name is, as a reader of the API needs it: `class`, `function`, `const`, `interface`, `type`,
   * `namespace`, `enum`, joined by ` + ` when one name is both a value and a type (a schema and its type). */
  readonly kind: string
  readonly documented: boolean
  readonly internal: boolean
  /** The `@category` tag of the statement that exports the name (or of its declaration), if any. */
  readonly category: string | undefined
}

const kinds: ReadonlyArray<readonly [ts.SymbolFlags, string]> = [
  [ts.SymbolFlags.Class, "class"],
  [ts.SymbolFlags.Function, "function"],
  [ts.SymbolFlags.Variable, "const"],
  [ts.SymbolFlags.Enum, "enum"],
  [ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule, "namespace"],
  [ts.SymbolFlags.Interface, "interface"],
  [ts.SymbolFlags.TypeAlias, "type"]
]

const kindOf = (symbol: ts.Symbol): string =>
  kinds
    .filter(([flag]) => (symbol.flags & flag) !== 0)
    .map(([, kind]) => kind)
    .join(" + ") || "unknown"

/** The text of a node's last `@category` JSDoc tag. */
const categoryTag = (node: ts.Node): string | undefined =>
  ts
    .getJSDocTags(node)
    .filter((tag) => tag.tagName.text === "category")
    .map((tag) => ts.getTextOfJSDocComment(tag.comment)?.trim())
    .at(-1)

/**
 * The category of an exported name: the `@category` of the first statement on its way from the entry to its
 * declaration that has one (`/** @category Tiers *\/ export { clientTier } from …`), or of the declaration.
 */
const categoryOf = (checker: ts.TypeChecker, exported: ts.Symbol): string | undefined => {
  for (let symbol: ts.Symbol | undefined = exported; symbol !== undefined;) {
    for (const declaration of symbol.declarations ?? []) {
      const found = categoryTag(ts.isExportSpecifier(declaration) ? declaration.parent.parent : declaration)
      if (found !== undefined) return found
    }
    symbol = symbol.flags & ts.SymbolFlags.Alias ? checker.getImmediateAliasedSymbol(symbol) : undefined
  }
  return undefined
}

const root = fileURLToPath(new URL("../..", import.meta.url))

let memo: Record<EntryName, ReadonlyArray<ExportedName>> | undefined

/** Every entry's exports, from one compiler program over the entries (built once per process: the test files
 * that read it share a worker's module graph, and one program takes seconds to check). */
export const publicApi = (): Record<EntryName, ReadonlyArray<ExportedName>> => (memo ??= compilePublicApi())

const compilePublicApi = (): Record<EntryName, ReadonlyArray<ExportedName>> => {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined
    }
  )
  const program = ts.createProgram({
    rootNames: Object.values(entryFiles).map((path) => `${root}${path}`),
    options: { ...config?.options, noEmit: true }
  })
  const checker = program.getTypeChecker()
  const exportsOf = (path: string): ReadonlyArray<ExportedName> => {
    const file = program.getSourceFile(`${root}${path}`)
    const module = file === undefined ? undefined : checker.getSymbolAtLocation(file)
    if (module === undefined) throw new Error(`entry ${path} not found`)
    return checker.getExportsOfModule(module).map((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      return {
        name: exported.getName(),
        kind: kindOf(symbol),
        documented: symbol.getDocumentationComment(checker).some((part) => part.text.trim() !== ""),
        internal: (symbol.declarations ?? []).some(
          (declaration) =>
            ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === "internal") ||
            (ts.isVariableDeclaration(declaration) &&
              ts.getJSDocTags(declaration.parent.parent).some((tag) => tag.tagName.text === "internal"))
        ),
        category: categoryOf(checker, exported)
      }
    })
  }
  return Object.fromEntries(Object.entries(entryFiles).map(([entry, path]) => [entry, exportsOf(path)])) as Record<
    EntryName,
    ReadonlyArray<ExportedName>
  >
}
