/**
 * The project's configuration in the service's config-override model (`/internal/config`, admin tier): the
 * effective config, and overrides written per level (`project`, `branch`, `environment`; later levels win).
 * An override is a JSON object whose keys are config paths, dotted or nested:
 * `override("environment", { "apiKeys.enabled.user": true, "auth.signUpRulesDefaultAction": "allow" })`.
 * Keys that the admin project's config also holds (`auth.allowSignUp` is `signUpEnabled`, ...) change what
 * `AdminProjects.get` answers too. Its members are declared in the table below.
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { caller, type CallFailureAt, custom, effectCall, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { ProjectConfigApi } from "../../contract/project-config.js"
import {
  type BranchConfigSource,
  type ConfigLevel,
  type ConfigOverride,
  type OnboardingPreview,
  type OnboardingPreviewRequest,
  ProjectConfigView,
  type ResettableConfigLevel
} from "../../domain/project-config.js"
import { decodeJson } from "../wire/wire-codec.js"

const level = <L extends ConfigLevel>(configLevel: L) => ({ level: configLevel })
const nothing = (): void => undefined

/** The project's configuration (admin): read the effective config, read and write overrides. */
export const ProjectConfigCalls = {
  /** The effective config: the parts this library reads (sign-up rules, API-key switches, ...), other keys ignored. */
  get: custom<Effect.Effect<ProjectConfigView, CallFailureAt<typeof ProjectConfigApi.get, "admin">>>("effect"),
  /** One level's override as written, keys as the service keeps them. */
  getOverride: functionCall(
    ProjectConfigApi.getOverride,
    "admin",
    (configLevel: ConfigLevel) => ({ params: level(configLevel) }),
    (answer): Readonly<Record<string, Schema.Json>> => answer.configString
  ),
  /** Merges `patch` into the level's override: a key written replaces everything at and under it; `null` resets it. */
  override: functionCall(
    ProjectConfigApi.override,
    "admin",
    (configLevel: ConfigLevel, patch: ConfigOverride) => ({
      params: level(configLevel),
      body: { configOverrideString: JSON.stringify(patch) }
    }),
    nothing
  ),
  /** Replaces the level's whole override; the branch level needs a `source` (where the config came from, kept). */
  replace: functionCall(
    ProjectConfigApi.replace,
    "admin",
    (configLevel: ConfigLevel, config: ConfigOverride, source?: BranchConfigSource) => ({
      params: level(configLevel),
      body: { configString: JSON.stringify(config), ...(source === undefined ? {} : { source }) }
    }),
    nothing
  ),
  /** Removes `keys` (config paths) and everything under them from the branch or environment override. */
  resetKeys: functionCall(
    ProjectConfigApi.resetKeys,
    "admin",
    (configLevel: ResettableConfigLevel, keys: ReadonlyArray<string>) => ({
      params: level(configLevel),
      body: { keys }
    }),
    nothing
  ),
  /** Where the branch config was pushed from; `{ type: "unlinked" }` when it is edited on the dashboard. */
  getSource: effectCall(ProjectConfigApi.getSource, "admin", {
    input: () => ({}),
    output: (answer): BranchConfigSource => answer.source
  }),
  /** Unlinks the branch config from where it was pushed from, so the dashboard may edit it again. */
  unlinkSource: effectCall(ProjectConfigApi.unlinkSource, "admin", { input: () => ({}), output: nothing }),
  /**
   * The users an onboarding change would restrict (newest first, at most `limit`, 10 by default) and how many
   * in all: `previewAffectedUsers({ requireEmailVerification: true })` before turning verification on.
   */
  previewAffectedUsers: functionCall(
    ProjectConfigApi.previewAffectedUsers,
    "admin",
    (onboarding: OnboardingPreviewRequest["onboarding"], limit?: number) => ({
      query: limit === undefined ? {} : { limit: String(limit) },
      body: { onboarding }
    }),
    (answer): OnboardingPreview => answer
  )
}

const decodeView = decodeJson(ProjectConfigView)

export const makeProjectConfig = implement(
  ProjectConfigCalls,
  Effect.map(Transport, (transport) => ({
    // The service sends the config as a JSON string inside the JSON answer; the parts this library reads
    // are decoded from it.
    get: Effect.flatMap(caller(transport, ProjectConfigApi.get, "admin")({}), (answer) =>
      decodeView(answer.configString)
    )
  }))
)
