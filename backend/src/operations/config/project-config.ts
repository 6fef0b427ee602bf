/**
 * The project's configuration in the service's config-override model (`/internal/config`): the effective
 * config (here), the overrides admins write per level (override-parsing.ts, override-writes.ts) and the config
 * as `GET /internal/config` renders it (rendered-config.ts). The local backend knows the keys listed in `KEYS`
 * (config-keys.ts: a subset of the service's schema, sign-up and sign-in switches, sign-up rules, API-key
 * switches, the OAuth merge strategy, e-mail verification, team and user switches, default permissions); any
 * other key is refused with a plain 400, where the service would accept it.
 *
 * One source of truth: a key that the admin project's config also holds (`apiKeys.enabled.user` is
 * `allow_user_api_keys`, ...) is written through to the stored project, which stays the only place its
 * value is read from, so `PATCH /internal/projects/current` and an override change the same value. Keys
 * with no counterpart there (sign-up rules) are read from the stored overrides, later levels winning
 * (`project` < `branch` < `environment`). Other code asks `effectiveConfig` for either kind.
 */
import * as Effect from "effect/Effect"
import type { ExternalAuthProviderId } from "@stackfx/lib/domain/external-auth.js"
import type { IdRef } from "@stackfx/lib/domain/wire.js"
import { type ConfigLeaf, loadOverrides } from "../../store/projects/config-overrides.js"
import type { DbEffect } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { APP_IDS, INTEGRATION_SETTINGS, RULE_ID } from "./config-keys.js"
import { mergedOverrides } from "./override-parsing.js"

/** A sign-up rule with the service's defaults filled in. */
export interface SignUpRule {
  readonly id: string
  readonly enabled: boolean
  readonly displayName: string | undefined
  readonly priority: number
  readonly condition: string | undefined
  readonly action: { readonly type: "allow" | "reject" | "restrict" | "log"; readonly message: string | undefined }
}

/** The effective configuration the backend acts on (the keys it knows). */
export interface EffectiveConfig {
  readonly auth: {
    readonly allowSignUp: boolean
    readonly password: { readonly allowSignIn: boolean }
    readonly otp: { readonly allowSignIn: boolean }
    readonly passkey: { readonly allowSignIn: boolean }
    readonly oauth: { readonly accountMergeStrategy: "link_method" | "raise_error" | "allow_duplicates" }
    /** Sorted as the service evaluates them: higher priority first, then by id. */
    readonly signUpRules: ReadonlyArray<SignUpRule>
    readonly signUpRulesDefaultAction: "allow" | "reject"
  }
  readonly apiKeys: { readonly enabled: { readonly user: boolean; readonly team: boolean } }
  readonly onboarding: { readonly requireEmailVerification: boolean }
  readonly teams: { readonly createPersonalTeamOnSignUp: boolean; readonly allowClientTeamCreation: boolean }
  readonly users: { readonly allowClientUserDeletion: boolean }
  readonly domains: { readonly allowLocalhost: boolean }
  readonly rbac: {
    readonly defaultPermissions: {
      readonly signUp: ReadonlyArray<string>
      readonly teamCreator: ReadonlyArray<string>
      readonly teamMember: ReadonlyArray<string>
    }
  }
  readonly project: { readonly requirePublishableClientKey: boolean }
  /** Every app the service knows, installed or not. */
  readonly apps: { readonly installed: Readonly<Record<AppId, { readonly enabled: boolean }>> }
  /** The settings of each external-auth integration that were written (an unset one is absent). */
  readonly externalAuth: Readonly<Record<ExternalAuthProviderId, Readonly<Record<string, string>>>>
}

export type AppId = (typeof APP_IDS)[number]

const RULE_KEY = new RegExp(`^auth\\.signUpRules\\.(${RULE_ID})\\.(.+)$`)

