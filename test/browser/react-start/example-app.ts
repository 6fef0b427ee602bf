/**
 * The TanStack Start example (examples/react-start) built for a local backend and served by Vite's preview
 * server (its server entry renders the pages), each in a child process: the server reads the backend and the
 * project from its environment, which the test's own process must not change.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { join } from "node:path"
import { type Browser, chromium } from "playwright-core"
import type { RunningLocalBackend } from "../../../backend/src/index.js"
import { childEnv, run, waitForLine } from "../../packaging/run.js"
import { CHROMIUM_PATH } from "../support/harness.js"

const repo = new URL("../../../", import.meta.url).pathname
const example = join(repo, "examples", "react-start")
const vite = join(repo, "node_modules", ".bin", "vite")

/** What the example's server and browser need to reach the backend as a project. */
export interface ExampleEnv {
  readonly STACK_API_URL: string
  readonly STACK_PROJECT_ID: string
  readonly STACK_PUBLISHABLE_CLIENT_KEY: string
  readonly STACK_SECRET_SERVER_KEY: string
  /** `"1"`: the server trusts `X-Forwarded-Proto` / `Forwarded` (it runs behind a TLS-ending proxy). */
  readonly STACK_TRUST_PROXY?: string
}

export interface RunningExample {
  readonly url: string
  readonly stop: () => void
}

// NODE_ENV: vitest sets it to "test", which would build React for development.
const exampleEnv = (env: ExampleEnv) => childEnv({ NODE_ENV: "production", ...env })

/** Builds the example (client and server) for `env`, then serves it on a free port. */
export const startExample = async (env: ExampleEnv): Promise<RunningExample> => {
  // The example's config with `stackfx` resolved to the sources (the packaging test builds its own config).
  const config = ["--config", "vite.sources.config.ts"]
  await run(vite, ["build", ...config, "--logLevel", "error"], { cwd: example, env: exampleEnv(env) })
  const child: ChildProcess = spawn(vite, ["preview", ...config, "--port", "0", "--host", "127.0.0.1"], {
    cwd: example,
    env: exampleEnv(env),
    stdio: ["ignore", "pipe", "pipe"]
  })
  const ready = await waitForLine(child, /(http:\/\/127\.0\.0\.1:\d+)/, 60_000)
  return { url: ready[1] ?? "", stop: () => void child.kill("SIGTERM") }
}

/**
 * The example on Vite's dev server (development React, modules compiled on request), for `env`, on a free port.
 * The dev server's dependency cache is the example's own (node_modules/.vite below it).
 */
export const startExampleDev = async (env: ExampleEnv): Promise<RunningExample> => {
  const child: ChildProcess = spawn(
    vite,
    ["dev", "--config", "vite.sources.config.ts", "--port", "0", "--strictPort", "false", "--host", "127.0.0.1"],
    { cwd: example, env: childEnv({ NODE_ENV: "development", ...env }), stdio: ["ignore", "pipe", "pipe"] }
  )
  const ready = await waitForLine(child, /(http:\/\/127\.0\.0\.1:\d+)/, 60_000)
  return { url: ready[1] ?? "", stop: () => void child.kill("SIGTERM") }
}

/** The example's environment for `backend`'s seeded `demo` project. */
export const demoProjectEnv = (backend: RunningLocalBackend): ExampleEnv => ({
  STACK_API_URL: backend.url,
  STACK_PROJECT_ID: backend.demoProject.id,
  STACK_PUBLISHABLE_CLIENT_KEY: backend.demoProject.publishableClientKey,
  STACK_SECRET_SERVER_KEY: backend.demoProject.secretServerKey
})

/** Chromium as the example's browser tests drive it. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
  })
