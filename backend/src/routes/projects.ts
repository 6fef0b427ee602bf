/**
 * The current project. `GET /projects/current` answers the client view to every access type (the hosted
 * service serves only GET there now; PATCH and DELETE fall through to the not-found page, where the hosted
 * Next.js answers an empty 405). The admin's read, update and delete live at `/internal/projects/current`,
 * for admins only. Writes need no cache invalidation of their own: a write outside `Db.writesOnly`, as
 * these are, drops every cached read (see store/read-cache.ts).
 */
import * as Effect from "effect/Effect"
import { AdminProject, AdminProjectUpdate, ClientProject } from "@stackfx/lib/domain/project.js"
import { endpoint } from "../http/endpoint.js"
import { checkProjectConfig } from "../http/project-config-checks.js"
import { encoded, HttpStatusError, success } from "../http/respond.js"
import { toAdminProject, toClientProject } from "../operations/project-views.js"
import { updatedProject } from "../operations/project-update.js"
import { Db } from "../store/db.js"
import { deleteProject, findProject, saveProject } from "../store/projects.js"
import { ADMIN, ALL } from "../http/access.js"

const ADMIN_PROJECT_PATH = "/internal/projects/current"

export const routes = [
  endpoint({
    method: "GET",
    path: "/projects/current",
    access: ALL,
    handler: ({ auth }) => encoded(ClientProject, toClientProject(auth.project))
  }),
  endpoint({
    method: "GET",
    path: ADMIN_PROJECT_PATH,
    access: ADMIN,
    handler: ({ auth }) => encoded(AdminProject, toAdminProject(auth.project))
  }),
  endpoint({
    method: "PATCH",
    path: ADMIN_PROJECT_PATH,
    access: ADMIN,
    body: AdminProjectUpdate,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        yield* checkProjectConfig(body.config, request)
        const db = yield* Db
        const next = yield* updatedProject(auth.project, body)
        yield* saveProject(db, next)
        // As on the service, the answer is the project read again after the write.
        const saved = yield* findProject(db, next.id)
        return yield* encoded(AdminProject, toAdminProject(saved ?? next))
      })
  }),
  endpoint({
    method: "DELETE",
    path: ADMIN_PROJECT_PATH,
    access: ADMIN,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        // A deviation: the hosted service deletes `internal` too. Here every other project's owners sign in
        // through it, and deleting it would lock everyone out of the local backend.
        if (auth.project.id === "internal") {
          return yield* Effect.fail(new HttpStatusError({ status: 400, message: "The internal project cannot be deleted." }))
        }
        const db = yield* Db
        yield* deleteProject(db, auth.project.id)
        return success
      })
  })
]