const signUpRulesOf = (merged: Readonly<Record<string, ConfigLeaf>>): ReadonlyArray<SignUpRule> => {
  const fields = new Map<string, Map<string, ConfigLeaf>>()
  for (const [path, value] of Object.entries(merged)) {
    const match = RULE_KEY.exec(path)
    if (match === null || match[1] === undefined || match[2] === undefined || value === null) continue
    const rule = fields.get(match[1]) ?? new Map<string, ConfigLeaf>()
    rule.set(match[2], value)
    fields.set(match[1], rule)
  }
  const rules = [...fields].map(([id, f]): SignUpRule => {
    const text = (key: string) => {
      const value = f.get(key)
      return typeof value === "string" ? value : undefined
    }
    const priority = f.get("priority")
    const type = f.get("action.type")
    return {
      id,
      enabled: f.get("enabled") === true,
      displayName: text("displayName"),
      priority: typeof priority === "number" ? priority : 0,
      condition: text("condition"),
      action: {
        type: type === "reject" || type === "restrict" || type === "log" ? type : "allow",
        message: text("action.message")
      }
    }
  })
  // The service's rendered config orders rules by priority (highest first), then by id.
  return rules.sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

export const effectiveOf = (project: StoredProject, merged: Readonly<Record<string, ConfigLeaf>>): EffectiveConfig => {
  const c = project.config
  const ids = (list: ReadonlyArray<IdRef>) => [...new Set(list.map((p) => p.id))].sort()
  return {
    auth: {
      allowSignUp: c.signUpEnabled,
      password: { allowSignIn: c.credentialEnabled },
      otp: { allowSignIn: c.magicLinkEnabled },
      passkey: { allowSignIn: c.passkeyEnabled },
      oauth: { accountMergeStrategy: c.oauthAccountMergeStrategy },
      signUpRules: signUpRulesOf(merged),
      signUpRulesDefaultAction: merged["auth.signUpRulesDefaultAction"] === "reject" ? "reject" : "allow"
    },
    apiKeys: { enabled: { user: c.allowUserApiKeys, team: c.allowTeamApiKeys } },
    onboarding: { requireEmailVerification: project.requireEmailVerification },
    teams: { createPersonalTeamOnSignUp: c.createTeamOnSignUp, allowClientTeamCreation: c.clientTeamCreationEnabled },
    users: { allowClientUserDeletion: c.clientUserDeletionEnabled },
    domains: { allowLocalhost: c.allowLocalhost },
    rbac: {
      defaultPermissions: {
        signUp: ids(c.userDefaultPermissions),
        teamCreator: ids(c.teamCreatorDefaultPermissions),
        teamMember: ids(c.teamMemberDefaultPermissions)
      }
    },
    project: { requirePublishableClientKey: merged["project.requirePublishableClientKey"] === true },
    apps: {
      installed: Object.fromEntries(
        APP_IDS.map((id) => [id, { enabled: merged[`apps.installed.${id}.enabled`] === true }])
      ) as Record<AppId, { readonly enabled: boolean }>
    },
    externalAuth: integrationSettingsOf(merged)
  }
}

const integrationSettingsOf = (merged: Readonly<Record<string, ConfigLeaf>>) => {
  const of = (id: ExternalAuthProviderId) =>
    Object.fromEntries(
      INTEGRATION_SETTINGS[id].flatMap((setting) => {
        const value = merged[`${id}.${setting}`]
        return typeof value === "string" ? [[setting, value] as const] : []
      })
    )
  return {
    "clerk-integration": of("clerk-integration"),
    "better-auth-integration": of("better-auth-integration"),
    "workos-integration": of("workos-integration")
  }
}

/**
 * The project's effective configuration: what every part of the backend should act on (sign-up rules, API
 * keys allowed or not, ...). Takes the stored project the request already loaded.
 */
export const effectiveConfig = (project: StoredProject): DbEffect<EffectiveConfig> =>
  Effect.map(loadOverrides(project.id), (overrides) => effectiveOf(project, mergedOverrides(overrides)))
