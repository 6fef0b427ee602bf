/**
 * The one in-process backend of a test worker: memory database, a free port, passwords hashed at test
 * cost, and the kit's per-project controls around every request. Started on first use and shared by every
 * test of the worker (each in a project of its own); its server does not keep the process alive, so a
 * worker or script ends when its tests do without anyone stopping it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Scope from "effect/Scope"
import { Emulator, type EmulatorShape } from "../options.js"
import { layer } from "../server.js"
import { Db, type DbShape } from "../store/db.js"
import { aroundRequest } from "./project-controls.js"

/** The running worker backend. */
export interface WorkerBackend {
  /** Base URL, what a tier's `baseUrl` is. */
  readonly url: string
  readonly db: DbShape
  /** What the backend says of itself: its URLs and the seeded projects' keys. */
  readonly emulator: EmulatorShape
}

const start = Effect.gen(function* () {
  const scope = yield* Scope.make()
  const built = yield* Layer.buildWithScope(
    layer(
      { port: 0, db: "memory", fastPasswordHashing: true, allowSharedOAuthAccessTokens: true },
      { around: aroundRequest, unref: true }
    ).pipe(Layer.provide(Logger.layer([]))),
    scope
  )
  const emulator = Context.get(built, Emulator)
  return { url: emulator.url, db: Context.get(built, Db), emulator, scope }
})

let running: Promise<WorkerBackend & { readonly scope: Scope.Closeable }> | undefined

/** The worker's backend, started by the first caller (a failed start is retried by the next). */
export const workerBackend: Effect.Effect<WorkerBackend> = Effect.promise(() => {
  running ??= Effect.runPromise(start).catch((error: unknown) => {
    running = undefined
    return Promise.reject(error)
  })
  return running
})

/**
 * Stops the process's backend, for a runner's process that started it in a global setup: its keep-alive
 * connections from the workers would otherwise hold the runner open after the tests. The next use starts
 * a new one.
 */
export const stopWorkerBackend = async (): Promise<void> => {
  const stopping = running
  running = undefined
  if (stopping === undefined) return
  const backend = await stopping.catch(() => undefined)
  if (backend !== undefined) await Effect.runPromise(Scope.close(backend.scope, Exit.void))
}
