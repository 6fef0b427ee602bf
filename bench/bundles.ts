/**
 * Benchmark 1: bundle size. Each program is bundled for the browser the way an app's bundler would
 * (Vite's production build: ESM, minified, code split at dynamic imports, nothing external), then each chunk
 * gzipped at level 9. The programs the budgets name are also bundled with esbuild, for information (`Bundler`). stackfx is imported through its public entry points (`stackfx` = src/index.ts,
 * `stackfx/react` = src/react/index.ts) so the figure includes whatever those entries fail to tree-shake.
 * The official SDK is bundled from its package exports the same way.
 */
import { gzipSync } from "node:zlib"
import { buildProgram, type Bundler } from "./bundle-build.js"
import { type BundleProgram, parts, programs } from "./bundle-programs.js"

export interface BundleSize {
  readonly id: string
  readonly name: string
  /** What the page loads before the program runs: the entry chunk and the chunks it imports statically. */
  readonly minBytes: number
  readonly gzipBytes: number
  /** Chunks behind dynamic imports, loaded only when the program first needs them (e.g. the error catalogue). */
  readonly lazyChunks: number
  readonly lazyGzipBytes: number
  /**
   * Where the initial load's gzip bytes are, by area (see `areaOf`), largest first; approximate: each initial
   * chunk's gzip size is shared among its modules in proportion to their size before minifying.
   */
  readonly initialAreas?: ReadonlyArray<InitialArea>
}

/** An area of the code (effect, react, a folder of stackfx, …) and its approximate share of a load, gzipped. */
export interface InitialArea {
  readonly area: string
  readonly gzipBytes: number
}

/**
 * The area a module belongs to: `effect`, `react` (react, react-dom, scheduler), `vite` (its preload helper),
 * a folder of stackfx (`src/services/session`, `src/react`, …), `other` for the rest (the program itself).
 */
export const areaOf = (module: string): string => {
  const dependency = /node_modules\/(@[^/]+\/[^/]+|[^/]+)\//.exec(module)?.[1]
  if (dependency !== undefined) return dependency === "react-dom" || dependency === "scheduler" ? "react" : dependency
  if (module.includes("preload-helper")) return "vite"
  const folders = /^src\/(services\/[^/]+|[^/]+)\//.exec(module)?.[1]
  return folders === undefined ? "other" : `src/${folders}`
}

/** The source modules (paths relative to the repository) whose code the page loads before the program runs. */
export const firstLoadModules = async (
  program: BundleProgram,
  bundler: Bundler = "vite"
): Promise<ReadonlyArray<string>> => {
  const { chunks, initial } = await buildProgram(program, bundler)
  return [...initial].flatMap((name) =>
    (chunks.get(name)?.modules ?? []).flatMap(([module, bytes]) => (bytes > 0 ? [module] : []))
  )
}

export const measureBundle = async (program: BundleProgram, bundler: Bundler = "vite"): Promise<BundleSize> => {
  const { chunks, initial } = await buildProgram(program, bundler)
  // Each chunk travels (and is gzipped) on its own, so sizes are sums of per-chunk gzip sizes.
  const sum = (names: ReadonlyArray<string>, key: "min" | "gzip") =>
    names.reduce((total, name) => {
      const code = chunks.get(name)?.code ?? new Uint8Array()
      return total + (key === "min" ? code.length : gzipSync(code, { level: 9 }).length)
    }, 0)
  const lazy = [...chunks.keys()].filter((name) => !initial.has(name))
  const areas = new Map<string, number>()
  for (const name of initial) {
    const chunk = chunks.get(name)
    if (chunk === undefined) continue
    const gzip = gzipSync(chunk.code, { level: 9 }).length
    const rendered = chunk.modules.reduce((total, [, bytes]) => total + bytes, 0)
    for (const [module, bytes] of chunk.modules)
      if (rendered > 0) areas.set(areaOf(module), (areas.get(areaOf(module)) ?? 0) + (gzip * bytes) / rendered)
  }
  return {
    id: bundler === "vite" ? program.id : `${bundler}:${program.id}`,
    name: program.name,
    minBytes: sum([...initial], "min"),
    gzipBytes: sum([...initial], "gzip"),
    lazyChunks: lazy.length,
    lazyGzipBytes: sum(lazy, "gzip"),
    initialAreas: [...areas]
      .map(([area, gzipBytes]) => ({ area, gzipBytes: Math.round(gzipBytes) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
  }
}

export type BundleOutcome = BundleSize | { readonly id: string; readonly name: string; readonly error: string }

export const isMeasured = (outcome: BundleOutcome | undefined): outcome is BundleSize =>
  outcome !== undefined && "gzipBytes" in outcome

/** The programs measured with esbuild too (their rows say so): the two the budgets name and react's baseline. */
const alsoWithEsbuild = new Set(["stackfx-client", "react-baseline", "stackfx-react"])

/** Every program and part; one that fails to build (a module mid-edit) is reported, not fatal. */
export const runBundles = async (): Promise<Readonly<Record<string, BundleOutcome>>> => {
  const sizes: Record<string, BundleOutcome> = {}
  const builds = [...programs, ...parts].flatMap((program) => [
    [program, "vite"] as const,
    ...(alsoWithEsbuild.has(program.id) ? [[program, "esbuild"] as const] : [])
  ])
  // One at a time: each bundler already uses every core for one build.
  for (const [program, bundler] of builds) {
    const outcome = await measureBundle(program, bundler).catch((error: unknown) => ({
      id: bundler === "vite" ? program.id : `${bundler}:${program.id}`,
      name: program.name,
      error: String(error).slice(0, 500)
    }))
    sizes[outcome.id] = outcome
  }
  return sizes
}
