/** Team permission definitions (`/team-permission-definitions`, admin tier). */
import * as Schema from "effect/Schema"
import { PermissionId } from "./team-permission.js"
import { wireStruct } from "./wire.js"

/** A definition; every id in `containedPermissionIds` must name an existing permission. */
export const PermissionDefinition = wireStruct({
  id: Schema.String,
  description: Schema.optionalKey(Schema.String),
  containedPermissionIds: Schema.Array(Schema.String)
})
export type PermissionDefinition = typeof PermissionDefinition.Type

/** `POST /team-permission-definitions` body. */
export const PermissionDefinitionCreate = wireStruct({
  id: PermissionId,
  description: Schema.optionalKey(Schema.String),
  containedPermissionIds: Schema.optionalKey(Schema.Array(Schema.String))
})
export type PermissionDefinitionCreate = typeof PermissionDefinitionCreate.Type

/** `PATCH /team-permission-definitions/{id}` body; absent keys are left unchanged. */
export const PermissionDefinitionUpdate = wireStruct({
  id: Schema.optionalKey(PermissionId),
  description: Schema.optionalKey(Schema.String),
  containedPermissionIds: Schema.optionalKey(Schema.Array(Schema.String))
})
export type PermissionDefinitionUpdate = typeof PermissionDefinitionUpdate.Type
