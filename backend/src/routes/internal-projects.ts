/**
 * Projects owned by users of the `internal` project (the dashboard's calls). As on the hosted service a new
 * project has no keys: its owner makes them with `/internal/api-keys`, their access token serving as the
 * project's admin access token. The creator's `server_metadata.managedProjectIds` lists it.
 */
import * as Effect from "effect/Effect"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { AdminProject, AdminProjectCreate } from "@stackfx/lib/domain/project.js"
import { ExpectedInternalProject } from "@stackfx/lib/errors/known/project-authentication.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { checkProjectConfig } from "../http/project-config-checks.js"
import { encoded } from "../http/respond.js"
import { toAdminProject } from "../operations/project-views.js"
import { createProject } from "../operations/project-setup.js"
import { Db } from "../store/db.js"
import { recordManagedProject } from "../store/managed-projects.js"
import { addProjectOwner, listOwnedProjects } from "../store/projects.js"
import { ALL } from "../http/access.js"

const AdminProjectList = ListResponse(AdminProject)

const internalUser = (auth: Auth) =>
  auth.project.id !== "internal"
    ? Effect.fail(new ExpectedInternalProject({}))
    : auth.user === undefined
    ? Effect.fail(new UserAuthenticationRequired({}))
    : Effect.succeed(auth.user)

export const routes = [
  endpoint({
    method: "GET",
    path: "/internal/projects",
    access: ALL,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        const user = yield* internalUser(auth)
        const db = yield* Db
        const owned = yield* listOwnedProjects(db, user.id)
        const items = yield* Effect.forEach(owned, (project) => toAdminProject(db, project))
        return yield* encoded(AdminProjectList, { items, isPaginated: false })
      })
  }),
  endpoint({
    method: "POST",
    path: "/internal/projects",
    access: ALL,
    body: AdminProjectCreate,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        const user = yield* internalUser(auth)
        yield* checkProjectConfig(body.config, request)
        const db = yield* Db
        const created = yield* db.transaction(
          Effect.gen(function*() {
            const result = yield* createProject(db, {
              displayName: body.displayName,
              description: body.description ?? null,
              isProductionMode: body.isProductionMode ?? false,
              config: body.config,
              keys: null
            })
            yield* addProjectOwner(db, result.project.id, user.id)
            yield* recordManagedProject(db, user.id, result.project.id)
            return result
          })
        )
        return yield* encoded(AdminProject, yield* toAdminProject(db, created.project), 201)
      })
  })
]
