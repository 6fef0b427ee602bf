/**
 * Projects owned by teams of the `internal` project (the dashboard's calls). A project belongs to one team
 * of `internal`; every member of that team lists it and may use their access token as its admin access
 * token. As on the hosted service a new project has no keys: its owner makes them with `/internal/api-keys`.
 */
import * as Effect from "effect/Effect"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { AdminProject, AdminProjectCreate, ProjectTransfer, ProjectTransferResponse } from "@stackfx/lib/domain/project.js"
import { ProjectNotFound } from "@stackfx/lib/errors/known/misc.js"
import { ExpectedInternalProject } from "@stackfx/lib/errors/known/project-authentication.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { checkProjectConfig } from "../http/project-config-checks.js"
import { schemaErrorOf } from "../http/request.js"
import { encoded, HttpStatusError } from "../http/respond.js"
import { toAdminProject } from "../operations/project-views.js"
import { createProject, DEFAULT_TEAM_PERMISSIONS } from "../operations/project-setup.js"
import { ensureMembership } from "../operations/team-access.js"
import { requireTeamPermission } from "../operations/team-permissions.js"
import { Db } from "../store/db.js"
import { findProject, listOwnedProjects, saveProject } from "../store/projects.js"
import { ALL } from "../http/access.js"

const AdminProjectList = ListResponse(AdminProject)

const INTERNAL = "internal"

/** The permission on the owner team a transfer needs: `team_admin`, as the hosted service asks (the creator default). */
const OWNER_TEAM_ADMIN = DEFAULT_TEAM_PERMISSIONS[0]?.id ?? "team_admin"

/** The signed-in user of `internal`; the service asks for the user first, then for the project. */
const internalUser = (auth: Auth) =>
  auth.user === undefined
    ? Effect.fail(new UserAuthenticationRequired({}))
    : auth.project.id !== INTERNAL
    ? Effect.fail(new ExpectedInternalProject({}))
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
        return yield* encoded(AdminProjectList, { items: owned.map(toAdminProject), isPaginated: false })
      })
  }),
  endpoint({
    method: "POST",
    path: "/internal/projects",
    access: ALL,
    body: AdminProjectCreate,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        yield* checkProjectConfig(body.config, request)
        const user = yield* internalUser(auth)
        const db = yield* Db
        // The owner team must be a team of `internal` the creator belongs to.
        yield* ensureMembership(db, INTERNAL, body.ownerTeamId, user.id)
        const created = yield* db.transaction(
          createProject(db, {
            displayName: body.displayName,
            description: body.description ?? "",
            isProductionMode: body.isProductionMode ?? false,
            config: body.config,
            ownerTeamId: body.ownerTeamId,
            logoUrl: body.logoUrl,
            logoFullUrl: body.logoFullUrl,
            logoDarkModeUrl: body.logoDarkModeUrl,
            logoFullDarkModeUrl: body.logoFullDarkModeUrl,
            onboardingStatus: body.onboardingStatus,
            keys: null
          })
        )
        return yield* encoded(AdminProject, toAdminProject(created.project), 201)
      })
  }),
  endpoint({
    method: "POST",
    path: "/internal/projects/transfer",
    access: ALL,
    body: ProjectTransfer,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        // The service states its caller in the request schema, so a wrong caller is a SCHEMA_ERROR here.
        const user = auth.user
        if (user === undefined) return yield* Effect.fail(schemaErrorOf(request, ["auth.user must be defined"]))
        if (auth.project.id !== INTERNAL) {
          return yield* Effect.fail(schemaErrorOf(request, ["auth.project.id must be one of the following values: internal"]))
        }
        const db = yield* Db
        const project = yield* findProject(db, body.projectId)
        if (project === undefined) return yield* Effect.fail(new ProjectNotFound({ details: { project_id: body.projectId } }))
        if (project.ownerTeamId === null) {
          return yield* Effect.fail(new HttpStatusError({ status: 400, message: "Project must have an owner team to be transferred" }))
        }
        yield* requireTeamPermission(
          db,
          { projectId: INTERNAL, teamId: project.ownerTeamId, userId: user.id, permissionId: OWNER_TEAM_ADMIN },
          "required"
        )
        yield* ensureMembership(db, INTERNAL, body.newTeamId, user.id)
        yield* saveProject(db, { ...project, ownerTeamId: body.newTeamId })
        return yield* encoded(ProjectTransferResponse, { success: "true" })
      })
  })
]
