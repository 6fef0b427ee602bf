/**
 * The implementations of {@link Projects} and {@link AdminProjects}, loaded on first use (see
 * lazy-service.ts): every member but the admin's update is a declared call (projects-calls.ts).
 */
import * as Effect from "effect/Effect"
import { AdminProjectsApi } from "../../contract/projects.js"
import type { AdminProject, AdminProjectUpdate } from "../../domain/project.js"
import { type ProductionModeProblem, productionModeProblems } from "../../domain/rules/production-mode.js"
import { ProductionModeNotReady } from "../../errors/client/production-mode-not-ready.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { AdminProjectsCalls, ProjectsCalls } from "./projects-calls.js"

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
