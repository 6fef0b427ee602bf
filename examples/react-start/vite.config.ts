/**
 * The TanStack Start example's Vite config. The example imports only the package's public entry points
 * (`stackfx`, `stackfx/react`, `stackfx/react/handler`, `stackfx/react-start`, `stackfx/react-start/server`);
 * here they resolve to the sources, so it runs from a clean clone without a build.
 *
 * The backend and project come from `STACK_API_URL`, `STACK_PROJECT_ID`, `STACK_PUBLISHABLE_CLIENT_KEY` and
 * `STACK_SECRET_SERVER_KEY` (the server reads them at run time; the browser gets the first three through
 * `import.meta.env`); without them, the local backend of `npm start` and its seeded `demo` project.
 * `STACK_TRUST_PROXY=1`: the server runs behind a TLS-ending proxy it trusts (see stack-server.ts).
 */
import viteReact from "@vitejs/plugin-react"
import { tanstackStart } from "@tanstack/react-start/plugin/vite"
import { fileURLToPath } from "node:url"
import { defineConfig, type Plugin, type UserConfig } from "vite"

const exampleRoot = fileURLToPath(new URL(".", import.meta.url))
const repoRoot = fileURLToPath(new URL("../..", import.meta.url))
const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url))

const entries: Readonly<Record<string, string>> = {
  stackfx: "index.ts",
  "stackfx/react": "react/index.ts",
  "stackfx/react/handler": "react/handler/index.ts",
  "stackfx/react-start": "react/start/index.ts",
  "stackfx/react-start/server": "react/start/server.ts"
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

/** Where the browser finds the backend; the server reads the same (and its secret key) from the environment. */
export interface ExampleEnv {
  readonly STACK_API_URL?: string | undefined
  readonly STACK_PROJECT_ID?: string | undefined
  readonly STACK_PUBLISHABLE_CLIENT_KEY?: string | undefined
}

export const reactStartViteConfig = (
  options: { readonly env?: ExampleEnv; readonly port?: number } = {}
): UserConfig => {
  const env = { ...process.env, ...options.env }
  const exposed = {
    VITE_STACK_API_URL: env.STACK_API_URL,
    VITE_STACK_PROJECT_ID: env.STACK_PROJECT_ID,
    VITE_STACK_PUBLISHABLE_CLIENT_KEY: env.STACK_PUBLISHABLE_CLIENT_KEY
  }
  return {
    root: exampleRoot,
    define: Object.fromEntries(
      Object.entries(exposed).flatMap(([key, value]) =>
        value === undefined ? [] : [[`import.meta.env.${key}`, JSON.stringify(value)]]
      )
    ),
    plugins: [stackfxEntries(), tanstackStart({ srcDirectory: "src" }), viteReact()],
    server: { port: options.port ?? 3000, host: "127.0.0.1", strictPort: true, fs: { allow: [repoRoot] } },
    preview: { host: "127.0.0.1", strictPort: false },
    clearScreen: false
  }
}

export default defineConfig(reactStartViteConfig())
