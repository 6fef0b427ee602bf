/**
 * The worker's connection to the backend of the test run: the run's one backend when a global setup
 * started it (`SHARED_BACKEND_VARIABLE`, see global-setup.ts), else one started in this process on first
 * use (about a second of CPU: PGlite opening its database). Either way the worker's tests reach it through
 * the worker's proxy (proxy.ts), which carries each test's clock and faults, and the kit controls it through
 * its control routes. Neither the proxy nor a backend started here keeps the process alive.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { API_PATH_PREFIX } from "@stackfx/lib/domain/api.js"
import type { LocalBackendShape } from "../options.js"
import { type ControlClient, controlClient } from "./control-client.js"
import { SHARED_BACKEND_VARIABLE, SharedBackend } from "./control-protocol.js"
import { startProxy } from "./proxy.js"

/** The worker's backend, as its tests see it. */
export interface WorkerBackend {
  /** Base URL (the worker's proxy), what a tier's `baseUrl` is. */
  readonly url: string
  /** What the backend says of itself, its URLs the proxy's: the seeded projects' keys. */
  readonly localBackend: LocalBackendShape
  /** The same with the backend's own URLs, for clients that need no test's clock or faults (no proxy hop). */
  readonly direct: LocalBackendShape
  readonly control: ControlClient
}

const decodeShared = Schema.decodeUnknownSync(Schema.fromJsonString(SharedBackend))

/** The run's backend named by the global setup, if any. */
const sharedBackend = (): SharedBackend | undefined => {
  const value = process.env[SHARED_BACKEND_VARIABLE]
  if (value === undefined || value === "") return undefined
  try {
    return decodeShared(value)
  } catch (error) {
    throw new Error(`stackfx testing kit: ${SHARED_BACKEND_VARIABLE} is not what the kit's global setup sets`, {
      cause: error
    })
  }
}

const connect = async (): Promise<WorkerBackend> => {
  // Loaded only here: a worker of a run with a global setup never loads the backend's server and database.
  const backend = sharedBackend() ?? (await (await import("./test-backend.js")).startTestBackend())
  // A variable left from another run names a backend that is gone: say so now, not at the first test's call.
  const health = await fetch(`${backend.url}/health`).catch((error: unknown) =>
    Promise.reject(
      new Error(
        `stackfx testing kit: the run's backend at ${backend.url} (${SHARED_BACKEND_VARIABLE}) does not answer`,
        {
          cause: error
        }
      )
    )
  )
  await health.body?.cancel()
  const url = await startProxy({ url: new URL(backend.url), secret: backend.secret })
  const shape = (base: string): LocalBackendShape => ({
    url: base,
    apiUrl: `${base}${API_PATH_PREFIX}`,
    mailboxUrl: `${base}/mailbox`,
    project: backend.project,
    demoProject: backend.demoProject
  })
  return { url, localBackend: shape(url), direct: shape(backend.url), control: controlClient(backend) }
}

let running: Promise<WorkerBackend> | undefined

/** The worker's backend, connected (or started) by the first caller; a failed start is retried by the next. */
export const workerBackend: Effect.Effect<WorkerBackend> = Effect.promise(() => {
  running ??= connect().catch((error: unknown) => {
    running = undefined
    return Promise.reject(error)
  })
  return running
})
