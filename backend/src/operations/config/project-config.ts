/**
 * The project's configuration in the service's config-override model (`/internal/config`): the effective
 * config, and the overrides admins write per level. The local backend knows the keys listed in `KEYS`
 * (a subset of the service's schema: sign-up and sign-in switches, sign-up rules, API-key switches, the
 * OAuth merge strategy, e-mail verification, team and user switches, default permissions); any other key
 * is refused with a plain 400, where the service would accept it.
 *
 * One source of truth: a key that the admin project's config also holds (`apiKeys.enabled.user` is
 * `allow_user_api_keys`, ...) is written through to the stored project, which stays the only place its
 * value is read from, so `PATCH /internal/projects/current` and an override change the same value. Keys
 * with no counterpart there (sign-up rules) are read from the stored overrides, later levels winning
 * (`project` < `branch` < `environment`). Other code asks `effectiveConfig` for either kind.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { EXTERNAL_AUTH_PROVIDER_IDS, type ExternalAuthProviderId } from "@stackfx/lib/domain/external-auth.js"
import { BranchConfigSource } from "@stackfx/lib/domain/project-config.js"
import type { IdRef } from "@stackfx/lib/domain/wire.js"
import { Refused } from "../../errors/refused.js"
import {
  CONFIG_LEVELS,
  type ConfigLeaf,
  type ConfigLevel,
  type FlatOverride,
  loadBranchSource,
  loadOverrides,
  saveBranchSource,
  saveOverride
} from "../../store/projects/config-overrides.js"
import { Db, type DbEffect } from "../../store/db.js"
import { lockProject, saveProject, type StoredProject } from "../../store/projects/projects.js"
import {
  deriveTouched,
  materializeTouched,
  RECORD_CONTAINERS,
  RECORD_KEYS,
  replaceRecordsOnUpdate,
  type Touched,
  trustedDomainsById,
  under
} from "./config-records.js"
import { loadDefinitions } from "../permissions/permission-definitions.js"

// ---------------------------------------------------------------------------------------------------------
// Keys

type Check = (value: ConfigLeaf) => boolean
const isBoolean: Check = (v) => typeof v === "boolean"
const isString: Check = (v) => typeof v === "string"
const oneOf =
  (...values: ReadonlyArray<string>): Check =>
  (v) =>
    typeof v === "string" && values.includes(v)
const isPriority: Check = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0
const isTrue: Check = (v) => v === true

/** A switch of the stored project (its admin config, or a column) that a config key reads and writes. */
interface Mapped {
  readonly get: (project: StoredProject) => ConfigLeaf
  readonly set: (project: StoredProject, value: ConfigLeaf) => StoredProject
}

const configSwitch = (
  field:
    | "signUpEnabled"
    | "credentialEnabled"
    | "magicLinkEnabled"
    | "passkeyEnabled"
    | "allowUserApiKeys"
    | "allowTeamApiKeys"
    | "createTeamOnSignUp"
    | "clientTeamCreationEnabled"
    | "clientUserDeletionEnabled"
    | "allowLocalhost",
  fallback: boolean
): Mapped => ({
  get: (project) => project.config[field],
  set: (project, value) => ({
    ...project,
    config: { ...project.config, [field]: typeof value === "boolean" ? value : fallback }
  })
})

interface KeySpec {
  readonly pattern: RegExp
  readonly check: Check
  readonly levels: ReadonlyArray<ConfigLevel>
  readonly mapped?: Mapped
}

const BRANCH: ReadonlyArray<ConfigLevel> = ["branch", "environment"]
const ENVIRONMENT: ReadonlyArray<ConfigLevel> = ["environment"]
const PROJECT: ReadonlyArray<ConfigLevel> = ["project"]

/** The service's id rules: sign-up rule ids (`userSpecifiedIdSchema`) and permission ids. */
const RULE_ID = "[a-zA-Z0-9_][a-zA-Z0-9_-]*"
const PERMISSION_ID = "\\$?[a-z0-9_:]+"

