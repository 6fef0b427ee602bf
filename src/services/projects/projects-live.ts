/**
 * The implementations of {@link Projects} and {@link AdminProjects}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { AdminProject, AdminProjectUpdate, ClientProject } from "../../domain/project.js"
import { type ProductionModeProblem, productionModeProblems } from "../../domain/rules/production-mode.js"
import { SuccessResponse } from "../../domain/success.js"
import { ProductionModeNotReady } from "../../errors/client/production-mode-not-ready.js"
import { announcing } from "../changes/data-changes.js"
import { documented } from "../http/endpoint.js"
import type { AdminProjectsShape, ProjectsShape } from "./projects.js"
import { jsonBody, Transport } from "../http/transport.js"
import { adminProjectsChanges } from "../changes/write-keys.js"
import { AdminProjectsErrors, ProjectsErrors } from "./projects-errors.js"
import { encodeInput } from "../http/wire-codec.js"

/** The admin's project: `/projects/current` is the client view for every access type now. */
const ADMIN_PROJECT_PATH = "/internal/projects/current"

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

export const makeProjects: Effect.Effect<ProjectsShape, never, Transport> = Effect.map(Transport, (transport) => ({
  // Without the session: the project's view is the same for everyone, and a guest's or restricted user's
  // session would get the read refused (the service checks the session of every request that carries one).
  current: transport.requestJson({ method: "GET", path: "/projects/current", withSession: false }, ClientProject).pipe(
    documented(...ProjectsErrors.current)
  )
}))

/**
 * Does this patch decide whether the project may be in production mode, so that it must be checked? The
 * check is this client's own: the hosted service accepts any update, ready for production or not.
 */
const patchNeedsCheck = (patch: AdminProjectUpdate): boolean =>
  patch.isProductionMode === true ||
  (patch.isProductionMode !== false && (patch.config?.domains !== undefined || patch.config?.allowLocalhost !== undefined))

export const makeAdminProjects: Effect.Effect<AdminProjectsShape, never, Transport> = announcing(adminProjectsChanges, Effect.gen(function*() {
  const transport = yield* Transport
  const encodePatch = encodeInput(AdminProjectUpdate)

  const get = transport.requestJson({ method: "GET", path: ADMIN_PROJECT_PATH }, AdminProject).pipe(
    documented(...AdminProjectsErrors.get)
  )

  const update = (patch: AdminProjectUpdate) =>
    Effect.gen(function*() {
      const body = yield* encodePatch(patch)
      if (patchNeedsCheck(patch)) {
        const current = yield* get
        const problems = productionModeProblemsAfter(current, patch)
        if (problems.length > 0) return yield* Effect.fail(new ProductionModeNotReady({ projectId: current.id, problems }))
      }
      return yield* transport.requestJson({ method: "PATCH", path: ADMIN_PROJECT_PATH, body: jsonBody(body) }, AdminProject)
    }).pipe(documented(...AdminProjectsErrors.update))

  const remove = transport.requestJson({ method: "DELETE", path: ADMIN_PROJECT_PATH }, SuccessResponse).pipe(
    Effect.asVoid,
    documented(...AdminProjectsErrors.delete)
  )

  return { get, update, delete: remove } satisfies AdminProjectsShape
}))
