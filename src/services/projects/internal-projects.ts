/**
 * Projects owned by the teams of the signed-in user of the `internal` project (what a dashboard lists and
 * creates). A client-tier service: it needs a session on `internal`, not an admin key. A project belongs to
 * a team of `internal`; the access token of any member of that team works as the project's admin access
 * token (`adminAccessToken` in the admin tier's config). Its members are declared in the table below.
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, custom, effectCall, functionCall, implement } from "../http/service-calls.js"
import { Session } from "../session/session.js"
import { Transport, documented } from "../http/transport.js"
import { InternalApiKeysApi } from "../../contract/api-keys.js"
import { InternalProjectsApi } from "../../contract/internal-projects.js"
import type { AdminProject, AdminProjectCreate } from "../../domain/project.js"
import type { InitialProjectKeys } from "./internal-project-keys.js"
import { STACK_HEADERS } from "../../domain/api.js"

/** A project just created by its owner, with its first key set. */
export interface CreatedProject {
  readonly project: AdminProject
  /**
   * The project's first key set, made right after it with the owner's token (a new project has none),
   * with the full key values, shown only here; `null` when the session had no access token left.
   */
  readonly keys: InitialProjectKeys | null
}

const nothing = (): void => undefined

/** Projects owned by the signed-in dashboard user (the internal project): list and create them. */
export const InternalProjectsCalls = {
  /** The projects owned by any team the signed-in internal user belongs to, in no promised order. */
  list: effectCall(InternalProjectsApi.list, "client", { input: () => ({}), output: (page) => page.items }),
  /**
   * `create({ displayName: "My app", ownerTeamId })`: a new project owned by a team of `internal` the user
   * belongs to. The owner team is required, with no default: the service asks for it, and the hosted dashboard
   * creates a team for a user who has none (`Teams.create` on the internal project does the same here).
   * Making the first keys uses the owner's token as the new project's admin access token.
   */
  create:
    custom<
      (
        input: AdminProjectCreate
      ) => Effect.Effect<
        CreatedProject,
        | CallFailureAt<typeof InternalProjectsApi.create, "client">
        | CallFailureAt<typeof InternalApiKeysApi.create, "admin">
      >
    >("function"),
  /**
   * `transfer(projectId, newTeamId)`: hands a project to another team. The user needs the admin permission on
   * the current owner team and membership of the new one; a project without an owner team (a seeded one)
   * cannot be transferred (a plain 400, `HttpError`).
   */
  transfer: functionCall(
    InternalProjectsApi.transfer,
    "client",
    (projectId: string, newTeamId: string) => ({ body: { projectId, newTeamId } }),
    nothing
  )
}

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
