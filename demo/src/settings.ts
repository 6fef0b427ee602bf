/**
 * Where the demo finds its backend and project, from Vite's environment: each setting under its name since
 * the service's rename (`VITE_HEXCLAVE_*`) first, its old name (`VITE_STACK_*`) after, and without either the
 * local backend that `npm start` runs, as its seeded `demo` project (`defaults`), without a publishable client
 * key unless one is configured. Pure, so a test can call it
 * with any environment.
 */

/** The variables the demo reads (`import.meta.env`). */
export interface DemoEnvVars {
  readonly VITE_HEXCLAVE_API_URL?: string | undefined
  readonly VITE_HEXCLAVE_PROJECT_ID?: string | undefined
  readonly VITE_HEXCLAVE_PUBLISHABLE_CLIENT_KEY?: string | undefined
  readonly VITE_STACK_API_URL?: string | undefined
  readonly VITE_STACK_PROJECT_ID?: string | undefined
  readonly VITE_STACK_PUBLISHABLE_CLIENT_KEY?: string | undefined
}

/** The local backend of `npm start`. */
export const LOCAL_API_URL = "http://127.0.0.1:8102"

/** The seeded project the demo uses without configuration (`DEMO_PROJECT_CLIENT_KEYS` of stackfx: no secret key in the browser). */
export interface DemoDefaults {
  readonly projectId: string
}

export const demoSettings = (env: DemoEnvVars, defaults: DemoDefaults) => ({
  apiUrl: env.VITE_HEXCLAVE_API_URL ?? env.VITE_STACK_API_URL ?? LOCAL_API_URL,
  projectId: env.VITE_HEXCLAVE_PROJECT_ID ?? env.VITE_STACK_PROJECT_ID ?? defaults.projectId,
  // Keyless by default, as a project made on the service today: a key is sent only when one is configured
  // (a project with `project.requirePublishableClientKey` needs it).
  publishableClientKey: env.VITE_HEXCLAVE_PUBLISHABLE_CLIENT_KEY ?? env.VITE_STACK_PUBLISHABLE_CLIENT_KEY
})
