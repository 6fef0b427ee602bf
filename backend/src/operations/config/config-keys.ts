/**
 * The config keys the local backend knows (a subset of the service's schema, see project-config.ts): for each,
 * the levels that may override it, the check of its value, and the switch of the stored project it reads and
 * writes when it has one (`mapped`); the sign-up rules' and default permissions' keys; the apps and
 * external-auth integrations the service knows.
 */
import { EXTERNAL_AUTH_PROVIDER_IDS, type ExternalAuthProviderId } from "@stackfx/lib/domain/external-auth.js"
import type { ConfigLeaf, ConfigLevel } from "../../store/projects/config-overrides.js"
import type { StoredProject } from "../../store/projects/projects.js"
import type { IdRef } from "@stackfx/lib/domain/wire.js"
import { RECORD_CONTAINERS, RECORD_KEYS } from "./config-records.js"

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
export const RULE_ID = "[a-zA-Z0-9_][a-zA-Z0-9_-]*"
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
export const INTEGRATION_SETTINGS = {
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

export const DEFAULT_PERMISSION_KEY = /^rbac\.defaultPermissions\.(signUp|teamCreator|teamMember)\.(.+)$/

/** Adds or removes one id of a default-permission list of the stored project. */
export const setDefaultPermission = (project: StoredProject, path: string, value: ConfigLeaf): StoredProject => {
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

export const specOf = (path: string) => KEYS.find((spec) => spec.pattern.test(path))

/** The objects above the known keys: `null` at one of them resets everything under it. */
export const CONTAINERS: ReadonlyArray<RegExp> = [
  /^(auth|apiKeys|onboarding|teams|users|domains|rbac|project|apps)$/,
  new RegExp(`^apps\\.installed(\\.(${APP_ID}))?$`),
  new RegExp(`^(${EXTERNAL_AUTH_PROVIDER_IDS.join("|")})$`),
  /^auth\.(password|otp|passkey|oauth|signUpRules)$/,
  new RegExp(`^auth\\.signUpRules\\.${RULE_ID}(\\.action)?$`),
  /^apiKeys\.enabled$/,
  /^rbac\.defaultPermissions(\.(signUp|teamCreator|teamMember))?$/,
  ...RECORD_CONTAINERS
]
