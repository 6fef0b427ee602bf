/**
 * The members of {@link ProjectConfig}, each a call of a declared endpoint (contract/project-config.ts); the
 * effective config is read through its declaration and decoded to the parts this library reads by the
 * implementation (project-config-live.ts).
 */
import type * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { ProjectConfigApi } from "../../contract/project-config.js"
import type {
  BranchConfigSource,
  ConfigLevel,
  ConfigOverride,
  OnboardingPreview,
  OnboardingPreviewRequest,
  ProjectConfigView,
  ResettableConfigLevel
} from "../../domain/project-config.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, effectCall, functionCall } from "../http/service-calls.js"

const level = (configLevel: ConfigLevel) => ({ level: configLevel })
const nothing = (): void => undefined

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
