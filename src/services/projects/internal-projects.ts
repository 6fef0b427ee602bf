/**
 * Projects owned by the teams of the signed-in user of the `internal` project (what a dashboard lists and
 * creates). A client-tier service: it needs a session on `internal`, not an admin key. A project belongs to
 * a team of `internal`; the access token of any member of that team works as the project's admin access
 * token (`adminAccessToken` in the admin tier's config).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { AdminProject, AdminProjectCreate } from "../../domain/project.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import type { InitialProjectKeys } from "./internal-project-keys.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Session } from "../session/session.js"
import type { Transport } from "../http/transport.js"
import type { InternalProjectsErrors } from "./internal-projects-errors.js"

export { InitialProjectKeys } from "./internal-project-keys.js"

/** A project just created by its owner, with its first key set. */
export interface CreatedProject {
  readonly project: AdminProject
  /**
   * The project's first key set, made right after it with the owner's token (a new project has none),
   * with the full key values, shown only here; `null` when the session had no access token left.
   */
  readonly keys: InitialProjectKeys | null
}

type Fails<Method extends keyof typeof InternalProjectsErrors> = FailureOf<typeof InternalProjectsErrors, Method>

/** What the InternalProjects service offers; see its tag for the rules. */
export interface InternalProjectsShape {
  /** The projects owned by any team the signed-in internal user belongs to, in no promised order. */
  readonly list: Effect.Effect<ReadonlyArray<AdminProject>, Fails<"list">>
  /**
   * `create({ displayName: "My app", ownerTeamId })`: a new project owned by a team of `internal` the user
   * belongs to. The owner team is required, with no default: the service asks for it, and the hosted dashboard
   * creates a team for a user who has none (`Teams.create` on the internal project does the same here).
   */
  readonly create: (
    input: AdminProjectCreate
  ) => Effect.Effect<CreatedProject, InvalidInput | Fails<"create">>
  /**
   * `transfer(projectId, newTeamId)`: hands a project to another team. The user needs the admin permission on
   * the current owner team and membership of the new one; a project without an owner team (a seeded one)
   * cannot be transferred (a plain 400, `HttpError`).
   */
  readonly transfer: (projectId: string, newTeamId: string) => Effect.Effect<void, InvalidInput | Fails<"transfer">>
}

/** Projects owned by the signed-in dashboard user (the internal project): list and create them. */
export class InternalProjects extends /* @__PURE__ */ Context.Service<InternalProjects, InternalProjectsShape>()("stackfx/InternalProjects") {
  static readonly layer: Layer.Layer<InternalProjects, never, Transport | Session> = /* @__PURE__ */ lazyLayer(
    InternalProjects,
    { list: "effect", create: "function", transfer: "function" },
    () => import("../live.js").then((m) => m.makeInternalProjects)
  )
}
