/**
 * Projects owned by the teams of the signed-in user of the `internal` project (what a dashboard lists and
 * creates). A client-tier service: it needs a session on `internal`, not an admin key. A project belongs to
 * a team of `internal`; the access token of any member of that team works as the project's admin access
 * token (`adminAccessToken` in the admin tier's config). Its members are declared in internal-projects-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { InternalProjectsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Session } from "../session/session.js"
import type { Transport } from "../http/transport.js"
import type { InternalProjectsCalls } from "./internal-projects-calls.js"

export { InitialProjectKeys } from "./internal-project-keys.js"
export type { CreatedProject } from "./internal-projects-calls.js"

/** What the InternalProjects service offers; see its tag for the rules. */
export type InternalProjectsShape = ShapeOf<typeof InternalProjectsCalls>

/** Projects owned by the signed-in dashboard user (the internal project): list and create them. */
export class InternalProjects
  extends /* @__PURE__ */ Context.Service<InternalProjects, InternalProjectsShape>()("stackfx/InternalProjects")
{
  static readonly layer: Layer.Layer<InternalProjects, never, Transport | Session> = /* @__PURE__ */ lazyLayer(
    InternalProjects,
    InternalProjectsMembers,
    () => import("../live.js").then((m) => m.makeInternalProjects)
  )
}
