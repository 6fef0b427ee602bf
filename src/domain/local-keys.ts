/** The public keys of the projects a local backend seeds; the backend, the demo and the examples use them. */

/** Keys of the seeded `internal` project of a local backend: public, for local use only. */
export const LOCAL_DEVELOPMENT_KEYS = {
  projectId: "internal",
  publishableClientKey: "this-publishable-client-key-is-for-local-development-only",
  secretServerKey: "this-secret-server-key-is-for-local-development-only",
  superSecretAdminKey: "this-super-secret-admin-key-is-for-local-development-only"
} as const
/**
 * The `demo` project's id and publishable key: what a browser's fallback may name. A page that imports
 * `DEMO_PROJECT_KEYS` instead ships its secret server and admin keys too (a bundler keeps the whole object).
 */
export const DEMO_PROJECT_CLIENT_KEYS = {
  projectId: "demo",
  publishableClientKey: "this-publishable-client-key-is-for-the-local-demo-only"
} as const
/**
 * Keys of the `demo` project a local backend also seeds, with every feature the demo app and the examples
 * show turned on: public, for local use only. `internal` stays as the hosted service seeds it.
 */
export const DEMO_PROJECT_KEYS = {
  ...DEMO_PROJECT_CLIENT_KEYS,
  secretServerKey: "this-secret-server-key-is-for-the-local-demo-only",
  superSecretAdminKey: "this-super-secret-admin-key-is-for-the-local-demo-only"
} as const
