/**
 * Projects owned by users of the `internal` project (the dashboard's calls). A new project gets a first
 * key set; the create answer carries its full values in `stackfx_api_keys`, an emulator extension
 * (clients of the hosted API ignore unknown fields), because the keys cannot be shown again.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "../../domain/list.js"
import { AdminProject, AdminProjectCreate } from "../../domain/project.js"
import { ExpectedInternalProject } from "../../errors/known/project-authentication.js"
import { UserAuthenticationRequired } from "../../errors/known/session.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, json } from "../http/respond.js"
import { toAdminProject } from "../services/project-views.js"
import { createProject } from "../services/project-setup.js"
import { productionModeRefusal } from "../services/project-update.js"
import { Db } from "../store/db.js"
import { addProjectOwner, listOwnedProjects } from "../store/projects.js"

const AdminProjectList = ListResponse(AdminProject)
const encodeAdminProject = Schema.encodeEffect(AdminProject)

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
    access: ["client", "server", "admin"],
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
    access: ["client", "server", "admin"],
    body: AdminProjectCreate,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const user = yield* internalUser(auth)
        const db = yield* Db
        const created = yield* db.transaction(
          Effect.gen(function*() {
            const result = yield* createProject(db, {
              displayName: body.displayName,
              description: body.description ?? null,
              isProductionMode: body.isProductionMode ?? false,
              config: body.config
            })
            // Checked on the inserted row so the message names the real id; failing rolls it back.
            const refusal = result.project.isProductionMode ? productionModeRefusal(result.project) : undefined
            if (refusal !== undefined) return yield* Effect.fail(refusal)
            yield* addProjectOwner(db, result.project.id, user.id)
            return result
          })
        )
        const wire = yield* Effect.orDie(encodeAdminProject(yield* toAdminProject(db, created.project)))
        return json({
          ...wire,
          stackfx_api_keys: {
            publishable_client_key: created.keys.publishableClientKey ?? null,
            secret_server_key: created.keys.secretServerKey ?? null,
            super_secret_admin_key: created.keys.superSecretAdminKey ?? null
          }
        }, 201)
      })
  })
]
