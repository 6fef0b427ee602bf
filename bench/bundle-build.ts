/**
 * Builds a bundle benchmark's program (bundle-programs.ts) as an app's bundler would, Vite's production build or
 * esbuild's, into its chunks, and finds the chunks the page loads before the program runs.
 */
import type { Rollup } from "vite"
import { resolve } from "node:path"
import type { BundleProgram } from "./bundle-programs.js"
import { root } from "./util.js"

/**
 * The bundler an app builds with. The budgets are measured with Vite's production build (Vite 8 bundles with
 * Rolldown and minifies with Oxc), the stack's own bundler and the one TanStack Start apps use. esbuild with code
 * splitting is measured beside it, for information: once an entry file has a live part (any `export { name } from`
 * a program uses), esbuild counts every module that entry imports as loaded with the page, used or not, and moves
 * the modules the lazily loaded chunks share with them into a chunk the page imports (reproduced with three files:
 * see docs/benchmarks.md, "Which bundler"). Vite's build keeps each program to the modules it uses either way.
 */
export type Bundler = "vite" | "esbuild"

/** One output chunk: its code, the chunks it imports statically, and the source modules that wrote into it. */
interface Chunk {
  readonly code: Uint8Array
  readonly isEntry: boolean
  readonly staticImports: ReadonlyArray<string>
  /** Source modules (paths relative to the repository) with the bytes each contributed. */
  readonly modules: ReadonlyArray<readonly [string, number]>
}

/** Where the programs' own source sits: inside the repository, so `./src/...` imports resolve as an app's would. */
const entryPath = (program: BundleProgram) => `${root}/bench-${program.id}.tsx`

/** `stackfx` and `stackfx/react` resolve to the entry files, side-effect free as package.json says. */
const entryFile = (specifier: string) =>
  specifier === "stackfx"
    ? `${root}/src/index.ts`
    : specifier === "stackfx/react"
      ? `${root}/src/react/index.ts`
      : undefined

const relative = (path: string) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path)

const buildWithVite = async (program: BundleProgram): Promise<ReadonlyMap<string, Chunk>> => {
  const id = entryPath(program)
  // Loaded here, not with the module: the bench's other sections (the testing kit's memory figure) run in this
  // process, and vite with its native bundler weighs about 130 MB.
  const { build: vite } = await import("vite")
  const result = await vite({
    configFile: false,
    envFile: false,
    publicDir: false,
    root,
    logLevel: "silent",
    mode: "production",
    plugins: [
      {
        name: "stackfx-bench-program",
        enforce: "pre",
        resolveId: (specifier) => {
          if (specifier === id) return id
          const file = entryFile(specifier)
          return file === undefined ? null : { id: file, moduleSideEffects: false }
        },
        load: (loaded) => (loaded === id ? { code: program.source, moduleType: "tsx" } : null)
      }
    ],
    build: { write: false, modulePreload: false, emptyOutDir: false, rolldownOptions: { input: id } }
  })
  const outputs = (Array.isArray(result) ? result : [result]) as ReadonlyArray<Rollup.RollupOutput>
  const encoder = new TextEncoder()
  return new Map(
    outputs
      .flatMap((output) => output.output)
      .filter((output): output is Rollup.OutputChunk => output.type === "chunk")
      .map((chunk) => [
        chunk.fileName,
        {
          code: encoder.encode(chunk.code),
          isEntry: chunk.isEntry,
          staticImports: chunk.imports,
          modules: Object.entries(chunk.modules).map(
            ([module, info]) => [relative(module), info.renderedLength] as const
          )
        }
      ])
  )
}

const buildWithEsbuild = async (program: BundleProgram): Promise<ReadonlyMap<string, Chunk>> => {
  const { build: esbuild } = await import("esbuild")
  const result = await esbuild({
    stdin: { contents: program.source, resolveDir: root, loader: "tsx", sourcefile: `${program.id}.tsx` },
    bundle: true,
    minify: true,
    format: "esm",
    // Code splitting as an app's bundler does it: dynamic imports become chunks.
    splitting: true,
    outdir: "/bundle",
    absWorkingDir: root,
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [
      {
        name: "stackfx-entries",
        setup(b) {
          b.onResolve({ filter: /^stackfx(\/react)?$/ }, (args) => {
            const file = entryFile(args.path)
            // What package.json says; a plugin's result does not inherit it, and an app importing the package would.
            return file === undefined ? undefined : { path: file, sideEffects: false }
          })
        }
      }
    ],
    write: false,
    metafile: true,
    logLevel: "silent"
  })
  const outputs = result.metafile.outputs
  // Metafile names are relative to the working directory, output files carry absolute paths.
  const code = new Map(result.outputFiles.map((file) => [file.path, file.contents]))
  return new Map(
    Object.entries(outputs)
      .filter(([name]) => name.endsWith(".js"))
      .map(([name, output]) => [
        name,
        {
          code: code.get(resolve(root, name)) ?? new Uint8Array(),
          isEntry: output.entryPoint === `${program.id}.tsx`,
          staticImports: output.imports.filter((i) => i.kind === "import-statement").map((i) => i.path),
          modules: Object.entries(output.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput] as const)
        }
      ])
  )
}

/** Builds a program as an app's bundler would; `initial` names the chunks the page loads before it runs. */
export const buildProgram = async (program: BundleProgram, bundler: Bundler) => {
  const chunks = await (bundler === "vite" ? buildWithVite(program) : buildWithEsbuild(program))
  const initial = new Set<string>()
  const visit = (name: string) => {
    if (initial.has(name)) return
    initial.add(name)
    for (const imported of chunks.get(name)?.staticImports ?? []) visit(imported)
  }
  for (const [name, chunk] of chunks) if (chunk.isEntry) visit(name)
  return { chunks, initial }
}
