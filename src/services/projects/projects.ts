/**
 * The current project. `Projects` (every tier) reads the client view (`GET /projects/current`, the same view
 * for every access type); `AdminProjects` (admin tier) reads the whole project, updates it and deletes it at
 * `/internal/projects/current`. An update that would leave the project in production mode with failing
 * checks is refused here, before anything is sent, with every problem as data: a check of this client's
 * own, since the hosted service makes none. Their members are declared in projects-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { AdminProjectsMembers, ProjectsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { AdminProjectsCalls, ProjectsCalls } from "./projects-calls.js"

/** What the Projects service offers; see its tag for the rules. */
export type ProjectsShape = ShapeOf<typeof ProjectsCalls>

/** Client view of the current project (every tier). */
export class Projects extends /* @__PURE__ */ Context.Service<Projects, ProjectsShape>()("stackfx/Projects") {
  static readonly layer: Layer.Layer<Projects, never, Transport> = /* @__PURE__ */ lazyLayer(
    Projects,
    ProjectsMembers,
    () => import("../live.js").then((m) => m.makeProjects)
  )
}

/** What the AdminProjects service offers; see its tag for the rules. */
export type AdminProjectsShape = ShapeOf<typeof AdminProjectsCalls>

/** The admin's view of the current project (admin tier). */
export class AdminProjects
  extends /* @__PURE__ */ Context.Service<AdminProjects, AdminProjectsShape>()("stackfx/AdminProjects")
{
  static readonly layer: Layer.Layer<AdminProjects, never, Transport> = /* @__PURE__ */ lazyLayer(
    AdminProjects,
    AdminProjectsMembers,
    () => import("../live.js").then((m) => m.makeAdminProjects)
  )
}
