/**
 * Projects owned by the signed-in user of the `internal` project (what a dashboard lists and creates).
 * A client-tier service: it needs a session on `internal`, not an admin key. The owner's access token
 * then works as the admin access token of each project (`adminAccessToken` in the admin tier's config).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { AdminProject, AdminProjectCreate } from "../../domain/project.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import type { InitialProjectKeys } from "./internal-project-keys.js"
import { lazyLayer } from "../http/lazy-service.js"
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
  /** The projects the signed-in internal user owns, newest first. */
  readonly list: Effect.Effect<ReadonlyArray<AdminProject>, Fails<"list">>
  /** `create({ displayName: "My app" })`: a new project owned by the signed-in user. */
  readonly create: (
    input: AdminProjectCreate
  ) => Effect.Effect<CreatedProject, InvalidInput | Fails<"create">>
}

/** Projects owned by the signed-in dashboard user (the internal project): list and create them. */
export class InternalProjects extends /* @__PURE__ */ Context.Service<InternalProjects, InternalProjectsShape>()("stackfx/InternalProjects") {
  static readonly layer: Layer.Layer<InternalProjects, never, Transport | Session> = /* @__PURE__ */ lazyLayer(
    InternalProjects,
    { list: "effect", create: "function" },
    () => import("../live.js").then((m) => m.makeInternalProjects)
  )
}
