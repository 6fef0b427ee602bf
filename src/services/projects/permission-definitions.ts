/**
 * Team permission definitions (admin tier): the built-in `$` permissions and the project's own, each with
 * the permissions it contains. Contained permissions must exist; built-in ones cannot be changed.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type {
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate
} from "../../domain/permission-definition.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { PermissionDefinitionsErrors } from "./permission-definitions-errors.js"

type Fails<Method extends keyof typeof PermissionDefinitionsErrors> = FailureOf<typeof PermissionDefinitionsErrors, Method>

/** What the PermissionDefinitions service offers; see its tag for the rules. */
export interface PermissionDefinitionsShape {
  /** Every team permission definition, built-in ones included, sorted by id. */
  readonly list: Effect.Effect<ReadonlyArray<PermissionDefinition>, Fails<"list">>
  /** `create({ id: "editor", containedPermissionIds: ["$read_members"] })` */
  readonly create: (
    definition: PermissionDefinitionCreate
  ) => Effect.Effect<PermissionDefinition, InvalidInput | Fails<"create">>
  /** Renaming carries over to grants, other definitions and the project's default permissions. */
  readonly update: (
    permissionId: string,
    patch: PermissionDefinitionUpdate
  ) => Effect.Effect<PermissionDefinition, InvalidInput | Fails<"update">>
  /** Deletes a definition and every grant of it. */
  readonly delete: (permissionId: string) => Effect.Effect<void, Fails<"delete">>
}

/** The project's team permission definitions (admin): list, create, update and delete. */
export class PermissionDefinitions extends /* @__PURE__ */ Context.Service<PermissionDefinitions, PermissionDefinitionsShape>()(
  "stackfx/PermissionDefinitions"
) {
  static readonly layer: Layer.Layer<PermissionDefinitions, never, Transport> = /* @__PURE__ */ lazyLayer(
    PermissionDefinitions,
    { list: "effect", create: "function", update: "function", delete: "function" },
    () => import("../live.js").then((m) => m.makePermissionDefinitions)
  )
}

/**
 * The project's project permission definitions (admin): permissions users hold in the project, not in a
 * team. The same calls as {@link PermissionDefinitions}; there are no built-in ones, contained ids must be
 * project permissions, and ids are unique across both scopes (PERMISSION_ID_ALREADY_EXISTS).
 */
export class ProjectPermissionDefinitions extends /* @__PURE__ */ Context.Service<ProjectPermissionDefinitions, PermissionDefinitionsShape>()(
  "stackfx/ProjectPermissionDefinitions"
) {
  static readonly layer: Layer.Layer<ProjectPermissionDefinitions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ProjectPermissionDefinitions,
    { list: "effect", create: "function", update: "function", delete: "function" },
    () => import("../live.js").then((m) => m.makeProjectPermissionDefinitions)
  )
}
