/**
 * `stackfx-backend`: a local backend that speaks the hosted service's REST API.
 *
 * @example
 * const emulator = await startEmulator({ port: 0, db: "memory" })
 * // point a client at emulator.url with emulator.project.id and its keys
 * await emulator.stop()
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
  Emulator,
  type EmulatorOptions,
  type RunningEmulator,
  type StartEmulatorOptions
} from "./options.js"
import { layer as serverLayer } from "./server.js"
import { startErrorOf } from "./startup-failure.js"

export { DEFAULT_DB, DEFAULT_HOST, DEFAULT_PORT, EmulatorStartError } from "./options.js"
export type { EmulatorOptions, EmulatorShape, RunningEmulator, SeededProject, StartEmulatorOptions } from "./options.js"

const targetOf = (options: EmulatorOptions) => ({
  port: options.port ?? DEFAULT_PORT,
  host: options.host ?? DEFAULT_HOST
})

/**
 * Starts the emulator and resolves once it answers requests. `port: 0` picks a free port (see `url`);
 * `db: "memory"` gives a throwaway database. Rejects with an `EmulatorStartError` whose message is the
 * one line `stackfx dev` prints for the same failure (port in use, unreachable PostgreSQL, ...).
 */
export const startEmulator = async (options: StartEmulatorOptions = {}): Promise<RunningEmulator> => {
  const scope = Effect.runSync(Scope.make())
  const quiet = options.log === false ? Layer.provide(Logger.layer([])) : <A, E, R>(l: Layer.Layer<A, E, R>) => l
  const built = await Effect.runPromiseExit(Layer.buildWithScope(quiet(serverLayer(options)), scope))
  if (Exit.isFailure(built)) {
    await Effect.runPromise(Scope.close(scope, built))
    return Promise.reject(startErrorOf(built.cause, targetOf(options)))
  }
  const emulator = Context.get(built.value, Emulator)
  let stopped: Promise<void> | undefined
  return {
    ...emulator,
    stop: () => {
      stopped ??= Effect.runPromise(Scope.close(scope, Exit.void))
      return stopped
    }
  }
}
