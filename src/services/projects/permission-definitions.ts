/**
 * Team permission definitions (admin tier): the built-in `$` permissions and the project's own, each with
 * the permissions it contains. Contained permissions must exist; built-in ones cannot be changed. Their
 * members are declared in permission-definitions-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { PermissionDefinitionsMembers, ProjectPermissionDefinitionsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { PermissionDefinitionsCalls, ProjectPermissionDefinitionsCalls } from "./permission-definitions-calls.js"

/** What the PermissionDefinitions service offers; see its tag for the rules. */
export type PermissionDefinitionsShape = ShapeOf<typeof PermissionDefinitionsCalls>

/** The project's team permission definitions (admin): list, create, update and delete. */
export class PermissionDefinitions
  extends /* @__PURE__ */ Context.Service<PermissionDefinitions, PermissionDefinitionsShape>()(
    "stackfx/PermissionDefinitions"
  )
{
  static readonly layer: Layer.Layer<PermissionDefinitions, never, Transport> = /* @__PURE__ */ lazyLayer(
    PermissionDefinitions,
    PermissionDefinitionsMembers,
    () => import("../live.js").then((m) => m.makePermissionDefinitions)
  )
}

/** What the ProjectPermissionDefinitions service offers: the calls of {@link PermissionDefinitionsShape}. */
export type ProjectPermissionDefinitionsShape = ShapeOf<typeof ProjectPermissionDefinitionsCalls>

/**
 * The project's project permission definitions (admin): permissions users hold in the project, not in a
 * team. The same calls as {@link PermissionDefinitions}; there are no built-in ones, contained ids must be
 * project permissions, and ids are unique across both scopes (PERMISSION_ID_ALREADY_EXISTS).
 */
export class ProjectPermissionDefinitions
  extends /* @__PURE__ */ Context.Service<ProjectPermissionDefinitions, ProjectPermissionDefinitionsShape>()(
    "stackfx/ProjectPermissionDefinitions"
  )
{
  static readonly layer: Layer.Layer<ProjectPermissionDefinitions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ProjectPermissionDefinitions,
    ProjectPermissionDefinitionsMembers,
    () => import("../live.js").then((m) => m.makeProjectPermissionDefinitions)
  )
}
