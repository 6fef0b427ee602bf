/**
 * `npm run example:react-start`: the local backend (memory database) and the TanStack Start example on
 * Vite's dev server, pointed at it with the seeded `demo` project's local keys. Open http://localhost:3000,
 * sign up, and reload the dashboard: the server renders the user. Ctrl-C stops both.
 *
 *   node --import tsx examples/react-start/start.ts [--port 3000]
 */
import { fileURLToPath } from "node:url"
import { createServer, type ViteDevServer } from "vite"
import { type RunningLocalBackend, startLocalBackend } from "../../backend/src/index.js"

/** The example's config with `stackfx` resolved to the repository's sources (vite.sources.config.ts). */
const configFile = fileURLToPath(new URL("vite.sources.config.ts", import.meta.url))

const HOST = "127.0.0.1"

const portOption = (argv: ReadonlyArray<string>): number | string => {
  const at = argv.indexOf("--port")
  if (at === -1) return 3000
  const port = Number(argv[at + 1])
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : "--port needs a port number"
}

const main = async (): Promise<void> => {
  const port = portOption(process.argv.slice(2))
  if (typeof port === "string") {
    console.error(port)
    process.exitCode = 2
    return
  }
  let localBackend: RunningLocalBackend | undefined
  let vite: ViteDevServer | undefined
  const stop = async (code: number) => {
    await vite?.close().catch((error: unknown) => console.error("stopping the example failed:", error))
    await localBackend?.stop().catch((error: unknown) => console.error("stopping the backend failed:", error))
    process.exit(code)
  }
  process.on("SIGINT", () => void stop(0))
  process.on("SIGTERM", () => void stop(0))
  try {
    localBackend = await startLocalBackend({ port: 0, host: HOST, db: "memory" })
    // The example's server reads the backend and its keys from the environment of this process.
    process.env["STACK_API_URL"] = localBackend.url
    process.env["STACK_PROJECT_ID"] = localBackend.demoProject.id
    process.env["STACK_PUBLISHABLE_CLIENT_KEY"] = localBackend.demoProject.publishableClientKey
    process.env["STACK_SECRET_SERVER_KEY"] = localBackend.demoProject.secretServerKey
    // The config is read now, after the environment above is set: its `define` hands the browser the backend.
    vite = await createServer({ configFile, server: { port }, logLevel: "warn" })
    await vite.listen()
  } catch (error) {
    console.error("the example could not start:", error instanceof Error ? error.message : error)
    await stop(1)
    return
  }
  console.log(`local backend at ${localBackend.url}`)
  console.log(`TanStack Start example at http://localhost:${port}`)
  console.log("Press Ctrl-C to stop both.")
}

void main()
