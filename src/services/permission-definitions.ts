/**
 * Team permission definitions (admin tier): the built-in `$` permissions and the project's own, each with
 * the permissions it contains. Contained permissions must exist; built-in ones cannot be changed.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ListResponse } from "../domain/list.js"
import {
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate
} from "../domain/permission-definition.js"
import { SuccessResponse } from "../domain/success.js"
import type { KnownErrorTag } from "../errors/known/registry.js"
import type { InvalidInput } from "../errors/client/invalid-input.js"
import { type AdminAuthErrorTag, AdminAuthErrorTags } from "./admin-auth.js"
import { type CallFailure, documented, encodeInput } from "./endpoint.js"
import { segment } from "./path-segment.js"
import { jsonBody, Transport } from "./transport.js"

type AdminFailure<Tags extends KnownErrorTag = never> = CallFailure<AdminAuthErrorTag | Tags>

export interface PermissionDefinitionsShape {
  /** Every team permission definition, built-in ones included, sorted by id. */
  readonly list: Effect.Effect<ReadonlyArray<PermissionDefinition>, AdminFailure>
  /** `create({ id: "editor", containedPermissionIds: ["$read_members"] })` */
  readonly create: (
    definition: PermissionDefinitionCreate
  ) => Effect.Effect<
    PermissionDefinition,
    InvalidInput | AdminFailure<"PermissionIdAlreadyExists" | "ContainedPermissionNotFound" | "SchemaError">
  >
  /** Renaming carries over to grants, other definitions and the project's default permissions. */
  readonly update: (
    permissionId: string,
    patch: PermissionDefinitionUpdate
  ) => Effect.Effect<
    PermissionDefinition,
    InvalidInput | AdminFailure<"PermissionNotFound" | "PermissionIdAlreadyExists" | "ContainedPermissionNotFound" | "SchemaError">
  >
  /** Deletes a definition and every grant of it. */
  readonly delete: (permissionId: string) => Effect.Effect<void, AdminFailure<"PermissionNotFound">>
}

export class PermissionDefinitions extends Context.Service<PermissionDefinitions, PermissionDefinitionsShape>()(
  "stackfx/PermissionDefinitions"
) {
  static readonly layer: Layer.Layer<PermissionDefinitions, never, Transport> = Layer.effect(
    PermissionDefinitions,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encodeCreate = encodeInput(PermissionDefinitionCreate)
      const encodeUpdate = encodeInput(PermissionDefinitionUpdate)
      const path = (id: string) => `/team-permission-definitions/${segment(id)}`

      const list = transport.requestJson(
        { method: "GET", path: "/team-permission-definitions" },
        ListResponse(PermissionDefinition)
      ).pipe(Effect.map((page) => page.items), documented(...AdminAuthErrorTags))

      const create = (definition: PermissionDefinitionCreate) =>
        encodeCreate(definition).pipe(
          Effect.flatMap((body) =>
            transport.requestJson({ method: "POST", path: "/team-permission-definitions", body: jsonBody(body) }, PermissionDefinition)
          ),
          documented(...AdminAuthErrorTags, "PermissionIdAlreadyExists", "ContainedPermissionNotFound", "SchemaError")
        )

      const update = (permissionId: string, patch: PermissionDefinitionUpdate) =>
        encodeUpdate(patch).pipe(
          Effect.flatMap((body) => transport.requestJson({ method: "PATCH", path: path(permissionId), body: jsonBody(body) }, PermissionDefinition)),
          documented(...AdminAuthErrorTags, "PermissionNotFound", "PermissionIdAlreadyExists", "ContainedPermissionNotFound", "SchemaError")
        )

      const remove = (permissionId: string) =>
        transport.requestJson({ method: "DELETE", path: path(permissionId) }, SuccessResponse).pipe(
          Effect.asVoid,
          documented(...AdminAuthErrorTags, "PermissionNotFound")
        )

      return PermissionDefinitions.of({ list, create, update, delete: remove })
    })
  )
}
