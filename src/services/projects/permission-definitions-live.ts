/**
 * The implementations of {@link PermissionDefinitions} and {@link ProjectPermissionDefinitions} (the same calls
 * on another path), loaded on first use (see lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { ListResponse } from "../../domain/list.js"
import {
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate
} from "../../domain/permission-definition.js"
import { SuccessResponse } from "../../domain/success.js"
import { PermissionDefinitionsErrors } from "./permission-definitions-errors.js"
import { announcing } from "../changes/data-changes.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import type { PermissionDefinitionsShape } from "./permission-definitions.js"
import { jsonBody, Transport } from "../http/transport.js"
import { permissionDefinitionsChanges, projectPermissionDefinitionsChanges } from "../changes/write-keys.js"
import { encodeInput } from "../http/wire-codec.js"

/** The four calls over one definitions path: `/team-permission-definitions` or `/project-permission-definitions`. */
const definitionsAt = (base: string) => Effect.gen(function*() {
  const transport = yield* Transport
  const encodeCreate = encodeInput(PermissionDefinitionCreate)
  const encodeUpdate = encodeInput(PermissionDefinitionUpdate)
  const path = (id: string) => `${base}/${segment(id)}`

  const list = transport.requestJson(
    { method: "GET", path: base },
    ListResponse(PermissionDefinition)
  ).pipe(Effect.map((page) => page.items), documented(...PermissionDefinitionsErrors.list))

  const create = (definition: PermissionDefinitionCreate) =>
    encodeCreate(definition).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "POST", path: base, body: jsonBody(body) }, PermissionDefinition)
      ),
      documented(...PermissionDefinitionsErrors.create)
    )

  const update = (permissionId: string, patch: PermissionDefinitionUpdate) =>
    encodeUpdate(patch).pipe(
      Effect.flatMap((body) => transport.requestJson({ method: "PATCH", path: path(permissionId), body: jsonBody(body) }, PermissionDefinition)),
      documented(...PermissionDefinitionsErrors.update)
    )

  const remove = (permissionId: string) =>
    transport.requestJson({ method: "DELETE", path: path(permissionId) }, SuccessResponse).pipe(
      Effect.asVoid,
      documented(...PermissionDefinitionsErrors.delete)
    )

  return { list, create, update, delete: remove } satisfies PermissionDefinitionsShape
})

export const makePermissionDefinitions: Effect.Effect<PermissionDefinitionsShape, never, Transport> = announcing(
  permissionDefinitionsChanges,
  definitionsAt("/team-permission-definitions")
)

export const makeProjectPermissionDefinitions: Effect.Effect<PermissionDefinitionsShape, never, Transport> = announcing(
  projectPermissionDefinitionsChanges,
  definitionsAt("/project-permission-definitions")
)
