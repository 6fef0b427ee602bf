/**
 * The example's Vite config, as an app of its own has it: `stackfx` resolves as installed (node_modules), and
 * the TanStack Start and React plugins build the server and the browser. Copy it with `src/` into an app.
 *
 * The browser reads the backend and project from `STACK_API_URL`, `STACK_PROJECT_ID` and
 * `STACK_PUBLISHABLE_CLIENT_KEY` at build time (`import.meta.env.VITE_*`); the server reads them, its secret key
 * (`STACK_SECRET_SERVER_KEY`), `STACK_ACCEPTED_ISSUER_BASE_URLS` and `STACK_TRUST_PROXY` at run time (see
 * src/stack-server.ts). Without them: the local backend of `npx stackfx dev` and its seeded `demo` project.
 *
 * Development: `vite dev`. Production: `vite build`, then `vite preview` serves the build (its server entry
 * renders the pages); README.md's "Server rendering with TanStack Start" says how to host it.
 */
import { tanstackStart } from "@tanstack/react-start/plugin/vite"
import viteReact from "@vitejs/plugin-react"
import { defineConfig } from "vite"

/** What the browser may know of the environment: never the secret key, which `define` would put in the bundle. */
const browserEnv = ["STACK_API_URL", "STACK_PROJECT_ID", "STACK_PUBLISHABLE_CLIENT_KEY"] as const

export default defineConfig({
  define: Object.fromEntries(
    browserEnv.flatMap((name) => {
      const value = process.env[name]
      return value === undefined ? [] : [[`import.meta.env.VITE_${name}`, JSON.stringify(value)]]
    })
  ),
  plugins: [tanstackStart(), viteReact()],
  server: { port: 3000, host: "127.0.0.1", strictPort: true },
  preview: { host: "127.0.0.1" }
})
