/**
 * Projects owned by teams of the `internal` project (the dashboard's calls). A project belongs to one team
 * of `internal`; every member of that team lists it and may use their access token as its admin access
 * token. As on the hosted service a new project has no keys: its owner makes them with `/internal/api-keys`.
 */
import * as Effect from "effect/Effect"
import { InternalProjectsApi } from "@stackfx/lib/contract/internal-projects.js"
import { checkProjectConfig } from "../../http/project-config-checks.js"
import { requireInput, userRequiredBySchema } from "../../http/request.js"
import { serve, unreachable } from "../../http/serve.js"
import { internalUser, isInternalProject } from "../../operations/projects/project-actors.js"
import { toAdminProject } from "../../operations/projects/project-views.js"
import { createOwnedProject, ownedProjects, transferProject } from "../../operations/projects/projects.js"

export const routes = [
  serve(InternalProjectsApi.list, ({ auth }) =>
    Effect.gen(function* () {
      const user = yield* internalUser(auth)
      const owned = yield* ownedProjects(user.id)
      return { items: owned.map(toAdminProject), isPaginated: false as const }
    })
  ),
  serve(InternalProjectsApi.create, ({ auth, body, request }) =>
    Effect.gen(function* () {
      yield* checkProjectConfig(body.config, request)
      const user = yield* internalUser(auth)
      // The user was read with the request's authentication.
      return toAdminProject(yield* createOwnedProject(user.id, body).pipe(unreachable("UserNotFound")))
    })
  ),
  serve(InternalProjectsApi.transfer, ({ auth, body, request }) =>
    Effect.gen(function* () {
      // The service states its caller in the request schema, so a wrong caller is a SCHEMA_ERROR here.
      const user = yield* userRequiredBySchema(auth.user, request)
      yield* requireInput(
        request,
        isInternalProject(auth),
        "auth.project.id must be one of the following values: internal"
      )
      // The user was read with the request's authentication.
      yield* transferProject(user.id, body.projectId, body.newTeamId).pipe(unreachable("UserNotFound"))
      return { success: "true" as const }
    })
  )
]
