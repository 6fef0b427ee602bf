/**
 * The services' tag modules (src/services/generated/<service>.ts) and the lazily loaded chunk
 * (src/services/live.ts), generated from the service modules. A service module (`teams/teams.ts`) is written
 * once: its table of members (`TeamsCalls`, see services/http/service-calls.ts) with the tag's doc comment,
 * and its implementation (`makeTeams = implement(TeamsCalls, ...)`, or a function of the layer's options).
 * Everything a program's first load needs of it is generated here: the tag, its shape, the member names and
 * kinds, and a layer that loads the implementation on the first call (lazy-service.ts); the service module
 * itself is imported only by live.ts, the one chunk every implementation loads with. A table whose members
 * include reads of every program's first load (`firstLoad`, `CurrentUser.get`) has them written in its
 * first-load module (`users/current-user-first-load.ts`), which the tag module imports and its layer builds
 * at once.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs"
import { basename, join, relative } from "node:path"
import { pathToFileURL } from "node:url"
import ts from "typescript"

const root = join(import.meta.dirname, "..", "..")
const services = join(root, "src", "services")
export const generatedDir = join(services, "generated")
export const liveFile = join(services, "live.ts")
/** The member lists, in one module: each tag module names its own (a list per tag module costs a page's first load more). */
export const memberKindsFile = join(generatedDir, "member-kinds.ts")
/**
 * The root entry's services category (src/exports/services.ts, re-exported by src/index.ts) names every public name
 * of the services; the lines between these two markers name each tag module's, each statement with its
 * `@category`, so a new service needs no hand-written line there and the API report shows what it adds.
 */
export const rootEntryFile = join(root, "src", "exports", "services.ts")
const tagsCategory = "/** @category Services */"
const tagsBegin =
  "// The service tags, one group per tag module: written by `npm run generate` down to the next marker."
const tagsEnd = "// End of the service tags."

/** What a generated tag module exports, values and types apart (read from its text). */
const exportsOf = (text: string): { readonly values: Array<string>; readonly types: Array<string> } => {
  const values: Array<string> = []
  const types: Array<string> = []
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  for (const statement of ts.createSourceFile("tag.ts", text, ts.ScriptTarget.Latest).statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements)
        (statement.isTypeOnly || element.isTypeOnly ? types : values).push(element.name.text)
    } else if (exported(statement)) {
      if ((ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) && statement.name)
        values.push(statement.name.text)
      else if ((ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) && statement.name)
        types.push(statement.name.text)
      else if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) values.push(d.name.text)
    }
  }
  return { values, types }
}

/** One `export { … } from` statement as the formatter writes it (one line, or one name a line past 120). */
const exportStatement = (keyword: string, names: ReadonlyArray<string>, from: string): string => {
  const line = `${keyword} { ${names.join(", ")} } from "${from}"`
  return line.length <= 120 ? line : `${keyword} {\n${names.map((n) => `  ${n}`).join(",\n")}\n} from "${from}"`
}

/** The root entry with its service-tag lines written from the tag modules. */
const rootEntryWith = (tags: ReadonlyMap<string, string>): string => {
  const text = readFileSync(rootEntryFile, "utf8")
  const begin = text.indexOf(`${tagsBegin}\n`)
  const end = text.indexOf(`${tagsEnd}\n`)
  if (begin < 0 || end < begin)
    throw new Error(`src/exports/services.ts lacks the service-tag markers ("${tagsBegin}")`)
  const lines = [...tags.keys()].sort().flatMap((file) => {
    const { values, types } = exportsOf(tags.get(file) ?? "")
    const from = `../services/generated/${basename(file).replace(/\.ts$/, ".js")}`
    return [
      ...(values.length > 0 ? [tagsCategory, exportStatement("export", values, from)] : []),
      ...(types.length > 0 ? [tagsCategory, exportStatement("export type", types, from)] : [])
    ]
  })
  return [text.slice(0, begin), `${tagsBegin}\n`, ...lines.map((l) => `${l}\n`), text.slice(end)].join("")
}

/** The folders of the pipeline: no service module lives there. */
const pipeline = new Set(["generated", "http", "wire", "session"])

/** Every module below src/services that defines a service: a table and its implementation. */
const serviceModules = (dir = services): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? dir === services && pipeline.has(entry.name)
          ? []
          : serviceModules(join(dir, entry.name))
        : entry.name.endsWith(".ts") &&
            /export const \w+Calls =/.test(readFileSync(join(dir, entry.name), "utf8")) &&
            /export const make\w+ =/.test(readFileSync(join(dir, entry.name), "utf8"))
          ? [join(dir, entry.name)]
          : []
    )
    .sort()

const isMember = (value: unknown): value is { readonly _tag: string; readonly kind: string } =>
  typeof value === "object" &&
  value !== null &&
  "_tag" in value &&
  "kind" in value &&
  (value._tag === "Call" || value._tag === "Custom")

