/**
 * Projects owned by the signed-in user of the `internal` project (what a dashboard lists and creates).
 * A client-tier service: it needs a session on `internal`, not an admin key. The owner's access token
 * then works as the admin access token of each project (`adminAccessToken` in the admin tier's config).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import { AdminProject, AdminProjectCreate } from "../domain/project.js"
import { nullableKey, wireStruct } from "../domain/wire.js"
import type { InvalidInput } from "../errors/client/invalid-input.js"
import { type CallFailure, documented, encodeInput } from "./endpoint.js"
import { decodeJson, jsonBody, Transport } from "./transport.js"

/**
 * The first keys of a new project. The hosted service leaves them out (its dashboard creates keys
 * afterwards with `/internal/api-keys`); the local backend adds them as `stackfx_api_keys`.
 */
export const InitialProjectKeys = wireStruct({
  publishableClientKey: nullableKey(Schema.String),
  secretServerKey: nullableKey(Schema.String),
  superSecretAdminKey: nullableKey(Schema.String)
})
export type InitialProjectKeys = typeof InitialProjectKeys.Type

const CreateExtension = Schema.Struct({ stackfx_api_keys: Schema.optionalKey(InitialProjectKeys) })

export interface CreatedProject {
  readonly project: AdminProject
  /** Full key values, shown only here; `null` against the hosted service. */
  readonly keys: InitialProjectKeys | null
}

type InternalFailure<Extra extends "SchemaError" = never> = CallFailure<
  "UserAuthenticationRequired" | "ExpectedInternalProject" | Extra
>

export interface InternalProjectsShape {
  /** The projects the signed-in internal user owns, oldest first. */
  readonly list: Effect.Effect<ReadonlyArray<AdminProject>, InternalFailure>
  /** `create({ displayName: "My app" })`: a new project owned by the signed-in user. */
  readonly create: (input: AdminProjectCreate) => Effect.Effect<CreatedProject, InvalidInput | InternalFailure<"SchemaError">>
}

export class InternalProjects extends Context.Service<InternalProjects, InternalProjectsShape>()("stackfx/InternalProjects") {
  static readonly layer: Layer.Layer<InternalProjects, never, Transport> = Layer.effect(
    InternalProjects,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encodeCreate = encodeInput(AdminProjectCreate)
      const errors = ["UserAuthenticationRequired", "ExpectedInternalProject"] as const

      const list = transport.requestJson({ method: "GET", path: "/internal/projects" }, ListResponse(AdminProject)).pipe(
        Effect.map((answer) => answer.items),
        documented(...errors)
      )

      const create = (input: AdminProjectCreate) =>
        encodeCreate(input).pipe(
          Effect.flatMap((body) => transport.request({ method: "POST", path: "/internal/projects", body: jsonBody(body) })),
          Effect.flatMap((answer) =>
            Effect.all({ project: decodeJson(AdminProject)(answer), extension: decodeJson(CreateExtension)(answer) })
          ),
          Effect.map(({ extension, project }): CreatedProject => ({ project, keys: extension.stackfx_api_keys ?? null })),
          documented(...errors, "SchemaError")
        )

      return InternalProjects.of({ list, create })
    })
  )
}
