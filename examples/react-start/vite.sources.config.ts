/**
 * The repository's way of running the example from a clean clone, without a build (`npm run example:react-start`,
 * its browser test): the example's own config (vite.config.ts, what an app copies) with `stackfx`'s entry points
 * resolved to the repository's sources. Not part of a copied app.
 */
import { fileURLToPath } from "node:url"
import { mergeConfig, type Plugin } from "vite"
import app from "./vite.config.ts"

const repoRoot = fileURLToPath(new URL("../..", import.meta.url))
const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url))

const entries: Readonly<Record<string, string>> = {
  stackfx: "index.ts",
  "stackfx/react": "react/index.ts",
  "stackfx/react/handler": "react/handler/index.ts",
  "stackfx/react-start": "react/start/index.ts",
  "stackfx/react-start/server": "react/start/server.ts",
  "stackfx/server": "server/index.ts"
}

/** The package's public entry points, resolved to the sources. */
const stackfxEntries = (): Plugin => ({
  name: "stackfx-entries",
  enforce: "pre",
  resolveId(id) {
    const entry = entries[id]
    return entry === undefined ? undefined : source(entry)
  }
})

export default mergeConfig(app, {
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [stackfxEntries()],
  server: { fs: { allow: [repoRoot] } }
})
