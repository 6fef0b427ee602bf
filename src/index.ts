/**
 * stackfx: an Effect-native client for Stack Auth's REST API.
 *
 * Start from a tier Layer and use its services:
 *
 * @example
 * import { clientTier, CurrentUser } from "stackfx"
 * const user = await Effect.runPromise(
 *   Effect.flatMap(CurrentUser, (me) => me.get).pipe(Effect.provide(clientTier({ projectId, publishableClientKey })))
 * )
 *
 * Every module is also importable on its own (`stackfx/services/server-users`), and the package has no side
 * effects, so bundlers keep only what a program uses. The React adapter is `stackfx/react`; the local
 * backend is `stackfx/emulator` (Node only). Neither is part of this entry point.
 */

// Tiers
export * from "./layers/admin.js"
export * from "./layers/client.js"
export * from "./layers/config.js"
export * from "./layers/core.js"
export * from "./layers/server.js"
export { type TierBaseServices, type TierError, tierOptionsFromEnv } from "./layers/tier.js"
export { isUniqueIdentifierInUse } from "./layers/unique-app.js"

// Services: the pipeline and session every tier is built on
export * from "./services/client-config.js"
export * from "./services/endpoint.js"
export * from "./services/session.js"
export * from "./services/token-store.js"
export * from "./services/token-store-cookie.js"
export * from "./services/transport.js"
export { Fetch, type FetchFn, layerFetch, NonceSource } from "./services/transport-fetch.js"
export * from "./services/transport-httpclient.js"

// Services: endpoint groups
export * from "./services/admin-auth.js"
export * from "./services/api-keys.js"
export * from "./services/auth.js"
export * from "./services/auth-json.js"
export * from "./services/connected-accounts.js"
export * from "./services/contact-channels.js"
export * from "./services/current-user.js"
export * from "./services/email-templates.js"
export * from "./services/feature-support.js"
export * from "./services/internal-projects.js"
export * from "./services/jwt-verify.js"
export * from "./services/metrics.js"
export * from "./services/oauth.js"
export * from "./services/passkey.js"
export { type WebAuthnBrowser, browserWebAuthn, WebAuthn } from "./services/passkey-ceremony.js"
export * from "./services/permission-definitions.js"
export * from "./services/projects.js"
export * from "./services/redirects.js"
export * from "./services/request-auth.js"
export {
  decodeAuthHeader,
  decodeAuthJson,
  type HeaderRecord,
  readRequestTokens,
  type RequestTokens,
  tokensFromCookieHeader,
  type WebHeaders
} from "./services/request-tokens.js"
export * from "./services/server-sessions.js"
export * from "./services/server-users.js"
export * from "./services/team-invitations.js"
export * from "./services/team-members.js"
export * from "./services/team-permissions.js"
export * from "./services/teams.js"
export * from "./services/test-email.js"
export * from "./services/webhooks.js"

// Domain types and rules
export * from "./domain/index.js"
export * from "./domain/admin-actions.js"
export * from "./domain/metrics.js"
export * from "./domain/session.js"

// Errors: the known-error catalogue and the client's own errors
export * from "./errors/index.js"