/** `rbac.defaultPermissions.<kind>.<id>: true`: the config's record of the admin config's list `[{ id }]`. */
const defaultPermissionsKey = (kind: "signUp" | "teamCreator" | "teamMember"): KeySpec => ({
  pattern: new RegExp(`^rbac\\.defaultPermissions\\.${kind}\\.(${PERMISSION_ID})$`),
  check: isTrue,
  levels: BRANCH
})

const BASE_KEYS: ReadonlyArray<KeySpec> = [
  { pattern: /^auth\.allowSignUp$/, check: isBoolean, levels: BRANCH, mapped: configSwitch("signUpEnabled", true) },
  {
    pattern: /^auth\.password\.allowSignIn$/,
    check: isBoolean,
    levels: BRANCH,
    mapped: configSwitch("credentialEnabled", false)
  },
  {
    pattern: /^auth\.otp\.allowSignIn$/,
    check: isBoolean,
    levels: BRANCH,
    mapped: configSwitch("magicLinkEnabled", false)
  },
  {
    pattern: /^auth\.passkey\.allowSignIn$/,
    check: isBoolean,
    levels: BRANCH,
    mapped: configSwitch("passkeyEnabled", false)
  },
  {
    pattern: /^auth\.oauth\.accountMergeStrategy$/,
    check: oneOf("link_method", "raise_error", "allow_duplicates"),
    levels: BRANCH,
    mapped: {
      get: (project) => project.config.oauthAccountMergeStrategy,
      set: (project, value) => ({
        ...project,
        config: {
          ...project.config,
          oauthAccountMergeStrategy: value === "raise_error" || value === "allow_duplicates" ? value : "link_method"
        }
      })
    }
  },
  { pattern: new RegExp(`^auth\\.signUpRules\\.${RULE_ID}\\.enabled$`), check: isBoolean, levels: BRANCH },
  { pattern: new RegExp(`^auth\\.signUpRules\\.${RULE_ID}\\.displayName$`), check: isString, levels: BRANCH },
  { pattern: new RegExp(`^auth\\.signUpRules\\.${RULE_ID}\\.priority$`), check: isPriority, levels: BRANCH },
  { pattern: new RegExp(`^auth\\.signUpRules\\.${RULE_ID}\\.condition$`), check: isString, levels: BRANCH },
  {
    pattern: new RegExp(`^auth\\.signUpRules\\.${RULE_ID}\\.action\\.type$`),
    check: oneOf("allow", "reject", "restrict", "log"),
    levels: BRANCH
  },
  { pattern: new RegExp(`^auth\\.signUpRules\\.${RULE_ID}\\.action\\.message$`), check: isString, levels: BRANCH },
  { pattern: /^auth\.signUpRulesDefaultAction$/, check: oneOf("allow", "reject"), levels: BRANCH },
  {
    pattern: /^apiKeys\.enabled\.user$/,
    check: isBoolean,
    levels: BRANCH,
    mapped: configSwitch("allowUserApiKeys", false)
  },
  {
    pattern: /^apiKeys\.enabled\.team$/,
    check: isBoolean,
    levels: BRANCH,
    mapped: configSwitch("allowTeamApiKeys", false)
  },
  {
    pattern: /^onboarding\.requireEmailVerification$/,
    check: isBoolean,
    levels: BRANCH,
    mapped: {
      get: (project) => project.requireEmailVerification,
      set: (project, value) => ({ ...project, requireEmailVerification: value === true })
    }
  },
  {
    pattern: /^teams\.createPersonalTeamOnSignUp$/,
    check: isBoolean,
    levels: BRANCH,
    mapped: configSwitch("createTeamOnSignUp", false)
  },
  {
    pattern: /^teams\.allowClientTeamCreation$/,
    check: isBoolean,
    levels: BRANCH,
    mapped: configSwitch("clientTeamCreationEnabled", false)
  },
  {
    pattern: /^users\.allowClientUserDeletion$/,
    check: isBoolean,
    levels: BRANCH,
    mapped: configSwitch("clientUserDeletionEnabled", false)
  },
  {
    pattern: /^domains\.allowLocalhost$/,
    check: isBoolean,
    levels: ENVIRONMENT,
    mapped: configSwitch("allowLocalhost", false)
  },
  defaultPermissionsKey("signUp"),
  defaultPermissionsKey("teamCreator"),
  defaultPermissionsKey("teamMember"),
  { pattern: /^project\.requirePublishableClientKey$/, check: isBoolean, levels: PROJECT }
]

