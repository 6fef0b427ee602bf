/**
 * The one in-process backend of a test worker: memory database, a free port, passwords hashed at test
 * cost, and the kit's per-project controls around every request. Started on first use and shared by every
 * test of the worker (each in a project of its own); its server does not keep the process alive, so a
 * worker or script ends when its tests do without anyone stopping it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Scope from "effect/Scope"
import { Emulator } from "../options.js"
import { layer } from "../server.js"
import { Db, type DbShape } from "../store/db.js"
import { aroundRequest } from "./project-controls.js"

/** The running worker backend. */
export interface WorkerBackend {
  /** Base URL, what a tier's `baseUrl` is. */
  readonly url: string
  readonly db: DbShape
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
  return { url: Context.get(built, Emulator).url, db: Context.get(built, Db) } satisfies WorkerBackend
})

let running: Promise<WorkerBackend> | undefined

/** The worker's backend, started by the first caller (a failed start is retried by the next). */
export const workerBackend: Effect.Effect<WorkerBackend> = Effect.promise(() => {
  running ??= Effect.runPromise(start).catch((error: unknown) => {
    running = undefined
    return Promise.reject(error)
  })
  return running
})
