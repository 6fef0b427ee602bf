#!/usr/bin/env node
// The `stackfx` command.
// - The installed package (no src/) runs dist/cli.js.
// - A source checkout (right after `npm ci`, or after a build: the sources win) bundles src/cli.ts with esbuild (a development dependency of
//   the repository) into node_modules/.cache/stackfx/ once per source change and runs that: loading one
//   file instead of hundreds of modules is what keeps start-up near one second.
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const major = Number(process.versions.node.split(".")[0])
if (major < 22) {
  process.stderr.write(`stackfx: Node.js ${process.versions.node} is too old; the local backend needs Node.js 22 or newer.\n`)
  process.exit(1)
}

const backendRoot = fileURLToPath(new URL("../", import.meta.url))
const built = join(backendRoot, "dist", "cli.js")

/** Path, size and mtime of every source file (the backend's and the library's): a change rebuilds. */
const sourceFingerprint = (repoRoot) => {
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
  walk(join(backendRoot, "src"))
  walk(join(repoRoot, "src"))
  for (const file of ["package.json", "package-lock.json"]) {
    if (existsSync(join(repoRoot, file))) hash.update(`${file}\0${statSync(join(repoRoot, file)).mtimeMs}\n`)
  }
  return hash.digest("hex").slice(0, 16)
}

const bundleFromSource = async () => {
  const repoRoot = join(backendRoot, "..")
  const esbuild = await import("esbuild")
  const { bundle } = await import("../scripts/bundle.mjs")
  const cacheDir = join(repoRoot, "node_modules", ".cache", "stackfx")
  const out = join(cacheDir, `cli-${sourceFingerprint(repoRoot)}.mjs`)
  if (existsSync(out)) return out
  mkdirSync(cacheDir, { recursive: true })
  const partial = `${out}.${process.pid}.partial.mjs`
  await bundle(esbuild, { entry: "cli.ts", outfile: partial, inlineEffect: true })
  renameSync(partial, out)
  // Older bundles (from earlier sources) are dead weight; keep the last hour's in case another process
  // started from one of them.
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name)
    if (path !== out && /^cli-.*\.mjs$/.test(name) && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { force: true })
  }
  return out
}

await import(pathToFileURL(existsSync(join(backendRoot, "src")) ? await bundleFromSource() : built).href)
