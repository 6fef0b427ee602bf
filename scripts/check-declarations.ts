/**
 * Checks the type declarations the package publishes: emits them as `npm run build` does (with `stripInternal`,
 * which leaves out what is marked `@internal`), in memory, then type-checks a program that imports the
 * entries from them without `skipLibCheck`. A public type that names an internal one fails here, not in a
 * user's editor. Exit code 1 with the compiler's messages on failure.
 */
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import * as ts from "typescript"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const parsed = ts.getParsedCommandLineOfConfigFile(
  join(root, "tsconfig.build.json"),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      console.error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
      process.exit(1)
    }
  }
)
if (parsed === undefined) process.exit(1)
const outDir = join(root, "dist")

// 1. The declarations, as the build writes them, kept in memory.
const emitted = new Map<string, string>()
const build = ts.createProgram({
  rootNames: parsed.fileNames,
  options: {
    ...parsed.options,
    outDir,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    noEmit: false
  }
})
const emit = build.emit(undefined, (fileName, text) => emitted.set(resolve(fileName), text))

// 2. A consumer of the six entries, against those declarations only.
const consumer = join(outDir, "__consumer__.ts")
const consumerText = [
  `export * as Root from "./index.js"`,
  `export * as Server from "./server/index.js"`,
  `export * as React from "./react/index.js"`,
  `export * as Handler from "./react/handler/index.js"`,
  `export * as Start from "./react/start/index.js"`,
  `export * as StartServer from "./react/start/server.js"`
].join("\n")
const { rootDir: _rootDir, ...buildOptions } = parsed.options
const options: ts.CompilerOptions = {
  ...buildOptions,
  noEmit: true,
  skipLibCheck: false,
  declaration: false,
  declarationMap: false
}
const host = ts.createCompilerHost(options)
const inMemory = (fileName: string) => (resolve(fileName) === consumer ? consumerText : emitted.get(resolve(fileName)))
const baseFileExists = host.fileExists.bind(host)
const baseReadFile = host.readFile.bind(host)
const baseGetSourceFile = host.getSourceFile.bind(host)
host.fileExists = (fileName) =>
  inMemory(fileName) !== undefined || (!resolve(fileName).startsWith(outDir) && baseFileExists(fileName))
host.readFile = (fileName) =>
  inMemory(fileName) ?? (resolve(fileName).startsWith(outDir) ? undefined : baseReadFile(fileName))
// The declarations exist only in memory, so neither do their folders on disk (a clean clone has no dist/).
const baseDirectoryExists = host.directoryExists?.bind(host)
host.directoryExists = (directory) => {
  const path = resolve(directory)
  if (path === outDir || path.startsWith(`${outDir}/`)) return [...emitted.keys()].some((f) => f.startsWith(`${path}/`))
  return baseDirectoryExists?.(directory) ?? true
}
host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
  const text = inMemory(fileName)
  return text === undefined
    ? baseGetSourceFile(fileName, languageVersion, onError, shouldCreate)
    : ts.createSourceFile(fileName, text, languageVersion, true)
}
const check = ts.createProgram({ rootNames: [consumer], options, host })

// 3. Every re-export line of an entry survives into its declarations: `stripInternal` drops a statement whose
// leading comment holds the "internal" tag, and an entry's header comment once dropped the admin tier that way.
const reExports = (text: string) =>
  text
    .split("\n")
    .filter((line) => /^export \* from /.test(line))
    .map((line) => line.replace(/;$/, ""))
const lostLines = [
  "index",
  "server/index",
  "react/index",
  "react/handler/index",
  "react/start/index",
  "react/start/server"
].flatMap((entry) => {
  const source = ts.sys.readFile(join(root, "src", `${entry}.ts`)) ?? ""
  const declared = new Set(reExports(emitted.get(join(outDir, `${entry}.d.ts`)) ?? ""))
  return reExports(source)
    .filter((line) => !declared.has(line))
    .map((line) => `src/${entry}.ts: "${line}" is missing from its declarations`)
})
if (lostLines.length > 0) {
  console.error(lostLines.join("\n"))
  process.exit(1)
}

const diagnostics = [...emit.diagnostics, ...ts.getPreEmitDiagnostics(check)]
if (diagnostics.length > 0) {
  console.error(
    ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => root,
      getNewLine: () => "\n"
    })
  )
  process.exit(1)
}
console.log(`declarations: ${[...emitted.keys()].length} files, the six entries type-check against them`)
