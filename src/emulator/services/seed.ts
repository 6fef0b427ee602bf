/** The seeded `internal` project, with WIRE.md's public local development keys. */
import * as Effect from "effect/Effect"
import { LOCAL_DEVELOPMENT_KEYS } from "../../domain/constants.js"
import type { DbError, DbShape } from "../store/db.js"
import { findProject } from "../store/projects.js"
import { createProject } from "./project-setup.js"

/**
 * Part of the PGlite template's key: bump it whenever the seed (or the defaults it relies on) changes,
 * so fresh databases stop being cloned from a template seeded the old way.
 */
export const SEED_VERSION = 1

/** The shared OAuth providers the internal project offers (served by the development provider). */
export const SEEDED_OAUTH_PROVIDERS = ["github", "google", "microsoft", "spotify"] as const

/**
 * Creates the internal project unless it exists (an existing one is left as its admins changed it).
 * `withSigningKey: false` is for the PGlite template (see `NewProject.withSigningKey`).
 */
export const seed = (db: DbShape, options: { readonly withSigningKey?: boolean } = {}): Effect.Effect<void, DbError> =>
  Effect.gen(function*() {
    const existing = yield* findProject(db, LOCAL_DEVELOPMENT_KEYS.projectId)
    if (existing !== undefined) return
    yield* db.transaction(
      createProject(db, {
        id: LOCAL_DEVELOPMENT_KEYS.projectId,
        withSigningKey: options.withSigningKey,
        displayName: "Stack Dashboard (local)",
        description: "The internal project of the stackfx local backend; its users own the other projects.",
        isProductionMode: false,
        config: {
          signUpEnabled: true,
          credentialEnabled: true,
          magicLinkEnabled: true,
          passkeyEnabled: true,
          allowLocalhost: true,
          clientTeamCreationEnabled: true,
          clientUserDeletionEnabled: false,
          createTeamOnSignUp: true,
          oauthProviders: SEEDED_OAUTH_PROVIDERS.map((id) => ({ id, enabled: true, type: "shared" as const }))
        },
        keys: {
          publishableClientKey: LOCAL_DEVELOPMENT_KEYS.publishableClientKey,
          secretServerKey: LOCAL_DEVELOPMENT_KEYS.secretServerKey,
          superSecretAdminKey: LOCAL_DEVELOPMENT_KEYS.superSecretAdminKey
        }
      })
    )
  })
