#!/usr/bin/env node
// The `stackfx` command.
// - A built package runs dist/emulator/cli.js.
// - A source checkout (right after `npm ci`) bundles src/emulator/cli.ts with esbuild into
//   node_modules/.cache/stackfx/ once per source change and runs that: loading one file instead of
//   hundreds of modules through a TypeScript loader is what keeps start-up near one second.
// - Without esbuild it falls back to running the TypeScript source through tsx.
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("../", import.meta.url))
const built = join(root, "dist", "emulator", "cli.js")

/** Path, size and mtime of every source file: the bundle is rebuilt when any of them changes. */
const sourceFingerprint = () => {
  const hash = createHash("sha256")
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.(ts|tsx|js|mjs|json)$/.test(entry.name)) {
        const stat = statSync(path)
        hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`)
      }
    }
  }
  walk(join(root, "src"))
  for (const file of ["package.json", "package-lock.json"]) {
    if (existsSync(join(root, file))) hash.update(`${file}\0${statSync(join(root, file)).mtimeMs}\n`)
  }
  return hash.digest("hex").slice(0, 16)
}

const bundle = async () => {
  let esbuild
  try {
    esbuild = await import("esbuild")
  } catch {
    return undefined
  }
  const cacheDir = join(root, "node_modules", ".cache", "stackfx")
  const out = join(cacheDir, `cli-${sourceFingerprint()}.mjs`)
  if (existsSync(out)) return out
  mkdirSync(cacheDir, { recursive: true })
  const partial = `${out}.${process.pid}.partial.mjs`
  await esbuild.build({
    entryPoints: [join(root, "src", "emulator", "cli.ts")],
    outfile: partial,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    logLevel: "warning",
    // CommonJS dependencies inside the bundle still call require().
    banner: { js: "import { createRequire as __stackfxCreateRequire } from 'node:module'; const require = __stackfxCreateRequire(import.meta.url);" },
    plugins: [{
      // effect's many small modules are what is slow to load, so only effect is bundled; every other
      // package (PGlite and its wasm, pg, jose, ...) is loaded from node_modules as usual.
      name: "bundle-effect-only",
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          /^(effect|@effect\/)/.test(args.path) || args.path.startsWith("node:") ? undefined : { path: args.path, external: true })
      }
    }]
  })
  renameSync(partial, out)
  // Older bundles (from earlier sources) are dead weight; keep the last hour's in case another process
  // started from one of them.
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name)
    if (path !== out && /^cli-.*\.mjs$/.test(name) && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { force: true })
  }
  return out
}

if (existsSync(built)) {
  await import(pathToFileURL(built).href)
} else {
  const bundled = await bundle()
  if (bundled !== undefined) {
    await import(pathToFileURL(bundled).href)
  } else {
    const { register } = await import("tsx/esm/api")
    register()
    await import(pathToFileURL(join(root, "src", "emulator", "cli.ts")).href)
  }
}
