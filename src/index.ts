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
 * The package has no side effects, so bundlers keep only what a program uses. The React adapter is `stackfx/react`; the local
 * backend is `stackfx/emulator` (Node only). Neither is part of this entry point.
 */

// Only `export *` lines: esbuild (and so any app bundled with it) counts every module an entry re-exports by name
// as loaded with the page once a program uses any one of those names, which put the domain schemas and the
// known-error catalogue (needed only by the lazily loaded src/services/live.ts) into the first load: importing
// `NetworkError` to match on it cost 9.3 KB gzip (`npm run bench -- --only bundles`, row "...+ NetworkError").
// A star re-export does not have that effect. Measured again on 2026-11-27 (issue 32, which asked for named
// re-exports): the same entry with every public name re-exported by name put the client tier's first load at
// 65.5 KB against 33.5 KB and React's at 75.1 against 43.5 KB; naming only the exports of layers/ or of
// services/users/ (the modules of `clientTier` and `CurrentUser`) is enough to pull effect's Schema and the
// domain schemas into the first load. The surface is reviewed instead through docs/api-report.md. What is not public API carries the JSDoc tag "internal" where it
// is declared: the published type declarations leave it out (`stripInternal`), and test/public-surface.test.ts
// lists the rest. Never write that tag, at-sign and all, in a comment above an export line here: `stripInternal`
// drops the line from the declarations (it dropped the admin tier once; scripts/check-declarations.ts checks).

// Tiers
export * from "./layers/admin.js"
export * from "./layers/client.js"
export * from "./layers/config.js"
export * from "./layers/core.js"
export * from "./layers/server.js"
export * from "./layers/tier.js"
export * from "./layers/unique-app.js"

// Services: the pipeline and session every tier is built on
export * from "./services/wire/client-config.js"
export * from "./services/wire/transport-request.js"
export * from "./services/http/transport.js"
export * from "./services/session/session.js"
export * from "./services/session/partial-user.js"
export * from "./services/session/token-store.js"
export * from "./services/session/token-store-cookie.js"
export * from "./services/wire/wire-codec.js"
export * from "./services/wire/wire-codec-load.js"
export * from "./services/wire/transport-httpclient.js"

// Services: endpoint groups
export * from "./services/projects/admin-auth.js"
export * from "./services/generated/index.js"
export * from "./services/projects/project-key-validity.js"
export * from "./services/auth/cli-confirm-url.js"
export * from "./services/session/auth-json.js"
export * from "./services/users/current-user.js"
export * from "./services/projects/email-template-not-found.js"
export * from "./services/projects/internal-project-keys.js"
export * from "./services/app-server/jwt-verify.js"
export * from "./services/passkeys/passkey-ceremony.js"
export * from "./services/navigation/redirects.js"
export * from "./services/app-server/request-auth.js"
export * from "./services/app-server/request-tokens.js"
export * from "./services/sessions/server-session-defaults.js"
export * from "./services/sessions/session-not-found.js"

// Domain types and rules
export * from "./domain/index.js"

// Errors: the known-error catalogue and the client's own errors
export * from "./errors/index.js"
