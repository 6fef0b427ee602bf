/**
 * The projects every local backend starts with:
 * - `internal`, as the hosted service's development seed makes it (its users own the other projects), with
 *   the public local development keys;
 * - `demo`, for the demo app and the examples, with every feature they show turned on and keys of its own.
 */
import { createHash } from "node:crypto"
import * as Effect from "effect/Effect"
import { DEMO_PROJECT_KEYS, LOCAL_DEVELOPMENT_KEYS } from "@stackfx/lib/domain/local-keys.js"
import { Db, type DbEffect } from "../../store/db.js"
import { findProject } from "../../store/projects/projects.js"
import { BUILTIN_TEAM_PERMISSIONS } from "../permissions/builtin-permissions.js"
import { createProject, DEFAULT_TEAM_PERMISSIONS, defaultProjectConfig, type NewProject } from "./project-setup.js"

/**
 * Bump when the seeding code changes in a way its data below does not show (the data is hashed into
 * `SEED_KEY` by itself), so fresh databases stop being cloned from a template seeded the old way.
 */
const SEED_CODE_VERSION = 3

/** The shared OAuth providers both seeded projects offer (served by the development provider). */
export const SEEDED_OAUTH_PROVIDERS = ["github", "google", "microsoft", "spotify"] as const

const sharedProviders = SEEDED_OAUTH_PROVIDERS.map((id) => ({ id, type: "shared" as const }))

/**
 * `internal` as the hosted development seed (`apps/backend/prisma/seed.ts` at 2f719903) makes it: password and
 * one-time-code sign-in, the shared GitHub, Google, Microsoft and Spotify providers, a personal team on sign-up
 * (a new dashboard user owns a team to create projects in), teams created by clients, no passkeys, localhost
 * allowed, and the seed's own `team_member` (description "1": read members) and `team_admin` (description "2":
 * read and remove members, update the team) definitions, granted to members and creators as on every project.
 */
export const INTERNAL_PROJECT: NewProject = {
  id: LOCAL_DEVELOPMENT_KEYS.projectId,
  displayName: "Stack Dashboard",
  description: "Stack's admin dashboard",
  isProductionMode: false,
  config: {
    signUpEnabled: true,
    credentialEnabled: true,
    magicLinkEnabled: true,
    passkeyEnabled: false,
    allowLocalhost: true,
    clientTeamCreationEnabled: true,
    clientUserDeletionEnabled: false,
    createTeamOnSignUp: true,
    oauthProviders: sharedProviders
  },
  teamPermissions: [
    { id: "team_member", description: "1", contains: ["$read_members"] },
    { id: "team_admin", description: "2", contains: ["$read_members", "$remove_members", "$update_team"] }
  ],
  keys: {
    publishableClientKey: LOCAL_DEVELOPMENT_KEYS.publishableClientKey,
    secretServerKey: LOCAL_DEVELOPMENT_KEYS.secretServerKey,
    superSecretAdminKey: LOCAL_DEVELOPMENT_KEYS.superSecretAdminKey
  }
}

/**
 * `demo`: what the demo app and the examples show, all on: sign-up with a password, magic link and one-time
 * code, passkeys, the development OAuth providers, a personal team on sign-up, teams created by clients, and
 * user and team API keys. Users deleting their own account stays off, as on any new project: the demo offers
 * it only once an admin turns it on.
 */
export const DEMO_PROJECT: NewProject = {
  id: DEMO_PROJECT_KEYS.projectId,
  displayName: "stackfx demo",
  description: "The demo app and examples of the stackfx local backend.",
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
    allowUserApiKeys: true,
    allowTeamApiKeys: true,
    oauthProviders: sharedProviders
  },
  keys: {
    publishableClientKey: DEMO_PROJECT_KEYS.publishableClientKey,
    secretServerKey: DEMO_PROJECT_KEYS.secretServerKey,
    superSecretAdminKey: DEMO_PROJECT_KEYS.superSecretAdminKey
  }
}

export const SEEDED_PROJECTS: ReadonlyArray<NewProject> = [INTERNAL_PROJECT, DEMO_PROJECT]

/**
 * A digest of everything a seeded database holds: the seeded projects, the defaults and permissions every
 * project starts with, and the seeding code's version.
 */
export const seedKeyOf = (projects: ReadonlyArray<NewProject>, codeVersion: number = SEED_CODE_VERSION): string =>
  createHash("sha256")
    .update(
      JSON.stringify({
        code: codeVersion,
        projects,
        defaults: defaultProjectConfig(),
        builtinPermissions: BUILTIN_TEAM_PERMISSIONS,
        defaultPermissions: DEFAULT_TEAM_PERMISSIONS
      })
    )
    .digest("hex")
    .slice(0, 16)

/** Part of the PGlite template's key: any change to the seed changes it, so a stale template is never reused. */
export const SEED_KEY: string = seedKeyOf(SEEDED_PROJECTS)

/**
 * Creates each seeded project unless it exists (an existing one is left as its admins changed it).
 * `withSigningKey: false` is for the PGlite template (see `NewProject.withSigningKey`).
 */
export const seed = (options: { readonly withSigningKey?: boolean } = {}): DbEffect<void> =>
  Effect.forEach(
    SEEDED_PROJECTS,
    (project) =>
      Effect.gen(function* () {
        if (project.id === undefined || (yield* findProject(project.id)) !== undefined) return
        yield* Db.transaction(createProject({ ...project, withSigningKey: options.withSigningKey }))
      }),
    { discard: true }
  )
