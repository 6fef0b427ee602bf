/**
 * The current project: the client view for clients and servers, the admin view for admins, and the admin's
 * update (with the production-mode checks) and delete. Writes need no cache invalidation of their own: a
 * write outside `Db.writesOnly`, as these are, drops every cached read (see store/read-cache.ts).
 */
import * as Effect from "effect/Effect"
import { AdminProject, AdminProjectUpdate, ClientProject } from "@stackfx/lib/domain/project.js"
import { endpoint } from "../http/endpoint.js"
import { checkProjectConfig } from "../http/project-config-checks.js"
import { encoded, HttpStatusError, success } from "../http/respond.js"
import { toAdminProject, toClientProject } from "../operations/project-views.js"
import { updatedProject } from "../operations/project-update.js"
import { Db } from "../store/db.js"
import { forgetManagedProject } from "../store/managed-projects.js"
import { deleteProject, saveProject } from "../store/projects.js"
import { ADMIN, ALL } from "../http/access.js"

export const routes = [
  endpoint({
    method: "GET",
    path: "/projects/current",
    access: ALL,
    handler: ({ auth }) =>
      auth.accessType === "admin"
        ? Effect.flatMap(Effect.flatMap(Db, (db) => toAdminProject(db, auth.project)), (view) => encoded(AdminProject, view))
        : encoded(ClientProject, toClientProject(auth.project))
  }),
  endpoint({
    method: "PATCH",
    path: "/projects/current",
    access: ADMIN,
    body: AdminProjectUpdate,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        yield* checkProjectConfig(body.config, request)
        const db = yield* Db
        const next = yield* updatedProject(db, auth.project, body)
        yield* saveProject(db, next)
        return yield* encoded(AdminProject, yield* toAdminProject(db, next))
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/projects/current",
    access: ADMIN,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        // Every other project's owners sign in through it; deleting it would lock everyone out.
        if (auth.project.id === "internal") {
          return yield* Effect.fail(new HttpStatusError({ status: 400, message: "The internal project cannot be deleted." }))
        }
        const db = yield* Db
        yield* db.transaction(Effect.andThen(deleteProject(db, auth.project.id), forgetManagedProject(db, auth.project.id)))
        return success
      })
  })
]
