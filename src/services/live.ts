/**
 * Everything stackfx loads on first use, behind one dynamic import: every endpoint service implementation
 * (see lazy-service.ts), the known-error catalogue and the network diagnostics (see transport-send.ts). One chunk rather than one
 * per service: an app's bundler (esbuild, Rollup) puts each module in the chunk of the set of entry points
 * that reach it, so a dozen separately loaded parts, each reaching a different piece of the transport,
 * session, domain and effect code, cut the initial load into a dozen small chunks, each gzipped on its own
 * and each naming what it shares with the others (bench: 13 initial chunks and 3.6 KB more for the client
 * program than the 3 of today). The first call of any lazy service, or the first known error, loads it all.
 */
export { decodeKnownErrorWithCode } from "../errors/decode.js"
export { runDiagnostics } from "./http/diagnostics.js"
export * from "./api-keys/project-api-keys-live.js"
export * from "./oauth/cross-domain-auth-live.js"
export * from "./oauth/oauth-live.js"
export * from "./passkeys/passkey-live.js"
export * from "./projects/api-keys-live.js"
export * from "./projects/email-templates-live.js"
export * from "./projects/feature-support-live.js"
export * from "./projects/internal-projects-live.js"
export * from "./projects/metrics-live.js"
export * from "./projects/permission-definitions-live.js"
export * from "./projects/project-config-live.js"
export * from "./projects/project-permissions-live.js"
export * from "./projects/projects-live.js"
export * from "./projects/test-email-live.js"
export * from "./projects/sign-in-invitations-live.js"
export * from "./projects/webhooks-live.js"
export * from "./teams/team-invitations-live.js"
export * from "./teams/team-members-live.js"
export * from "./teams/team-permissions-live.js"
export * from "./teams/teams-live.js"
export * from "./users/active-sessions-live.js"
export * from "./users/auth-live.js"
export * from "./users/cli-login-live.js"
export * from "./users/connected-accounts-live.js"
export * from "./users/contact-channels-live.js"
export * from "./users/notification-preferences-live.js"
export * from "./users/oauth-providers-live.js"
export * from "./users/server-sessions-live.js"
export * from "./users/server-users-live.js"
