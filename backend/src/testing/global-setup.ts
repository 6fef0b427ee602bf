/**
 * A global setup for Vitest (`globalSetup`) and Playwright (`globalSetup`): opens one project on a local
 * backend in the runner's process and hands its URL and keys to the tests through the variables the tiers'
 * `…FromEnv` constructors read (`STACK_API_URL`, `STACK_PROJECT_ID`, `STACK_PUBLISHABLE_CLIENT_KEY`,
 * `STACK_SECRET_SERVER_KEY`, `STACK_SUPER_SECRET_ADMIN_KEY`); workers and the app under test inherit them.
 * The returned function (both runners call it at the end) deletes the project and stops the backend.
 *
 * @example
 * // vitest.config.ts: test: { globalSetup: ["stackfx-backend/testing/global-setup"] }
 * // playwright.config.ts: globalSetup: "stackfx-backend/testing/global-setup"
 */
import type { StackTestOptions } from "./project.js"
import { startStackTest } from "./promise.js"
import { stopWorkerBackend } from "./worker-backend.js"

/** Opens the project with `options` and sets the variables; answers the teardown. */
export const stackTestGlobalSetup = async (options: StackTestOptions = {}): Promise<() => Promise<void>> => {
  const test = await startStackTest(options)
  const variables = {
    STACK_API_URL: test.baseUrl,
    STACK_PROJECT_ID: test.projectId,
    STACK_PUBLISHABLE_CLIENT_KEY: test.publishableClientKey,
    STACK_SECRET_SERVER_KEY: test.secretServerKey,
    STACK_SUPER_SECRET_ADMIN_KEY: test.superSecretAdminKey
  }
  Object.assign(process.env, variables)
  return async () => {
    for (const name of Object.keys(variables)) delete process.env[name]
    await test.stop()
    await stopWorkerBackend()
  }
}

/** The default export both runners call: a project with the default options. */
export default (): Promise<() => Promise<void>> => stackTestGlobalSetup()
