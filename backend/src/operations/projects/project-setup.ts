/**
 * Creating projects: the defaults a new project starts with (mirroring the hosted service: a `team_admin`
 * and a `team_member` permission over the built-in `$` permissions), its signing keys (current and next) and, for seeded
 * projects, a first key set (projects created through the API start without keys, like hosted ones).
 */
import type { OnboardingState } from "@stackfx/lib/domain/project-onboarding.js"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import {
  type AdminProjectConfig,
  type AdminProjectConfigUpdate,
  DEFAULT_EMAIL_THEME_ID,
  type OAuthProviderConfig,
  type OAuthProviderWrite
} from "@stackfx/lib/domain/project.js"
import { completeGenerations } from "../../crypto/signing-key-generations.js"
import { randomId, randomSecret } from "../../crypto/secrets.js"
import { type ApiKeyValues, insertApiKeySet } from "../../store/users/api-keys.js"
import { Db, type DbEffect } from "../../store/db.js"
import { insertProject, type StoredProject } from "../../store/projects/projects.js"
import { BUILTIN_TEAM_PERMISSIONS } from "../permissions/builtin-permissions.js"

/**
 * The two permissions the hosted service gives every new project, with its ids and descriptions: its
 * config defaults grant `team_admin` to a team's creator and `team_member` to a member who joins.
 */
export interface TeamPermissionSeed {
  readonly id: string
  readonly description: string
  readonly contains: ReadonlyArray<string>
}

export const DEFAULT_TEAM_PERMISSIONS: ReadonlyArray<TeamPermissionSeed> = [
  {
    id: "team_admin",
    description: "Default permission for team admins",
    contains: [
      "$update_team",
      "$delete_team",
      "$read_members",
      "$remove_members",
      "$invite_members",
      "$manage_api_keys"
    ]
  },
  {
    id: "team_member",
    description: "Default permission for team members",
    contains: ["$read_members", "$invite_members"]
  }
]

/**
 * The config of a new project before the caller's overrides: the hosted service's create-time defaults
 * (localhost allowed, password sign-in on, the default light email theme, accounts linked by e-mail).
 */
export const defaultProjectConfig = (): AdminProjectConfig => ({
  signUpEnabled: true,
  credentialEnabled: true,
  magicLinkEnabled: false,
  passkeyEnabled: false,
  clientTeamCreationEnabled: false,
  clientUserDeletionEnabled: false,
  allowUserApiKeys: false,
  allowTeamApiKeys: false,
  enabledOauthProviders: [],
  allowLocalhost: true,
  oauthProviders: [],
  emailConfig: { type: "shared" },
  emailTheme: DEFAULT_EMAIL_THEME_ID,
  domains: [],
  createTeamOnSignUp: false,
  teamCreatorDefaultPermissions: [{ id: "team_admin" }],
  teamMemberDefaultPermissions: [{ id: "team_member" }],
  userDefaultPermissions: [],
  oauthAccountMergeStrategy: "link_method"
})

/**
 * The stored entries of a written provider list. The service keys a project's providers by id, so the list
 * replaces the whole map and a repeated id keeps its last entry; the key reads back as `providerConfigId`.
 */
const storedProviders = (written: ReadonlyArray<OAuthProviderWrite>): ReadonlyArray<OAuthProviderConfig> => {
  const byId = new Map<string, OAuthProviderConfig>()
  for (const provider of written) byId.set(provider.id, { ...provider, providerConfigId: provider.id })
  return [...byId.values()]
}

/**
 * Applies a config update: a list given replaces the stored one, and every provider listed is one users may
 * sign in with (the service has no disabled providers), so `enabledOauthProviders` follows the list.
 * `requireEmailVerification` is not part of the read config; the caller stores it apart.
 */
export const applyConfigUpdate = (
  config: AdminProjectConfig,
  update: AdminProjectConfigUpdate | undefined
): AdminProjectConfig => {
  const { oauthProviders, requireEmailVerification: _writeOnly, ...rest } = update ?? {}
  const providers = oauthProviders === undefined ? config.oauthProviders : storedProviders(oauthProviders)
  return { ...config, ...rest, oauthProviders: providers, enabledOauthProviders: providers.map((p) => ({ id: p.id })) }
}

