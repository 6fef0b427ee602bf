/**
 * The current project. `GET /projects/current` answers the client view to every access type; the hosted
 * service exports only GET there, so PATCH and DELETE answer Next.js's empty 405. The admin's read, update
 * and delete live at `/internal/projects/current`, for admins only.
 */
import * as Effect from "effect/Effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { AdminProjectsApi, ProjectsApi } from "@stackfx/lib/contract/projects.js"
import { checkProjectConfig } from "../../http/project-config-checks.js"
import { serve } from "../../http/serve.js"
import { toAdminProject, toClientProject } from "../../operations/projects/project-views.js"
import { deleteCurrentProject, updateCurrentProject } from "../../operations/projects/projects.js"

/** Next.js's answer to a method its route does not export: 405 with an empty body. */
const methodNotAllowed = Effect.sync(() => HttpServerResponse.empty({ status: 405 }))

export const routes = [
  serve(ProjectsApi.current, ({ auth }) => Effect.succeed(toClientProject(auth.project))),
  serve(ProjectsApi.updateNotAllowed, () => methodNotAllowed),
  serve(ProjectsApi.deleteNotAllowed, () => methodNotAllowed),
  serve(AdminProjectsApi.get, ({ auth }) => Effect.succeed(toAdminProject(auth.project))),
  serve(AdminProjectsApi.update, ({ auth, body, request }) =>
    Effect.gen(function* () {
      yield* checkProjectConfig(body.config, request)
      return toAdminProject(yield* updateCurrentProject(auth.project, body))
    })
  ),
  serve(AdminProjectsApi.delete, ({ auth }) =>
    Effect.as(deleteCurrentProject(auth.project.id), { success: true as const })
  )
]
