// `npm run build` / `prepack` of stackfx-backend: dist/cli.js (the `stackfx` command, effect bundled in
// for start-up speed), the package's entries for apps (dist/index.js, `startLocalBackend`, and the testing kit's
// dist/testing/*.js; effect, stackfx and react left to the app's own copies, the backend's code shared
// between them in dist/chunks/) and their declarations.
//
// Declarations: one TypeScript program over the entries, which emits (in memory) the declarations of the
// entries and of the files they reach, one by one; the package gets those, and each of those may name only the package's own files
// and the packages it depends on (effect, stackfx, react, ...). The library's sources (`@stackfx/lib/...`) and
// any file outside backend/src fail the build, naming the file: the kit's public types are written against
// `stackfx`'s public names, and its implementation (the store, the routes) stays out of its declarations.
// A declaration bundler (rollup-plugin-dts, dts-bundle-generator) would have to run the same program and
// would inline the library's types as copies; emitting file by file (transpileDeclaration) cannot declare
// the kit's error classes, whose `extends` is an expression.
import { readFileSync, rmSync, mkdirSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import * as esbuild from "esbuild"
import ts from "typescript"
import { backendRoot, bundle, bundleEntries } from "./bundle.mjs"

const dist = join(backendRoot, "dist")
const sources = join(backendRoot, "src")
rmSync(dist, { recursive: true, force: true })
mkdirSync(dist, { recursive: true })

/** The entries of package.json's `exports`, as source files under src/. */
const entries = [
  "index.ts",
  "testing/index.ts",
  "testing/arbitraries.ts",
  "testing/react.tsx",
  "testing/global-setup.ts"
]

await Promise.all([
  bundle(esbuild, { entry: "cli.ts", outfile: join(dist, "cli.js"), inlineEffect: true }),
  bundleEntries(esbuild, { entries, outdir: dist })
])

const fail = (message) => {
  process.stderr.write(`declarations of stackfx-backend: ${message}\n`)
  process.exit(1)
}
const messagesOf = (diagnostics) =>
  diagnostics
    .map(
      (d) =>
        `${d.file === undefined ? "" : `${relative(backendRoot, d.file.fileName)}: `}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`
    )
    .join("\n")

// The repository's compiler options (its `paths` name `stackfx` and the library's sources).
const repoRoot = resolve(backendRoot, "..")
const config = ts.getParsedCommandLineOfConfigFile(
  join(repoRoot, "tsconfig.json"),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => fail(messagesOf([d]))
  }
)
const virtualOut = join(repoRoot, ".declarations")
const program = ts.createProgram(
  entries.map((entry) => join(sources, entry)),
  {
    ...config.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    rootDir: repoRoot,
    outDir: virtualOut
  }
)
// Only the files the entries reach are emitted (the checker is lazy: it types what those files need, not the
// whole backend and library the program holds).
const emitted = new Map()
const emitDeclarationOf = (source) => {
  const file = program.getSourceFile(source)
  if (file === undefined) fail(`${relative(backendRoot, source)} is not in the program`)
  const result = program.emit(file, (fileName, text) => emitted.set(resolve(fileName), text), undefined, true)
  if (result.diagnostics.length > 0) fail(messagesOf(result.diagnostics))
}

const outOf = (source) => join(virtualOut, relative(repoRoot, source)).replace(/\.tsx?$/, ".d.ts")
const declaredSources = join(virtualOut, relative(repoRoot, sources))
const manifest = JSON.parse(readFileSync(join(backendRoot, "package.json"), "utf8"))
const allowedPackages = new Set([
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.peerDependencies ?? {})
])
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/")
const specifiersOf = (text) =>
  [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"|reference types="([^"]+)"/g)].map((m) => m[1] ?? m[2])

// The declarations the entries reach, checked as they are found.
const reached = new Set()
const pending = entries.map((entry) => outOf(join(sources, entry)))
while (pending.length > 0) {
  const file = pending.pop()
  if (reached.has(file)) continue
  const name = relative(virtualOut, file)
  if (relative(declaredSources, file).startsWith(".."))
    fail(`a public declaration reaches ${name}, outside backend/src`)
  const source = [".ts", ".tsx"]
    .map((extension) => join(sources, relative(declaredSources, file)).replace(/\.d\.ts$/, extension))
    .find((candidate) => program.getSourceFile(candidate) !== undefined)
  if (source === undefined) fail(`no source of ${name} in the program`)
  emitDeclarationOf(source)
  const text = emitted.get(file)
  if (text === undefined) fail(`${name} was not emitted`)
  reached.add(file)
  for (const specifier of specifiersOf(text)) {
    if (specifier.startsWith(".")) pending.push(resolve(dirname(file), specifier).replace(/\.js$/, ".d.ts"))
    else if (!allowedPackages.has(packageOf(specifier)))
      fail(`${name} names "${specifier}", which is neither the package's own file nor a package it depends on`)
  }
}
for (const file of reached) {
  const target = join(dist, relative(declaredSources, file))
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, emitted.get(file))
}
