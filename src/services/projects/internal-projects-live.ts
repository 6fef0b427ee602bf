/** The implementation of {@link InternalProjects}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { ApiKeyCreate, ApiKeyCreated } from "../../domain/api-key.js"
import { STACK_HEADERS } from "../../domain/api.js"
import { ListResponse } from "../../domain/list.js"
import { AdminProject, AdminProjectCreate, ProjectTransfer, ProjectTransferResponse } from "../../domain/project.js"
import { documented } from "../http/endpoint.js"
import type { CreatedProject, InitialProjectKeys, InternalProjectsShape } from "./internal-projects.js"
import { Session } from "../session/session.js"
import { jsonBody, Transport } from "../http/transport.js"
import { InternalProjectsErrors } from "./internal-projects-errors.js"
import { encodeInput } from "../http/wire-codec.js"

/** The first key set never expires (the last millisecond of year 9999, the API's "no expiry"). */
const NEVER = new Date(253_402_300_799_999)

export const makeInternalProjects: Effect.Effect<InternalProjectsShape, never, Transport | Session> = Effect.gen(function*() {
  const transport = yield* Transport
  const session = yield* Session
  const encodeCreate = encodeInput(AdminProjectCreate)
  const encodeKeyCreate = encodeInput(ApiKeyCreate)
  const encodeTransfer = encodeInput(ProjectTransfer)
  // The default freshness is always valid, so InvalidFreshness here would be a bug, not an outcome.
  const accessToken = session.getAccessToken().pipe(Effect.catchTag("InvalidFreshness", (e) => Effect.die(e)))

  const list = transport.requestJson({ method: "GET", path: "/internal/projects" }, ListResponse(AdminProject)).pipe(
    Effect.map((answer) => answer.items),
    documented(...InternalProjectsErrors.list)
  )

  /**
   * A new project has no keys. Like the hosted dashboard, its owner makes the first set with their access
   * token as the project's admin access token; `null` when the session has no access token any more.
   */
  const firstKeys = (projectId: string) =>
    Effect.gen(function*() {
      const token = yield* accessToken
      if (token === null) return null
      const body = yield* encodeKeyCreate({
        description: "First key set",
        expiresAt: NEVER,
        hasPublishableClientKey: true,
        hasSecretServerKey: true,
        hasSuperSecretAdminKey: true
      })
      const created = yield* transport.requestJson({
        method: "POST",
        path: "/internal/api-keys",
        body: jsonBody(body),
        withSession: false,
        headers: {
          [STACK_HEADERS.projectId]: projectId,
          [STACK_HEADERS.accessType]: "admin",
          [STACK_HEADERS.adminAccessToken]: token
        }
      }, ApiKeyCreated)
      const keys: InitialProjectKeys = {
        publishableClientKey: created.publishableClientKey,
        secretServerKey: created.secretServerKey,
        superSecretAdminKey: created.superSecretAdminKey
      }
      return keys
    })

  const create = (input: AdminProjectCreate) =>
    encodeCreate(input).pipe(
      Effect.flatMap((body) => transport.requestJson({ method: "POST", path: "/internal/projects", body: jsonBody(body) }, AdminProject)),
      Effect.flatMap((project) => Effect.map(firstKeys(project.id), (keys): CreatedProject => ({ project, keys }))),
      documented(...InternalProjectsErrors.create)
    )

  const transfer = (projectId: string, newTeamId: string) =>
    encodeTransfer({ projectId, newTeamId }).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "POST", path: "/internal/projects/transfer", body: jsonBody(body) }, ProjectTransferResponse)
      ),
      Effect.asVoid,
      documented(...InternalProjectsErrors.transfer)
    )

  return { list, create, transfer } satisfies InternalProjectsShape
})
