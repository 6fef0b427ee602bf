/**
 * `npm start`: the local backend and the demo app together, on one machine and without internet.
 *
 *   node --import tsx scripts/start.ts [--db ./.stackfx/db | memory] [--port 8102] [--demo-port 5173]
 *
 * The backend keeps its data in `./.stackfx/db` (so accounts survive a restart); the demo's Vite dev server
 * is pointed at it with the seeded `demo` project's local keys (every feature the demo shows is on there).
 * Ctrl-C stops both.
 */
import { createServer, type ViteDevServer } from "vite"
import { demoViteConfig } from "../demo/vite.config.js"
import { readyBanner } from "../backend/src/banner.js"
import { type RunningLocalBackend, startLocalBackend } from "../backend/src/index.js"

const HOST = "127.0.0.1"

interface Options {
  readonly db: string
  readonly port: number
  readonly demoPort: number
}

const usage =
  "Usage: npm start -- [--db <dir | memory | postgres://...>] [--port <backend port>] [--demo-port <demo port>]"

const parse = (argv: ReadonlyArray<string>): Options | string => {
  let options: Options = { db: "./.stackfx/db", port: 8102, demoPort: 5173 }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = argv[i + 1]
    if (flag === "-h" || flag === "--help") return usage
    if (value === undefined) return `${flag} needs a value\n${usage}`
    i++
    switch (flag) {
      case "--db":
        options = { ...options, db: value }
        break
      case "--port":
      case "--demo-port": {
        const port = Number(value)
        if (!Number.isInteger(port) || port < 0 || port > 65535) return `${flag} needs a port number\n${usage}`
        options = flag === "--port" ? { ...options, port } : { ...options, demoPort: port }
        break
      }
      default:
        return `Unknown option: ${flag}\n${usage}`
    }
  }
  return options
}

const main = async (): Promise<void> => {
  const options = parse(process.argv.slice(2))
  if (typeof options === "string") {
    console.error(options)
    process.exitCode = options === usage ? 0 : 2
    return
  }

  let localBackend: RunningLocalBackend | undefined
  let vite: ViteDevServer | undefined
  let stopping: Promise<void> | undefined
  const stop = (code: number) => {
    stopping ??= (async () => {
      await vite?.close().catch((error: unknown) => console.error("stopping the demo failed:", error))
      await localBackend?.stop().catch((error: unknown) => console.error("stopping the backend failed:", error))
      process.exit(code)
    })()
    return stopping
  }
  process.on("SIGINT", () => void stop(0))
  process.on("SIGTERM", () => void stop(0))

  try {
    localBackend = await startLocalBackend({ port: options.port, host: HOST, db: options.db })
    vite = await createServer({
      configFile: false,
      ...demoViteConfig({
        env: {
          VITE_HEXCLAVE_API_URL: localBackend.url,
          VITE_HEXCLAVE_PROJECT_ID: localBackend.demoProject.id,
          VITE_HEXCLAVE_PUBLISHABLE_CLIENT_KEY: localBackend.demoProject.publishableClientKey
        }
      }),
      server: {
        port: options.demoPort,
        host: HOST,
        strictPort: true,
        fs: { allow: [new URL("..", import.meta.url).pathname] }
      },
      logLevel: "warn"
    })
    await vite.listen()
  } catch (error) {
    console.error("stackfx could not start:", error instanceof Error ? error.message : error)
    await stop(1)
    return
  }

  const address = vite.httpServer?.address()
  const demoPort = typeof address === "object" && address !== null ? address.port : options.demoPort
  for (const line of readyBanner(localBackend, { db: options.db, cwd: process.cwd() })) console.log(line)
  console.log(`stackfx demo ready at http://localhost:${demoPort}`)
  // Passkeys need a domain name (WebAuthn refuses IP addresses), so the demo's address is given as localhost.
  console.log(`  (also http://${HOST}:${demoPort}; use the localhost address for passkeys)`)
  console.log("Press Ctrl-C to stop both.")
}

void main()
