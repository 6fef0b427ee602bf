/**
 * `stackfx-backend`: a local backend that speaks the hosted service's REST API.
 *
 * @example
 * const localBackend = await startLocalBackend({ port: 0, db: "memory" })
 * // point a client at localBackend.url with localBackend.project.id and its keys
 * await localBackend.stop()
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Scope from "effect/Scope"
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  LocalBackend,
  type LocalBackendOptions,
  type RunningLocalBackend,
  type StartLocalBackendOptions
} from "./options.js"
import { layer as serverLayer } from "./server.js"
import { startErrorOf } from "./startup-failure.js"

export { DEFAULT_DB, DEFAULT_HOST, DEFAULT_PORT, LocalBackendStartError } from "./options.js"
export type {
  LocalBackendOptions,
  LocalBackendShape,
  RunningLocalBackend,
  SeededProject,
  StartLocalBackendOptions
} from "./options.js"

const targetOf = (options: LocalBackendOptions) => ({
  port: options.port ?? DEFAULT_PORT,
  host: options.host ?? DEFAULT_HOST
})

/**
 * Starts the local backend and resolves once it answers requests. `port: 0` picks a free port (see `url`);
 * `db: "memory"` gives a throwaway database. Rejects with an `LocalBackendStartError` whose message is the
 * one line `stackfx dev` prints for the same failure (port in use, unreachable PostgreSQL, ...).
 */
export const startLocalBackend = async (options: StartLocalBackendOptions = {}): Promise<RunningLocalBackend> => {
  const scope = Effect.runSync(Scope.make())
  const quiet = options.log === false ? Layer.provide(Logger.layer([])) : <A, E, R>(l: Layer.Layer<A, E, R>) => l
  const built = await Effect.runPromiseExit(Layer.buildWithScope(quiet(serverLayer(options)), scope))
  if (Exit.isFailure(built)) {
    await Effect.runPromise(Scope.close(scope, built))
    return Promise.reject(startErrorOf(built.cause, targetOf(options)))
  }
  const localBackend = Context.get(built.value, LocalBackend)
  let stopped: Promise<void> | undefined
  return {
    ...localBackend,
    stop: () => {
      stopped ??= Effect.runPromise(Scope.close(scope, Exit.void))
      return stopped
    }
  }
}
