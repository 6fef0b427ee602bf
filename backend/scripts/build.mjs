// `npm run build` / `prepack` of stackfx-backend: dist/cli.js (the `stackfx` command, effect bundled in
// for start-up speed), dist/index.js (`startEmulator`, effect left to the app's own copy) and the
// declarations of the public entry. The entry's types live in src/options.ts, which imports nothing of
// the backend, so each declaration file is emitted on its own (TypeScript's transpileDeclaration).
import { readFileSync, rmSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as esbuild from "esbuild"
import ts from "typescript"
import { backendRoot, bundle } from "./bundle.mjs"

const dist = join(backendRoot, "dist")
rmSync(dist, { recursive: true, force: true })
mkdirSync(dist, { recursive: true })

await bundle(esbuild, { entry: "cli.ts", outfile: join(dist, "cli.js"), inlineEffect: true })
await bundle(esbuild, { entry: "index.ts", outfile: join(dist, "index.js"), inlineEffect: false })

const fail = (what, diagnostics) => {
  const messages = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
  process.stderr.write(`declarations of ${what}:\n${messages.join("\n")}\n`)
  process.exit(1)
}

// options.ts declares classes (extends expressions), so it gets a program of its own: it imports only effect.
const program = ts.createProgram([join(backendRoot, "src", "options.ts")], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: true,
  types: [],
  declaration: true,
  emitDeclarationOnly: true,
  outDir: dist,
  rootDir: join(backendRoot, "src")
})
const emitted = program.emit()
const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics]
if (problems.length > 0) fail("src/options.ts", problems)

// index.ts names its types explicitly from options.ts, so it is declared on its own.
const index = ts.transpileDeclaration(readFileSync(join(backendRoot, "src", "index.ts"), "utf8"), {
  fileName: "index.ts",
  compilerOptions: { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true }
})
if (index.diagnostics !== undefined && index.diagnostics.length > 0) fail("src/index.ts", index.diagnostics)
writeFileSync(join(dist, "index.d.ts"), index.outputText)
