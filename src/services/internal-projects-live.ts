/** The implementation of {@link InternalProjects}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import { AdminProject, AdminProjectCreate } from "../domain/project.js"
import { documented, encodeInput } from "./endpoint.js"
import { InitialProjectKeys } from "./internal-project-keys.js"
import type { CreatedProject, InternalProjectsShape } from "./internal-projects.js"
import { decodeJson, jsonBody, Transport } from "./transport.js"

const CreateExtension = Schema.Struct({ stackfx_api_keys: Schema.optionalKey(InitialProjectKeys) })

export const makeInternalProjects: Effect.Effect<InternalProjectsShape, never, Transport> = Effect.gen(function*() {
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

  return { list, create } satisfies InternalProjectsShape
})
