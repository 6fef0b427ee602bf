/**
 * The current project. `Projects` (every tier) reads the client view (`GET /projects/current`, the same view
 * for every access type); `AdminProjects` (admin tier) reads the whole project, updates it and deletes it at
 * `/internal/projects/current`. An update that would leave the project in production mode with failing
 * checks is refused here, before anything is sent, with every problem as data: a check of this client's
 * own, since the hosted service makes none. Their members are declared in the table below.
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, custom, effectCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { AdminProjectsApi, ProjectsApi } from "../../contract/projects.js"
import type { AdminProject, AdminProjectUpdate } from "../../domain/project.js"
import { ProductionModeNotReady } from "../../errors/client/production-mode-not-ready.js"
import { type ProductionModeProblem, productionModeProblems } from "../../domain/rules/production-mode.js"

const nothing = (): void => undefined

/** Client view of the current project (every tier). */
export const ProjectsCalls = {
  /** The project this client talks to, as any client may see it. */
  current: effectCall(ProjectsApi.current, "client", {
    // Without the session: the project's view is the same for everyone, and a guest's or restricted user's
    // session would get the read refused (the service checks the session of every request that carries one).
    input: () => ({ options: { withSession: false } })
  })
}

/** The admin's view of the current project (admin tier). */
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

/**
 * The production-mode problems the project would have after `patch`; empty when the result is not in
 * production mode or passes every check.
 *
 * @example productionModeProblemsAfter(project, { isProductionMode: true }) // [{ message: "Localhost is not allowed ...", ... }]
 */
const productionModeProblemsAfter = (
  current: AdminProject,
  patch: AdminProjectUpdate
): ReadonlyArray<ProductionModeProblem> => {
  const isProductionMode = patch.isProductionMode ?? current.isProductionMode
  if (!isProductionMode) return []
  return productionModeProblems({
    id: current.id,
    config: {
      allowLocalhost: patch.config?.allowLocalhost ?? current.config.allowLocalhost,
      domains: patch.config?.domains ?? current.config.domains
    }
  })
}

/**
 * Does this patch decide whether the project may be in production mode, so that it must be checked? The
 * check is this client's own: the hosted service accepts any update, ready for production or not.
 */
const patchNeedsCheck = (patch: AdminProjectUpdate): boolean =>
  patch.isProductionMode === true ||
  (patch.isProductionMode !== false &&
    (patch.config?.domains !== undefined || patch.config?.allowLocalhost !== undefined))

export const makeProjects = implement(ProjectsCalls)

export const makeAdminProjects = implement(
  AdminProjectsCalls,
  Effect.gen(function* () {
    const transport = yield* Transport
    const get = caller(transport, AdminProjectsApi.get, "admin")({})
    const send = caller(transport, AdminProjectsApi.update, "admin")
    const update = (patch: AdminProjectUpdate) =>
      Effect.gen(function* () {
        if (patchNeedsCheck(patch)) {
          const current = yield* get
          const problems = productionModeProblemsAfter(current, patch)
          if (problems.length > 0)
            return yield* Effect.fail(new ProductionModeNotReady({ projectId: current.id, problems }))
        }
        return yield* send({ body: patch })
      })
    return { update }
  })
)