/**
 * The apps a project can install (`apps.installed.<id>.enabled`): the service's app list at 2f719903
 * (`packages/stack-shared/src/apps/apps-config.ts`), and agent sign-in and the external-auth integrations it
 * added in May 2026. The local backend acts on those (`/agent/...`, `POST /auth/external/token`); the other
 * switches are kept and read back, as the service keeps them.
 */
export const APP_IDS = [
  "authentication",
  "fraud-protection",
  "onboarding",
  "teams",
  "rbac",
  "api-keys",
  "payments",
  "emails",
  "email-api",
  "data-vault",
  "webhooks",
  "tv-mode",
  "launch-checklist",
  "catalyst",
  "neon",
  "convex",
  "vercel",
  "analytics",
  // Agent sign-in (`/agent/...`, May 2026): its routes refuse with AGENT_AUTH_NOT_ENABLED until it is installed.
  "agent-auth",
  ...EXTERNAL_AUTH_PROVIDER_IDS
] as const

const APP_ID = APP_IDS.map((id) => id.replace(/-/g, "\\-")).join("|")

/** The settings of each external-auth integration (hexclave/hexclave's `lib/external-auth.tsx`). */
const INTEGRATION_SETTINGS = {
  "clerk-integration": ["issuer", "authorizedParties"],
  "better-auth-integration": ["issuer", "audience", "jwksUrl"],
  "workos-integration": ["clientId", "issuer"]
} as const satisfies Record<ExternalAuthProviderId, ReadonlyArray<string>>

const integrationKeys: ReadonlyArray<KeySpec> = Object.entries(INTEGRATION_SETTINGS).flatMap(([id, settings]) =>
  settings.map((setting) => ({
    pattern: new RegExp(`^${id.replace(/-/g, "\\-")}\\.${setting}$`),
    check: isString,
    levels: BRANCH
  }))
)

const KEYS: ReadonlyArray<KeySpec> = [
  ...BASE_KEYS,
  ...RECORD_KEYS,
  { pattern: new RegExp(`^apps\\.installed\\.(${APP_ID})\\.enabled$`), check: isBoolean, levels: BRANCH },
  ...integrationKeys
]

const DEFAULT_PERMISSION_KEY = /^rbac\.defaultPermissions\.(signUp|teamCreator|teamMember)\.(.+)$/

/** Adds or removes one id of a default-permission list of the stored project. */
const setDefaultPermission = (project: StoredProject, path: string, value: ConfigLeaf): StoredProject => {
  const match = DEFAULT_PERMISSION_KEY.exec(path)
  if (match === null) return project
  const field =
    match[1] === "signUp"
      ? "userDefaultPermissions"
      : match[1] === "teamCreator"
        ? "teamCreatorDefaultPermissions"
        : "teamMemberDefaultPermissions"
  const id = match[2] ?? ""
  const without: ReadonlyArray<IdRef> = project.config[field].filter((p) => p.id !== id)
  return { ...project, config: { ...project.config, [field]: value === true ? [...without, { id }] : without } }
}

const specOf = (path: string) => KEYS.find((spec) => spec.pattern.test(path))

// ---------------------------------------------------------------------------------------------------------
// Parsing an override

const badRequest = (message: string) => new Refused({ reason: "invalid", message })

/** One top-level key of an override and the leaves it writes (`{}` writes none: it clears the key). */
interface Written {
  readonly key: string
  readonly leaves: ReadonlyArray<readonly [string, ConfigLeaf]>
}

/**
 * The deepest an override may nest (the body object is level 1). The deepest key the local backend knows,
 * `auth.signUpRules.<id>.action.type`, is 5; this leaves room for the service's deeper keys while keeping
 * `flatten`'s recursion, and the paths it builds, small.
 */
export const MAX_OVERRIDE_DEPTH = 64

