/**
 * The project's configuration in the service's config-override model (`/internal/config`, admin tier): the
 * effective config, and overrides written per level (`project`, `branch`, `environment`; later levels win).
 * An override is a JSON object whose keys are config paths, dotted or nested:
 * `override("environment", { "apiKeys.enabled.user": true, "auth.signUpRulesDefaultAction": "allow" })`.
 * Keys that the admin project's config also holds (`auth.allowSignUp` is `signUpEnabled`, ...) change what
 * `AdminProjects.get` answers too.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type * as Schema from "effect/Schema"
import type { ConfigLevel, ConfigOverride, ProjectConfigView } from "../../domain/project-config.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ProjectConfigErrors } from "./project-config-errors.js"

type Fails<Method extends keyof typeof ProjectConfigErrors> = FailureOf<typeof ProjectConfigErrors, Method>

/** What the ProjectConfig service offers; see its tag for the rules. */
export interface ProjectConfigShape {
  /** The effective config: the parts this library reads (sign-up rules, API-key switches, ...), other keys ignored. */
  readonly get: Effect.Effect<ProjectConfigView, Fails<"get">>
  /** One level's override as written, keys as the service keeps them. */
  readonly getOverride: (level: ConfigLevel) => Effect.Effect<Readonly<Record<string, Schema.Json>>, Fails<"getOverride">>
  /** Merges `patch` into the level's override: a key written replaces everything at and under it; `null` resets it. */
  readonly override: (level: ConfigLevel, patch: ConfigOverride) => Effect.Effect<void, Fails<"override">>
  /** Replaces the level's whole override; the branch level needs a `source` (where the config came from). */
  readonly replace: (
    level: ConfigLevel,
    config: ConfigOverride,
    source?: Schema.Json
  ) => Effect.Effect<void, Fails<"replace">>
}

/** The project's configuration (admin): read the effective config, read and write overrides. */
export class ProjectConfig extends /* @__PURE__ */ Context.Service<ProjectConfig, ProjectConfigShape>()("stackfx/ProjectConfig") {
  static readonly layer: Layer.Layer<ProjectConfig, never, Transport> = /* @__PURE__ */ lazyLayer(
    ProjectConfig,
    { get: "effect", getOverride: "function", override: "function", replace: "function" },
    () => import("../live.js").then((m) => m.makeProjectConfig)
  )
}
