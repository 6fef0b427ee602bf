/**
 * The members of {@link Projects} and {@link AdminProjects}, each a call of a declared endpoint
 * (contract/projects.ts) or, for the admin's update, written by the implementation (projects-live.ts).
 */
import type * as Effect from "effect/Effect"
import { AdminProjectsApi, ProjectsApi } from "../../contract/projects.js"
import type { AdminProject, AdminProjectUpdate } from "../../domain/project.js"
import type { ProductionModeNotReady } from "../../errors/client/production-mode-not-ready.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, effectCall } from "../http/service-calls.js"

const nothing = (): void => undefined

export const ProjectsCalls = {
  /** The project this client talks to, as any client may see it. */
  current: effectCall(ProjectsApi.current, "client", {
    // Without the session: the project's view is the same for everyone, and a guest's or restricted user's
    // session would get the read refused (the service checks the session of every request that carries one).
    input: () => ({ options: { withSession: false } })
  })
}

export const AdminProjectsCalls = {
  /** The whole project: config, domains, OAuth providers, email config, logos, owner team. */
  get: effectCall(AdminProjectsApi.get, "admin", { input: () => ({}) }),
  /**
   * `update({ isProductionMode: true })`: patches the project. A list given (OAuth providers, domains, default
   * permissions) replaces the whole list. Turning production mode on (or changing domains or the localhost
   * switch while in it) first checks the production-mode rules and fails with `ProductionModeNotReady`
   * listing every problem; that check is this client's only, the service would accept the update.
   */
  update: custom<
    (
      patch: AdminProjectUpdate
    ) => Effect.Effect<
      AdminProject,
      | ProductionModeNotReady
      | CallFailureAt<typeof AdminProjectsApi.update, "admin">
      | CallFailureAt<typeof AdminProjectsApi.get, "admin">
    >
  >("function", AdminProjectsApi.update.changes),
  /** Deletes the project with all its users, teams and keys. */
  delete: effectCall(AdminProjectsApi.delete, "admin", { input: () => ({}), output: nothing })
}
