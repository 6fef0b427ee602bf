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
 * The package has no side effects, so bundlers keep only what a program uses. The React adapter is `stackfx/react`; an app
 * server's webhook verifier is `stackfx/server`; the local backend is `stackfx-backend` (Node only). None of them is part
 * of this entry point.
 */

// Every public name is listed by name in the category modules of src/exports/, one module per `@category` (each
// statement there carries its tag), so a change to the surface is a change to one of them, and docs/api-report.md
// (generated, compared in `npm test`, grouped by category) shows it in review. What a module exports only for the
// package's own modules is documented as internal where it is declared and is not listed: it does not ship from
// this entry. Naming the exports costs an app built with Vite nothing; esbuild with code splitting loads more (see
// docs/benchmarks.md, "Which bundler"). This entry re-exports the category modules and nothing else
// (test/public-surface.test.ts).

export * from "./exports/tiers.js"
export * from "./exports/services.js"
export * from "./exports/session.js"
export * from "./exports/transport.js"
export * from "./exports/app-server.js"
export * from "./exports/navigation.js"
export * from "./exports/domain.js"
export * from "./exports/errors.js"
