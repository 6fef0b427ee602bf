/**
 * A global setup for Vitest (`globalSetup`) and Playwright (`globalSetup`): starts the run's one backend in
 * the runner's process and hands it to the workers (`SHARED_BACKEND_VARIABLE`: every worker's `StackTest`
 * and `startStackTest` then connect to it instead of starting a backend of their own), and opens one
 * project there whose URL and keys go to the variables the tiers' `…FromEnv` constructors read
 * (`STACK_API_URL`, `STACK_PROJECT_ID`, `STACK_PUBLISHABLE_CLIENT_KEY`, `STACK_SECRET_SERVER_KEY`,
 * `STACK_SUPER_SECRET_ADMIN_KEY`); workers and the app under test inherit them. A second setup of the same
 * run (another Vitest project) reuses the backend. The returned function (both runners call it at the end)
 * deletes the project and stops the backend it started.
 *
 * @example
 * // vitest.config.ts: test: { globalSetup: ["stackfx-backend/testing/global-setup"] }
 * // playwright.config.ts: globalSetup: "stackfx-backend/testing/global-setup"
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { controlClient } from "./control-client.js"
import { SHARED_BACKEND_VARIABLE, SharedBackend } from "./control-protocol.js"
import { projectRequest, type StackTestOptions } from "./project.js"
import { enableCompileCache } from "./compile-cache.js"
import type { TestBackend } from "./test-backend.js"

const decodeShared = Schema.decodeUnknownSync(Schema.fromJsonString(SharedBackend))

/**
 * The run's backend for the workers: the one an earlier setup of the run started, or a new one named in
 * `SHARED_BACKEND_VARIABLE`; `stop` stops only one started here.
 */
export const sharedTestBackend = async (): Promise<{
  readonly backend: SharedBackend
  readonly stop: () => Promise<void>
}> => {
  const given = process.env[SHARED_BACKEND_VARIABLE]
  if (given !== undefined && given !== "") return { backend: decodeShared(given), stop: () => Promise.resolve() }
  enableCompileCache()
  // Loaded after the cache is on, and only by the setup that starts the backend (not one reusing it).
  const { startTestBackend } = await import("./test-backend.js")
  const started: TestBackend = await startTestBackend()
  const backend = {
    url: started.url,
    secret: started.secret,
    project: started.project,
    demoProject: started.demoProject
  }
  process.env[SHARED_BACKEND_VARIABLE] = JSON.stringify(backend)
  return {
    backend,
    stop: () => {
      delete process.env[SHARED_BACKEND_VARIABLE]
      return started.stop()
    }
  }
}

/** Starts (or reuses) the run's backend, opens the project with `options` and sets the variables; answers the teardown. */
export const stackTestGlobalSetup = async (options: StackTestOptions = {}): Promise<() => Promise<void>> => {
  const { backend, stop } = await sharedTestBackend()
  const control = controlClient(backend)
  const project = await Effect.runPromise(
    Effect.flatMap(projectRequest(options), (request) => control.openProject(request, Date.now()))
  )
  const variables = {
    STACK_API_URL: backend.url,
    STACK_PROJECT_ID: project.projectId,
    STACK_PUBLISHABLE_CLIENT_KEY: project.publishableClientKey,
    STACK_SECRET_SERVER_KEY: project.secretServerKey,
    STACK_SUPER_SECRET_ADMIN_KEY: project.superSecretAdminKey
  }
  Object.assign(process.env, variables)
  return async () => {
    for (const name of Object.keys(variables)) delete process.env[name]
    // Another setup of the run may have stopped the backend already: the project then went with it.
    await Effect.runPromise(Effect.ignoreCause(control.deleteProject(project.projectId)))
    await stop()
  }
}

/** The default export both runners call: a project with the default options. */
export default (): Promise<() => Promise<void>> => stackTestGlobalSetup()
