/**
 * The current project. `Projects` (every tier) reads the client view (`GET /projects/current`, the same view
 * for every access type); `AdminProjects` (admin tier) reads the whole project, updates it and deletes it at
 * `/internal/projects/current`. An update that would leave the project in production mode with failing
 * checks is refused here, before anything is sent, with every problem as data: a check of this client's
 * own, since the hosted service makes none.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { AdminProject, AdminProjectUpdate, ClientProject } from "../../domain/project.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { ProductionModeNotReady } from "../../errors/client/production-mode-not-ready.js"
import type { FailureOf } from "../http/endpoint.js"
import type { AdminProjectsErrors, ProjectsErrors } from "./projects-errors.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"

type AdminFails<Method extends keyof typeof AdminProjectsErrors> = FailureOf<typeof AdminProjectsErrors, Method>

/** What the Projects service offers; see its tag for the rules. */
export interface ProjectsShape {
  /** The project this client talks to, as any client may see it. */
  readonly current: Effect.Effect<ClientProject, FailureOf<typeof ProjectsErrors, "current">>
}

/** Client view of the current project (every tier). */
export class Projects extends /* @__PURE__ */ Context.Service<Projects, ProjectsShape>()("stackfx/Projects") {
  static readonly layer: Layer.Layer<Projects, never, Transport> = /* @__PURE__ */ lazyLayer(
    Projects,
    { current: "effect" },
    () => import("../live.js").then((m) => m.makeProjects)
  )
}

/** What the AdminProjects service offers; see its tag for the rules. */
export interface AdminProjectsShape {
  /** The whole project: config, domains, OAuth providers, email config, logos, owner team. */
  readonly get: Effect.Effect<AdminProject, AdminFails<"get">>
  /**
   * `update({ isProductionMode: true })`: patches the project. A list given (OAuth providers, domains, default
   * permissions) replaces the whole list. Turning production mode on (or changing domains or the localhost
   * switch while in it) first checks the production-mode rules and fails with `ProductionModeNotReady`
   * listing every problem; that check is this client's only, the service would accept the update.
   */
  readonly update: (
    patch: AdminProjectUpdate
  ) => Effect.Effect<AdminProject, InvalidInput | ProductionModeNotReady | AdminFails<"update">>
  /** Deletes the project with all its users, teams and keys. */
  readonly delete: Effect.Effect<void, AdminFails<"delete">>
}

/** The admin's view of the current project (admin tier). */
export class AdminProjects extends /* @__PURE__ */ Context.Service<AdminProjects, AdminProjectsShape>()("stackfx/AdminProjects") {
  static readonly layer: Layer.Layer<AdminProjects, never, Transport> = /* @__PURE__ */ lazyLayer(
    AdminProjects,
    { get: "effect", update: "function", delete: "effect" },
    () => import("../live.js").then((m) => m.makeAdminProjects)
  )
}
