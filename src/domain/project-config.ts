/**
 * The project's configuration in the service's config-override model (`/internal/config`, admin). The
 * service answers the effective config as a JSON string (`config_string`) in camelCase, and takes overrides
 * the same way: a JSON object whose keys may be dotted paths (`{ "apiKeys.enabled.user": true }`).
 */
import * as Schema from "effect/Schema"
import { RestrictedReason } from "./user.js"
import { wireStruct } from "./wire.js"

/** The levels an override is written at; later levels win (`project` < `branch` < `environment`). */
export const ConfigLevel = Schema.Literals(["project", "branch", "environment"])
export type ConfigLevel = typeof ConfigLevel.Type

/** The levels whose keys `POST /internal/config/override/{level}/reset-keys` resets (not `project`). */
export const ResettableConfigLevel = Schema.Literals(["branch", "environment"])
export type ResettableConfigLevel = typeof ResettableConfigLevel.Type

/**
 * `POST /internal/config/override/{level}/reset-keys` body: config paths whose values (and everything under
 * them) leave the level's override, as if never written.
 */
export const ConfigResetKeysBody = Schema.Struct({ keys: Schema.Array(Schema.String) })
export type ConfigResetKeysBody = typeof ConfigResetKeysBody.Type

/** `GET /internal/config` and `GET /internal/config/override/{level}`: `{ config_string }`. */
export const ConfigString = wireStruct({ configString: Schema.String })
export type ConfigString = typeof ConfigString.Type

/** `PATCH /internal/config/override/{level}` body: the partial override, as a JSON string. */
export const ConfigOverridePatchBody = wireStruct({ configOverrideString: Schema.String })
export type ConfigOverridePatchBody = typeof ConfigOverridePatchBody.Type

/**
 * Where the branch-level config came from (`source` of a branch PUT, `GET /internal/config/source`): pushed
 * from a GitHub repository, pushed from somewhere unknown, or `unlinked` (edited on the dashboard; the
 * default).
 */
export const BranchConfigSource = Schema.Union([
  wireStruct({
    type: Schema.Literal("pushed-from-github"),
    owner: Schema.String,
    repo: Schema.String,
    branch: Schema.String,
    commitHash: Schema.String,
    configFilePath: Schema.String
  }),
  Schema.Struct({ type: Schema.Literal("pushed-from-unknown") }),
  Schema.Struct({ type: Schema.Literal("unlinked") })
])
export type BranchConfigSource = typeof BranchConfigSource.Type

/** `GET /internal/config/source`. */
export const ConfigSourceAnswer = Schema.Struct({ source: BranchConfigSource })
export type ConfigSourceAnswer = typeof ConfigSourceAnswer.Type

/** `PUT /internal/config/override/{level}` body; the branch level requires a `source` (where the config came from). */
export const ConfigOverridePutBody = wireStruct({
  configString: Schema.String,
  source: Schema.optionalKey(BranchConfigSource)
})
export type ConfigOverridePutBody = typeof ConfigOverridePutBody.Type

/**
 * `POST /internal/onboarding/preview-affected-users`: the onboarding settings an admin is about to write
 * (`requireEmailVerification` unchanged when absent).
 */
export const OnboardingPreviewRequest = Schema.Struct({
  onboarding: wireStruct({ requireEmailVerification: Schema.optionalKey(Schema.Boolean) })
})
export type OnboardingPreviewRequest = typeof OnboardingPreviewRequest.Type

/** How many users to list (the service reads a decimal string; 10 when absent). @internal */
export const OnboardingPreviewQuery = Schema.Struct({ limit: Schema.optionalKey(Schema.String) })

/** A user who would become restricted, and why. */
export const AffectedUser = wireStruct({
  id: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  primaryEmail: Schema.NullOr(Schema.String),
  restrictedReason: RestrictedReason
})
export type AffectedUser = typeof AffectedUser.Type

/** The users (newest first, at most the limit) the change would restrict, and how many there are in all. */
export const OnboardingPreview = wireStruct({
  affectedUsers: Schema.Array(AffectedUser),
  totalAffectedCount: Schema.Int
})
export type OnboardingPreview = typeof OnboardingPreview.Type

/** What a sign-up rule does when its condition matches: `restrict` marks the new user restricted, `log` only records it. */
export const SignUpRuleActionType = Schema.Literals(["allow", "reject", "restrict", "log"])
export type SignUpRuleActionType = typeof SignUpRuleActionType.Type

/**
 * A sign-up rule (`auth.signUpRules.<id>`). `condition` is a CEL expression over `email`, `emailDomain`,
 * `authMethod` (`password`, `otp`, `oauth`, `passkey`), `oauthProvider`, `countryCode` and `riskScores`, e.g.
 * `emailDomain == "example.com"` or `email.endsWith("@example.com")`. Enabled rules run by priority
 * (highest first, then by id); the first `allow` or `reject` that matches decides.
 */
export const SignUpRule = Schema.Struct({
  enabled: Schema.optionalKey(Schema.Boolean),
  displayName: Schema.optionalKey(Schema.String),
  priority: Schema.optionalKey(Schema.Finite),
  condition: Schema.optionalKey(Schema.String),
  action: Schema.optionalKey(Schema.Struct({ type: SignUpRuleActionType, message: Schema.optionalKey(Schema.String) }))
})
export type SignUpRule = typeof SignUpRule.Type

const IdSet = Schema.Record(Schema.String, Schema.Boolean)
const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

/**
 * The parts of the effective config this library reads, decoded from `config_string`. Every part is
 * optional and other keys are ignored, so a config from a newer service (or one with keys the local backend
 * does not know) still decodes.
 */
export const ProjectConfigView = Schema.Struct({
  auth: optional(
    Schema.Struct({
      allowSignUp: optional(Schema.Boolean),
      password: optional(Schema.Struct({ allowSignIn: optional(Schema.Boolean) })),
      otp: optional(Schema.Struct({ allowSignIn: optional(Schema.Boolean) })),
      passkey: optional(Schema.Struct({ allowSignIn: optional(Schema.Boolean) })),
      oauth: optional(
        Schema.Struct({
          accountMergeStrategy: optional(Schema.Literals(["link_method", "raise_error", "allow_duplicates"]))
        })
      ),
      signUpRules: optional(Schema.Record(Schema.String, SignUpRule)),
      signUpRulesDefaultAction: optional(Schema.Literals(["allow", "reject"]))
    })
  ),
  apiKeys: optional(
    Schema.Struct({
      enabled: optional(Schema.Struct({ user: optional(Schema.Boolean), team: optional(Schema.Boolean) }))
    })
  ),
  onboarding: optional(Schema.Struct({ requireEmailVerification: optional(Schema.Boolean) })),
  teams: optional(
    Schema.Struct({
      createPersonalTeamOnSignUp: optional(Schema.Boolean),
      allowClientTeamCreation: optional(Schema.Boolean)
    })
  ),
  users: optional(Schema.Struct({ allowClientUserDeletion: optional(Schema.Boolean) })),
  rbac: optional(
    Schema.Struct({
      defaultPermissions: optional(
        Schema.Struct({ signUp: optional(IdSet), teamCreator: optional(IdSet), teamMember: optional(IdSet) })
      )
    })
  )
})
export type ProjectConfigView = typeof ProjectConfigView.Type

/** A config override: keys are config paths, dotted or nested (`{ "apiKeys.enabled.user": false }`); `null` resets a key. */
export type ConfigOverride = { readonly [path: string]: Schema.Json }
