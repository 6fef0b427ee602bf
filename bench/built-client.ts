/**
 * per-call-client.ts as users run stackfx: built. The benchmarks run under tsx, whose transform keeps
 * function names by wrapping every named inner function in a `__name(fn, "name")` call each time it is
 * created; the package (`npm run build`) and an app's bundle have no such calls. Over loopback that loader
 * cost was about 12 µs of a stackfx call (2-3 % of it) and none of a raw fetch's, so the per-call figure
 * measures the built code: one ESM bundle (stackfx and effect, as an app ships them; not minified, as the
 * package is not), made with esbuild.
 */
import { build } from "esbuild"
import { mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { pathToFileURL } from "node:url"
import type * as PerCall from "./per-call-client.js"
import { root } from "./util.js"

/** Where the built module is written. */
export const builtPerCallClientFile = join(root, "node_modules", ".cache", "stackfx", "bench", "per-call-client.mjs")

export const loadBuiltPerCallClient = async (): Promise<typeof PerCall> => {
  const outfile = builtPerCallClientFile
  mkdirSync(dirname(outfile), { recursive: true })
  await build({
    entryPoints: [join(root, "bench", "per-call-client.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    outfile,
    logLevel: "warning"
  })
  return (await import(pathToFileURL(outfile).href)) as typeof PerCall
}