/** Whether a parsed override nests deeper than `MAX_OVERRIDE_DEPTH`; walks it without recursion. */
const nestsTooDeeply = (value: unknown): boolean => {
  const pending: Array<readonly [unknown, number]> = [[value, 1]]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next
    if (typeof current !== "object" || current === null) continue
    if (depth > MAX_OVERRIDE_DEPTH) return true
    for (const child of Object.values(current)) pending.push([child, depth + 1])
  }
  return false
}

const flatten = (prefix: string, value: unknown, out: Array<readonly [string, ConfigLeaf]>): string | undefined => {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    out.push([prefix, value])
    return undefined
  }
  if (typeof value !== "object" || Array.isArray(value))
    return `${prefix} must be an object, a string, a number, a boolean or null`
  for (const [key, inner] of Object.entries(value)) {
    const problem = flatten(`${prefix}.${key}`, inner, out)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** The objects above the known keys: `null` at one of them resets everything under it. */
const CONTAINERS: ReadonlyArray<RegExp> = [
  /^(auth|apiKeys|onboarding|teams|users|domains|rbac|project|apps)$/,
  new RegExp(`^apps\\.installed(\\.(${APP_ID}))?$`),
  new RegExp(`^(${EXTERNAL_AUTH_PROVIDER_IDS.join("|")})$`),
  /^auth\.(password|otp|passkey|oauth|signUpRules)$/,
  new RegExp(`^auth\\.signUpRules\\.${RULE_ID}(\\.action)?$`),
  /^apiKeys\.enabled$/,
  /^rbac\.defaultPermissions(\.(signUp|teamCreator|teamMember))?$/,
  ...RECORD_CONTAINERS
]

/** Parses and checks an override written at `level`; the message of a plain 400 when it is refused. */
const parseOverride = (text: string, level: ConfigLevel): Effect.Effect<ReadonlyArray<Written>, Refused> =>
  Effect.gen(function* () {
    const parsed = yield* Effect.try({
      try: (): unknown => JSON.parse(text),
      catch: () => badRequest("Invalid config JSON")
    })
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return yield* Effect.fail(badRequest("The config override must be a JSON object"))
    }
    if (nestsTooDeeply(parsed)) {
      return yield* Effect.fail(
        badRequest(`The config override nests deeper than ${MAX_OVERRIDE_DEPTH} levels, the local backend's limit`)
      )
    }
    const written: Array<Written> = []
    for (const [key, value] of Object.entries(parsed)) {
      const leaves: Array<readonly [string, ConfigLeaf]> = []
      const problem = flatten(key, value, leaves)
      if (problem !== undefined) return yield* Effect.fail(badRequest(problem))
      for (const [path, leaf] of leaves) {
        // `null` above the leaves (a whole sign-up rule, a section) resets everything under it.
        if (leaf === null && CONTAINERS.some((container) => container.test(path))) continue
        const spec = specOf(path)
        if (spec === undefined) {
          return yield* Effect.fail(badRequest(`The local backend does not know the config key ${path}`))
        }
        if (!spec.levels.includes(level)) {
          return yield* Effect.fail(badRequest(`The config key ${path} cannot be overridden at the ${level} level`))
        }
        if (leaf !== null && !spec.check(leaf)) {
          return yield* Effect.fail(badRequest(`Invalid value for the config key ${path}: ${JSON.stringify(leaf)}`))
        }
      }
      written.push({ key, leaves })
    }
    return written
  })

/** The service's override merge: a key written replaces everything at and under it (and a leaf above it). */
const mergeOverride = (stored: FlatOverride, written: ReadonlyArray<Written>): Record<string, ConfigLeaf> => {
  const next: Record<string, ConfigLeaf> = { ...stored }
  for (const { key, leaves } of written) {
    for (const path of Object.keys(next)) if (under(path, key) || under(key, path)) delete next[path]
    for (const [path, value] of leaves) next[path] = value
  }
  return next
}

/** The stored project with every mapped key of `override` applied (null resets to the service's default). */
const applyMapped = (project: StoredProject, override: FlatOverride): StoredProject => {
  let next = project
  for (const [path, value] of Object.entries(override)) {
    if (DEFAULT_PERMISSION_KEY.test(path)) next = setDefaultPermission(next, path, value)
    else {
      const mapped = specOf(path)?.mapped
      if (mapped !== undefined) next = mapped.set(next, value)
    }
  }
  return next
}

