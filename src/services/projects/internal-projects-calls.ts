/**
 * The members of {@link InternalProjects}, each a call of a declared endpoint (contract/internal-projects.ts)
 * or, for the create that also makes the first keys, written by the implementation (internal-projects-live.ts).
 */
import type * as Effect from "effect/Effect"
import { InternalApiKeysApi } from "../../contract/api-keys.js"
import { InternalProjectsApi } from "../../contract/internal-projects.js"
import type { AdminProject, AdminProjectCreate } from "../../domain/project.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, effectCall, functionCall } from "../http/service-calls.js"
import type { InitialProjectKeys } from "./internal-project-keys.js"

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