/** The types a service module exports (its members' options, results and failures): its tag module re-exports them. */
const exportedTypes = (file: string): ReadonlyArray<string> => {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  return source.statements
    .filter((s) => (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && exported(s))
    .map((s) => (s as ts.InterfaceDeclaration | ts.TypeAliasDeclaration).name.text)
    .sort()
}

/** The doc comment written above `export const <name>`. */
const docOf = (file: string, name: string): string => {
  const text = readFileSync(file, "utf8")
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  for (const statement of source.statements) {
    if (
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)
    ) {
      const comments = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? []
      const doc = comments.map((c) => text.slice(c.pos, c.end)).filter((c) => c.startsWith("/**"))
      if (doc.length > 0) return doc[doc.length - 1]!
    }
  }
  throw new Error(`${relative(root, file)}: ${name} needs a doc comment (it becomes the tag's)`)
}

interface Service {
  readonly name: string
  readonly doc: string
  readonly members: ReadonlyArray<readonly [string, string]>
  /** Members that are every page of another (`allPages`): name, paged member, page size. */
  readonly pages: ReadonlyArray<readonly [string, string, number]>
  /** The implementation is a function of the layer's options (`layerWith`), not an Effect. */
  readonly withOptions: boolean
  /**
   * Whether the table has members written in the service's first-load module (`firstLoad`, see
   * services/http/service-calls.ts): `<module>-first-load.ts`, exporting `make<Service>FirstLoad`.
   */
  readonly firstLoad: boolean
}

/** The first-load module of a service module: `users/current-user.ts` -> `users/current-user-first-load.ts`. */
const firstLoadModuleOf = (file: string) => file.replace(/\.ts$/, "-first-load.ts")

const servicesOf = async (file: string): Promise<ReadonlyArray<Service>> => {
  const module: Record<string, unknown> = await import(pathToFileURL(file).href)
  const found: Array<Service> = []
  for (const [exported, table] of Object.entries(module).sort(([a], [b]) => a.localeCompare(b))) {
    if (!exported.endsWith("Calls") || typeof table !== "object" || table === null) continue
    const members = Object.entries(table)
      .filter(([, member]) => isMember(member))
      .map(([member, value]) => [member, (value as { kind: string }).kind] as const)
    if (members.length === 0) continue
    const name = exported.slice(0, -"Calls".length)
    const make = module[`make${name}`]
    if (make === undefined) throw new Error(`${relative(root, file)}: ${exported} has no make${name}`)
    const pages = Object.entries(table).flatMap(([member, value]) =>
      isMember(value) && "pages" in value
        ? [[member, (value.pages as { of: string }).of, (value.pages as { pageSize: number }).pageSize] as const]
        : []
    )
    const firstLoad = Object.values(table).some((value) => isMember(value) && "firstLoad" in value)
    if (firstLoad) {
      const atOnce: Record<string, unknown> = await import(pathToFileURL(firstLoadModuleOf(file)).href)
      if (atOnce[`make${name}FirstLoad`] === undefined) {
        throw new Error(`${relative(root, firstLoadModuleOf(file))}: make${name}FirstLoad is missing`)
      }
    }
    found.push({ name, doc: docOf(file, exported), members, pages, withOptions: typeof make === "function", firstLoad })
  }
  return found
}

const header = (from: string) =>
  `// Generated by \`npm run generate\` (scripts/contract/service-tags.ts) from ${from}. Do not edit.\n`