// ---------------------------------------------------------------------------------------------------------
// Writing

/**
 * Writes one level's override: the records the write touches are materialized first (config-records.ts), the
 * change is applied, then the mapped keys and the touched records are written through to the stored project.
 */
const writeOverride = (
  projectId: string,
  level: ConfigLevel,
  touched: Touched,
  change: (stored: FlatOverride) => {
    readonly next: FlatOverride
    readonly applied: FlatOverride
  }
) =>
  Db.transaction(
    Effect.gen(function* () {
      const project = yield* lockProject(projectId)
      if (project === undefined) return
      const loaded = yield* loadOverrides(projectId)
      const environment = materializeTouched(project, loaded, touched)
      if (environment !== loaded.environment) yield* saveOverride(projectId, "environment", environment)
      const overrides = { ...loaded, environment }
      const { next, applied } = change(overrides[level])
      yield* saveOverride(projectId, level, next)
      const merged = mergedOverrides({ ...overrides, [level]: next })
      const updated = deriveTouched(applyMapped(project, applied), merged, touched)
      if (updated !== project) yield* saveProject(updated)
    })
  )

/** `PATCH /internal/config/override/{level}`: merges `text` (a JSON object) into the level's override. */
export const patchConfigOverride = (projectId: string, level: ConfigLevel, text: string): DbEffect<void, Refused> =>
  Effect.flatMap(parseOverride(text, level), (written) =>
    writeOverride(projectId, level, { keys: written.map((w) => w.key) }, (stored) => ({
      next: mergeOverride(stored, written),
      // A key written and every mapped key it cleared: cleared ones go back to their defaults.
      applied: {
        ...Object.fromEntries(
          Object.keys(stored)
            .filter((path) => written.some((w) => under(path, w.key) || under(w.key, path)))
            .map((path) => [path, null])
        ),
        ...Object.fromEntries(written.flatMap((w) => w.leaves))
      }
    }))
  )

/**
 * `PUT /internal/config/override/{level}`: replaces the level's override with `text`. Mapped keys the old
 * override set and the new one does not go back to their defaults.
 */
export const replaceConfigOverride = (projectId: string, level: ConfigLevel, text: string): DbEffect<void, Refused> =>
  Effect.flatMap(parseOverride(text, level), (written) =>
    writeOverride(projectId, level, { wholeLevel: level }, (stored) => {
      const next = mergeOverride({}, written)
      return {
        next,
        applied: { ...Object.fromEntries(Object.keys(stored).map((path) => [path, null])), ...next }
      }
    })
  )

/**
 * `POST /internal/config/override/{level}/reset-keys`: the level's override without `keys` and everything
 * under them (the service's rule: resetting `a.b` resets `a.b.c` too, and leaves `a` or `a.c` alone). Mapped
 * keys that go back to their defaults.
 */
export const resetConfigKeys = (projectId: string, level: ConfigLevel, keys: ReadonlyArray<string>): DbEffect<void> =>
  writeOverride(projectId, level, { keys }, (stored) => {
    const removed = Object.keys(stored).filter((path) => keys.some((key) => under(path, key)))
    return {
      next: Object.fromEntries(Object.entries(stored).filter(([path]) => !removed.includes(path))),
      applied: Object.fromEntries(removed.map((path) => [path, null]))
    }
  })

/** Where the branch config was pushed from: what a branch PUT said, `unlinked` when never said or unlinked. */
export const readBranchSource = (projectId: string): DbEffect<BranchConfigSource> =>
  Effect.map(loadBranchSource(projectId), (stored) => {
    const decoded = Schema.decodeUnknownOption(BranchConfigSource)(stored)
    return decoded._tag === "Some" ? decoded.value : { type: "unlinked" as const }
  })

/** Stores where the branch config came from (a branch PUT's `source`; `unlinked` from DELETE /internal/config/source). */
export const writeBranchSource = (projectId: string, source: BranchConfigSource): DbEffect<void> =>
  saveBranchSource(projectId, Schema.encodeSync(BranchConfigSource)(source))