export interface NewProject {
  readonly id?: string | undefined
  readonly displayName: string
  readonly description: string | null
  readonly isProductionMode: boolean
  readonly isDevelopmentEnvironment?: boolean | undefined
  readonly config?: AdminProjectConfigUpdate | undefined
  /** The team of `internal` that owns the project; none for the seeded projects. */
  readonly ownerTeamId?: string | undefined
  readonly logoUrl?: string | null | undefined
  readonly logoFullUrl?: string | null | undefined
  readonly logoDarkModeUrl?: string | null | undefined
  readonly logoFullDarkModeUrl?: string | null | undefined
  readonly onboardingStatus?: string | undefined
  readonly onboardingState?: OnboardingState | null | undefined
  /** The project's own `team_admin` / `team_member` definitions; `DEFAULT_TEAM_PERMISSIONS` when absent. */
  readonly teamPermissions?: ReadonlyArray<TeamPermissionSeed> | undefined
  /** Keys of the first key set; fresh random keys when absent; `null` for no key set. */
  readonly keys?: ApiKeyValues | null | undefined
  /**
   * False leaves the signing key to be made on first use (`SigningKeys.signer`): the seed in the shared
   * PGlite template must not carry a private key every database cloned from it would share.
   */
  readonly withSigningKey?: boolean | undefined
}

/** Random full key values for a new key set. */
export const freshKeys: Effect.Effect<Required<{ [K in keyof ApiKeyValues]: string }>> = Effect.all({
  publishableClientKey: Effect.map(randomSecret(24), (s) => `pck_${s}`),
  secretServerKey: Effect.map(randomSecret(24), (s) => `ssk_${s}`),
  superSecretAdminKey: Effect.map(randomSecret(24), (s) => `sak_${s}`)
})

/** Inserts a project with its defaults, first key set and signing keys; run it inside a transaction. */
export const createProject = (
  input: NewProject
): DbEffect<{ readonly project: StoredProject; readonly keys: ApiKeyValues | null }> =>
  Effect.gen(function* () {
    const id = input.id ?? (yield* randomId)
    const now = new Date(yield* Clock.currentTimeMillis)
    const project: StoredProject = {
      id,
      displayName: input.displayName,
      description: input.description,
      createdAt: now,
      isProductionMode: input.isProductionMode,
      isDevelopmentEnvironment: input.isDevelopmentEnvironment ?? false,
      logoUrl: input.logoUrl ?? null,
      logoFullUrl: input.logoFullUrl ?? null,
      logoDarkModeUrl: input.logoDarkModeUrl ?? null,
      logoFullDarkModeUrl: input.logoFullDarkModeUrl ?? null,
      // The service's column default: a project made through the API is past the dashboard's onboarding.
      onboardingStatus: input.onboardingStatus ?? "completed",
      onboardingState: input.onboardingState ?? null,
      requireEmailVerification: input.config?.requireEmailVerification ?? false,
      ownerTeamId: input.ownerTeamId ?? null,
      config: applyConfigUpdate(defaultProjectConfig(), input.config)
    }
    yield* insertProject(project)
    const keys = input.keys === null ? null : (input.keys ?? (yield* freshKeys))
    if (keys !== null) {
      yield* insertApiKeySet({
        id: yield* randomId,
        projectId: id,
        description: "Default key set",
        createdAt: now,
        expiresAt: null,
        keys
      })
    }
    if (input.withSigningKey !== false) yield* completeGenerations(id, "normal", [])
    for (const permission of BUILTIN_TEAM_PERMISSIONS) {
      yield* Db.query(
        "insert into permission_definitions (project_id, id, scope, description, is_builtin) values ($1, $2, 'team', $3, true)",
        [id, permission.id, permission.description]
      )
    }
    for (const permission of input.teamPermissions ?? DEFAULT_TEAM_PERMISSIONS) {
      yield* Db.query(
        "insert into permission_definitions (project_id, id, scope, description, contained_permission_ids) values ($1, $2, 'team', $3, $4)",
        [id, permission.id, permission.description, JSON.stringify(permission.contains)]
      )
    }
    return { project, keys }
  })