const tagSource = (file: string, found: ReadonlyArray<Service>): string => {
  const module = `../${relative(services, file).replace(/\.ts$/, ".js")}`
  const typeImports = found.flatMap((s) => [`${s.name}Calls`, `make${s.name}`]).sort()
  const streams = found.some((s) => s.pages.length > 0)
  const lines = [
    header(relative(root, file)),
    `import * as Context from "effect/Context"`,
    `import type * as Effect from "effect/Effect"`,
    `import type * as Layer from "effect/Layer"`,
    ...(streams ? [`import { allPagesOf } from "../http/internal/all-pages.js"`] : []),
    `import { ${[...new Set(found.map((s) => (s.withOptions ? "layerLazy" : "layerChunk")))].sort().join(", ")} } from "../http/internal/lazy-service.js"`,
    `import { ${found.map((s) => `${s.name}Members`).join(", ")} } from "./member-kinds.js"`,
    `import type { ShapeOf } from "../http/service-calls.js"`,
    `import type { ${typeImports.join(", ")} } from "${module}"`,
    ...(found.some((s) => s.firstLoad)
      ? [
          `import { ${found
            .filter((s) => s.firstLoad)
            .map((s) => `make${s.name}FirstLoad`)
            .join(", ")} } from "${module.replace(/\.js$/, "-first-load.js")}"`
        ]
      : []),
    ""
  ]
  const types = exportedTypes(file)
  if (types.length > 0) lines.push(`export type { ${types.join(", ")} } from "${module}"`, "")
  for (const s of found) {
    const requires = `Effect.Services<${s.withOptions ? `ReturnType<typeof make${s.name}>` : `typeof make${s.name}`}>${
      s.firstLoad ? ` | Effect.Services<typeof make${s.name}FirstLoad>` : ""
    }`
    const kinds = `${s.name}Members`
    const derived =
      s.pages.length === 0
        ? "undefined"
        : `(service) => ({ ${s.pages.map(([m, of, size]) => `${m}: allPagesOf(service.${of}, ${size})`).join(", ")} })`
    const unwrap = s.firstLoad
      ? `,\n    ${derived},\n    make${s.name}FirstLoad`
      : s.pages.length === 0
        ? ""
        : `, ${derived}`
    const load = (call: string) => `() => import("../live.js").then((m) => m.${call})${unwrap}`
    lines.push(
      `/** What the ${s.name} service offers; see its tag for the rules. */`,
      `export type ${s.name}Shape = ShapeOf<typeof ${s.name}Calls>`,
      "",
      s.doc,
      `export class ${s.name} extends /* @__PURE__ */ Context.Service<${s.name}, ${s.name}Shape>()("stackfx/${s.name}") {`
    )
    if (s.withOptions) {
      lines.push(
        `  static readonly layer: Layer.Layer<${s.name}, never, ${requires}> = /* @__PURE__ */ ${s.name}.layerWith()`,
        "",
        `  /** The layer with options of the implementation (\`make${s.name}\`). */`,
        `  static layerWith(options?: Parameters<typeof make${s.name}>[0]): Layer.Layer<${s.name}, never, ${requires}> {`,
        `    return layerLazy(${s.name}, ${kinds}, ${load(`make${s.name}(options)`)})`,
        "  }"
      )
    } else {
      lines.push(
        `  static readonly layer: Layer.Layer<${s.name}, never, ${requires}> = /* @__PURE__ */ layerChunk(`,
        `    ${s.name},`,
        `    ${kinds},`,
        `    "make${s.name}"${unwrap}`,
        "  )"
      )
    }
    lines.push("}", "")
  }
  return lines.join("\n")
}

/** Every generated file: path and text. */
export const serviceTagSources = async (): Promise<ReadonlyMap<string, string>> => {
  const out = new Map<string, string>()
  const live: Array<string> = []
  const kinds = [
    "// Generated by `npm run generate` (scripts/contract/service-tags.ts) from the service modules: each lazily",
    "// loaded service's members and whether each is an Effect, a function or a Stream. Do not edit.",
    ""
  ]
  for (const file of serviceModules()) {
    const found = await servicesOf(file)
    if (found.length === 0) continue
    const target = join(generatedDir, basename(file))
    if (out.has(target)) throw new Error(`two service modules are called ${basename(file)}`)
    out.set(target, tagSource(file, found))
    for (const s of found) {
      const body = s.members.map(([member, kind]) => `  ${member}: "${kind}"`).join(",\n")
      kinds.push(`/** From ${relative(root, file)}. */`, `export const ${s.name}Members = {\n${body}\n} as const`, "")
    }
    live.push(
      `export { ${found.map((s) => `make${s.name}`).join(", ")} } from "./${relative(services, file).replace(/\.ts$/, ".js")}"`
    )
  }
  out.set(memberKindsFile, kinds.join("\n"))
  out.set(rootEntryFile, rootEntryWith(new Map([...out].filter(([file]) => file !== memberKindsFile))))
  out.set(
    liveFile,
    [
      header("the service modules"),
      "/**",
      " * Everything stackfx loads on first use, behind one dynamic import: every endpoint service implementation",
      " * (see lazy-service.ts), the known-error catalogue, the network diagnostics (see transport-send.ts) and the",
      " * spans of a traced program (see tracing.ts). One",
      " * chunk rather than one per service: an app's bundler (esbuild, Rollup) puts each module in the chunk of the",
      " * set of entry points that reach it, so a dozen separately loaded parts, each reaching a different piece of",
      " * the transport, session, domain and effect code, cut the initial load into a dozen small chunks, each",
      " * gzipped on its own and each naming what it shares with the others (bench: 13 initial chunks and 3.6 KB",
      " * more for the client program than the 3 of today). The first call of any lazy service, or the first known",
      " * error, loads it all.",
      " */",
      `export { decodeKnownErrorWithCode } from "../errors/decode.js"`,
      `export { runDiagnostics } from "./wire/diagnostics.js"`,
      `export { attemptSpan, spanned } from "./wire/tracing-spans.js"`,
      ...live,
      ""
    ].join("\n")
  )
  return out
}

/** Generated tag modules no service module produces any more. */
export const staleTagModules = (current: ReadonlyMap<string, string>): ReadonlyArray<string> =>
  readdirSync(generatedDir)
    .map((name) => join(generatedDir, name))
    .filter((path) => path.endsWith(".ts") && !current.has(path))

/** Removes the stale generated tag modules. */
export const removeStale = (current: ReadonlyMap<string, string>): void => {
  for (const path of staleTagModules(current)) rmSync(path)
}
