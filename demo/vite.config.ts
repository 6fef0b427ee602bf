/**
 * The demo's Vite config. The demo imports only the package's public entry points, `stackfx`,
 * `stackfx/react` and `stackfx/react/handler`; here they resolve to the sources, so the demo runs from a clean clone without a build.
 *
 * Where the demo finds the backend comes from `VITE_HEXCLAVE_API_URL`, `VITE_HEXCLAVE_PROJECT_ID` and
 * `VITE_HEXCLAVE_PUBLISHABLE_CLIENT_KEY`, or their old `VITE_STACK_*` names (environment or `demo/.env`; see
 * `src/settings.ts`); without them it uses the local backend of `npm start` with the seeded `demo` project.
 * `demoViteConfig({ env })` lets a test set them without touching the process environment.
 */
import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { defineConfig, type Plugin, type UserConfig } from "vite"
import type { DemoEnvVars } from "./src/settings.js"

const demoRoot = fileURLToPath(new URL(".", import.meta.url))
const repoRoot = fileURLToPath(new URL("..", import.meta.url))
const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url))

export type DemoEnv = DemoEnvVars

/** The package's public entry points, resolved to the sources. */
const stackfxEntries = (): Plugin => ({
  name: "stackfx-entries",
  enforce: "pre",
  resolveId(id) {
    if (id === "stackfx") return source("index.ts")
    if (id === "stackfx/react") return source("react/index.ts")
    if (id === "stackfx/react/handler") return source("react/handler/index.ts")
    return undefined
  }
})

/** The config, with `env` taking precedence over the environment and `.env` files. */
export const demoViteConfig = (options: { readonly env?: DemoEnv } = {}): UserConfig => ({
  root: demoRoot,
  // Only what was passed here: `import.meta.env.*` of the rest comes from the environment as usual.
  define: Object.fromEntries(
    Object.entries(options.env ?? {}).flatMap(([key, value]) =>
      value === undefined ? [] : [[`import.meta.env.${key}`, JSON.stringify(value)]]
    )
  ),
  plugins: [stackfxEntries(), react()],
  // The handler pages load lazily: scanned only from index.html, their dependencies would be found on the
  // first visit of a page, and the re-optimization then reloads (or, without HMR, breaks) the open page.
  optimizeDeps: { entries: ["index.html", `${repoRoot}/src/react/handler/**/*.tsx`] },
  server: {
    port: 5173,
    host: "127.0.0.1",
    strictPort: true,
    // The sources live outside the demo's root.
    fs: { allow: [repoRoot] }
  },
  clearScreen: false
})

export default defineConfig(demoViteConfig())
