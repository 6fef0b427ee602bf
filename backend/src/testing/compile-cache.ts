/**
 * Node's module compile cache for a test run (Node ≥ 22.8; a no-op before). Most of a kit run's CPU is Node
 * compiling the same modules (effect, stackfx, the backend, PGlite's JavaScript) in the runner and again in
 * every worker; with the cache on disk a worker reads V8's compiled code instead. The global setup turns it
 * on for the runner and, through `NODE_COMPILE_CACHE`, for the workers it starts after it (they inherit the
 * runner's environment). Node keys each entry by the file's content and its own version, so a changed file
 * or another Node never reads a stale entry. A run that set `NODE_COMPILE_CACHE` keeps its folder, and
 * `NODE_DISABLE_COMPILE_CACHE=1` (Node's own switch) turns it off.
 */
import * as Module from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** The folder Node itself uses when `module.enableCompileCache()` is given none. */
const defaultFolder = () => join(tmpdir(), "node-compile-cache")

/** Turns the cache on (`enable`: Node's own, replaced in tests) and names its folder in `env` for the workers. */
export const enableCompileCache = (
  env: NodeJS.ProcessEnv = process.env,
  enable: ((folder: string) => unknown) | undefined = Module.enableCompileCache
): void => {
  if (env["NODE_DISABLE_COMPILE_CACHE"] !== undefined && env["NODE_DISABLE_COMPILE_CACHE"] !== "") return
  // Only where this Node has the cache: an older one would be handed a variable it ignores.
  if (typeof enable !== "function") return
  const folder = (env["NODE_COMPILE_CACHE"] ??= defaultFolder())
  enable(folder)
}
