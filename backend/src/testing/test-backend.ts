/**
 * The backend of a test run, in test mode: memory database, a free port, passwords hashed at test cost,
 * and the kit's control (control-server.ts) behind a secret drawn at random for it. A global setup starts
 * one for the whole run and hands it to the workers (`SHARED_BACKEND_VARIABLE`); a worker without one starts
 * its own. Its server does not keep the process alive.
 */
import { randomBytes } from "node:crypto"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Scope from "effect/Scope"
import { LocalBackend } from "../options.js"
import { layer } from "../server.js"
import { makeProjectTimes } from "../webhooks/project-times.js"
import type { SharedBackend } from "./control-protocol.js"
import { testControl } from "./control-server.js"

/** A running test backend: what a worker needs to connect, and how to stop it. */
export interface TestBackend extends SharedBackend {
  readonly stop: () => Promise<void>
}

/** Starts a backend in test mode; `log: true` prints its warnings and errors (off by default). */
export const startTestBackend = async (options: { readonly log?: boolean } = {}): Promise<TestBackend> => {
  const secret = randomBytes(32).toString("base64url")
  const scope = Effect.runSync(Scope.make())
  // The tests' projects' times, as the control wrapper hears them; the webhook dispatcher times deliveries by them.
  const projectTimes = makeProjectTimes()
  const server = layer(
    { port: 0, db: "memory", fastPasswordHashing: true, allowSharedOAuthAccessTokens: true },
    { around: testControl(secret, projectTimes), unref: true, projectTimes }
  )
  const built = await Effect.runPromise(
    Layer.buildWithScope(options.log === true ? server : server.pipe(Layer.provide(Logger.layer([]))), scope)
  ).catch(async (error: unknown) => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    return Promise.reject(error)
  })
  const localBackend = Context.get(built, LocalBackend)
  let stopped: Promise<void> | undefined
  return {
    url: localBackend.url,
    secret,
    project: localBackend.project,
    demoProject: localBackend.demoProject,
    stop: () => (stopped ??= Effect.runPromise(Scope.close(scope, Exit.void)))
  }
}
