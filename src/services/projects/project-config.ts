/**
 * The project's configuration in the service's config-override model (`/internal/config`, admin tier): the
 * effective config, and overrides written per level (`project`, `branch`, `environment`; later levels win).
 * An override is a JSON object whose keys are config paths, dotted or nested:
 * `override("environment", { "apiKeys.enabled.user": true, "auth.signUpRulesDefaultAction": "allow" })`.
 * Keys that the admin project's config also holds (`auth.allowSignUp` is `signUpEnabled`, ...) change what
 * `AdminProjects.get` answers too. Its members are declared in project-config-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { ProjectConfigMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ProjectConfigCalls } from "./project-config-calls.js"

/** What the ProjectConfig service offers; see its tag for the rules. */
export type ProjectConfigShape = ShapeOf<typeof ProjectConfigCalls>

/** The project's configuration (admin): read the effective config, read and write overrides. */
export class ProjectConfig
  extends /* @__PURE__ */ Context.Service<ProjectConfig, ProjectConfigShape>()("stackfx/ProjectConfig")
{
  static readonly layer: Layer.Layer<ProjectConfig, never, Transport> = /* @__PURE__ */ lazyLayer(
    ProjectConfig,
    ProjectConfigMembers,
    () => import("../live.js").then((m) => m.makeProjectConfig)
  )
}