/** `GET /internal/config/override/{level}`: the level's override as written (dotted leaf paths). */
export const readConfigOverride = (projectId: string, level: ConfigLevel): DbEffect<FlatOverride> =>
  Effect.map(loadOverrides(projectId), (overrides) => overrides[level])

// ---------------------------------------------------------------------------------------------------------
// Reading

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

/** The stored overrides merged, later levels winning. */
export const mergedOverrides = (overrides: Readonly<Record<ConfigLevel, FlatOverride>>): Record<string, ConfigLeaf> => {
  let merged: Record<string, ConfigLeaf> = {}
  for (const level of CONFIG_LEVELS)
    merged = mergeOverride(
      merged,
      Object.entries(overrides[level]).map(([key, value]) => ({ key, leaves: [[key, value]] }))
    )
  return merged
}

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

const effectiveOf = (project: StoredProject, merged: Readonly<Record<string, ConfigLeaf>>): EffectiveConfig => {
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

const record = (ids: ReadonlyArray<string>) => Object.fromEntries(ids.map((id) => [id, true]))

/**
 * `GET /internal/config`: the effective config in the service's nested shape (`config_string`), with the
 * keys the local backend knows plus the project's OAuth providers, trusted domains and permission
 * definitions.
 */
export const renderConfig = (project: StoredProject): DbEffect<unknown> =>
  Effect.gen(function* () {
    const merged = mergedOverrides(yield* loadOverrides(project.id))
    const config = effectiveOf(project, merged)
    const team = yield* loadDefinitions(project.id, "team")
    const projectScope = yield* loadDefinitions(project.id, "project")
    const permission = (scope: "team" | "project") => (d: (typeof team)[number]) =>
      [
        d.id,
        {
          ...(d.description === null ? {} : { description: d.description }),
          scope,
          containedPermissionIds: record(d.containedPermissionIds)
        }
      ] as const
    const { externalAuth, ...rendered } = config
    return {
      ...rendered,
      ...externalAuth,
      auth: {
        ...config.auth,
        oauth: {
          ...config.auth.oauth,
          providers: Object.fromEntries(
            project.config.oauthProviders.map((p) => [
              p.id,
              {
                type: p.id,
                isShared: p.type === "shared",
                allowSignIn: true,
                allowConnectedAccounts: true
              }
            ])
          )
        },
        signUpRules: Object.fromEntries(
          config.auth.signUpRules.map(({ id, displayName, condition, action, ...rule }) => [
            id,
            {
              ...rule,
              ...(displayName === undefined ? {} : { displayName }),
              ...(condition === undefined ? {} : { condition }),
              action: { type: action.type, ...(action.message === undefined ? {} : { message: action.message }) }
            }
          ])
        )
      },
      domains: {
        ...config.domains,
        trustedDomains:
          trustedDomainsById(merged) ??
          Object.fromEntries(
            project.config.domains.map((d, i) => [String(i), { baseUrl: d.domain, handlerPath: d.handlerPath }])
          )
      },
      rbac: {
        permissions: Object.fromEntries([
          ...team.filter((d) => !d.isBuiltin).map(permission("team")),
          ...projectScope.map(permission("project"))
        ]),
        defaultPermissions: {
          signUp: record(config.rbac.defaultPermissions.signUp),
          teamCreator: record(config.rbac.defaultPermissions.teamCreator),
          teamMember: record(config.rbac.defaultPermissions.teamMember)
        }
      }
    }
  })

/**
 * A project update's domains and providers in the overrides (config-records.ts `replaceRecordsOnUpdate`): the
 * project to save, with its lists made again where an override holds them.
 */
export const syncRecordsOnUpdate = (
  project: StoredProject,
  written: { readonly domains: boolean; readonly providers: boolean }
): DbEffect<StoredProject> =>
  !written.domains && !written.providers
    ? Effect.succeed(project)
    : Effect.gen(function* () {
        const overrides = yield* loadOverrides(project.id)
        const synced = replaceRecordsOnUpdate(project, overrides, written, mergedOverrides)
        if (synced.environment !== undefined) yield* saveOverride(project.id, "environment", synced.environment)
        return synced.project
      })
