/**
 * The implementation of {@link InternalProjects}, loaded on first use (see lazy-service.ts): list and
 * transfer are declared calls (internal-projects-calls.ts), the create also makes the project's first keys.
 */
import * as Effect from "effect/Effect"
import { InternalApiKeysApi } from "../../contract/api-keys.js"
import { InternalProjectsApi } from "../../contract/internal-projects.js"
import { STACK_HEADERS } from "../../domain/api.js"
import type { AdminProjectCreate } from "../../domain/project.js"
import { caller } from "../http/call.js"
import { documented } from "../http/error-narrowing.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { Session } from "../session/session.js"
import type { InitialProjectKeys } from "./internal-project-keys.js"
import { type CreatedProject, InternalProjectsCalls } from "./internal-projects-calls.js"

/** The first key set never expires (the last millisecond of year 9999, the API's "no expiry"). */
const NEVER = new Date(253_402_300_799_999)

export const makeInternalProjects = implement(
  InternalProjectsCalls,
  Effect.gen(function* () {
    const transport = yield* Transport
    const session = yield* Session
    const createProject = caller(transport, InternalProjectsApi.create, "client")
    const createKeys = caller(transport, InternalApiKeysApi.create, "admin")
    // The default freshness is always valid, so InvalidFreshness here would be a bug, not an outcome.
    const accessToken = session.getAccessToken().pipe(Effect.catchTag("InvalidFreshness", (e) => Effect.die(e)))

    /**
     * A new project has no keys. Like the hosted dashboard, its owner makes the first set with their access
     * token as the project's admin access token; `null` when the session has no access token any more.
     */
    const firstKeys = (projectId: string) =>
      Effect.gen(function* () {
        const token = yield* accessToken
        if (token === null) return null
        const created = yield* createKeys({
          body: {
            description: "First key set",
            expiresAt: NEVER,
            hasPublishableClientKey: true,
            hasSecretServerKey: true,
            hasSuperSecretAdminKey: true
          },
          options: {
            withSession: false,
            headers: {
              [STACK_HEADERS.projectId]: projectId,
              [STACK_HEADERS.accessType]: "admin",
              [STACK_HEADERS.adminAccessToken]: token
            }
          }
        })
        const keys: InitialProjectKeys = {
          publishableClientKey: created.publishableClientKey,
          secretServerKey: created.secretServerKey,
          superSecretAdminKey: created.superSecretAdminKey
        }
        return keys
      })

    // Reading the access token may refresh the session: what that can fail with is narrowed as the calls are.
    const narrow = documented(...InternalProjectsApi.create.errors, ...InternalApiKeysApi.create.errors)
    const create = (input: AdminProjectCreate) =>
      Effect.flatMap(createProject({ body: input }), (project) =>
        Effect.map(firstKeys(project.id), (keys): CreatedProject => ({ project, keys }))
      ).pipe(narrow)

    return { create }
  })
)
