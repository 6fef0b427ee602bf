/**
 * The current project's admin writes and the projects owned by teams of `internal` (the dashboard's calls):
 * update, delete, list, create, transfer, and the webhook portal token. A project belongs to one team of
 * `internal`; every member of that team lists it and may use their access token as its admin access token.
 * Writes need no cache invalidation of their own: a write outside `Db.writesOnly`, as these are, drops every
 * cached read (see store/read-cache.ts).
 */
import * as Effect from "effect/Effect"
import type { AdminProjectCreate, AdminProjectUpdate } from "@stackfx/lib/domain/project.js"
import { ProjectNotFound } from "@stackfx/lib/errors/known/misc.js"
import { randomSecret } from "../../crypto/secrets.js"
import { Refused } from "../../errors/refused.js"
import { Db } from "../../store/db.js"
import {
  deleteProject,
  findProject,
  lockProject,
  listOwnedProjects,
  saveProject,
  type StoredProject,
  webhookToken
} from "../../store/projects/projects.js"
import { createProject, DEFAULT_TEAM_PERMISSIONS } from "./project-setup.js"
import { updatedProject } from "./project-update.js"
import { syncRecordsOnUpdate } from "../config/override-writes.js"
import { ensureMembership } from "../permissions/team-access.js"
import { requireTeamPermission } from "../permissions/team-permissions.js"

const INTERNAL = "internal"

/** The permission on the owner team a transfer needs: `team_admin`, as the hosted service asks (the creator default). */
const OWNER_TEAM_ADMIN = DEFAULT_TEAM_PERMISSIONS[0]?.id ?? "team_admin"

/**
 * Patches the project; as on the service, the answer is the project read again after the write. The patch
 * applies to the row as locked in the transaction, not to the caller's copy, which another instance may
 * have changed since it was cached.
 */
export const updateCurrentProject = (project: StoredProject, update: AdminProjectUpdate) =>
  Effect.gen(function* () {
    const next = yield* Db.transaction(
      Effect.gen(function* () {
        const updated = yield* updatedProject((yield* lockProject(project.id)) ?? project, update)
        const synced = yield* syncRecordsOnUpdate(updated, {
          domains: update.config?.domains !== undefined,
          providers: update.config?.oauthProviders !== undefined
        })
        yield* saveProject(synced)
        return synced
      })
    )
    return (yield* findProject(next.id)) ?? next
  })

/** Deletes the project with all its users, teams and keys. */
export const deleteCurrentProject = (projectId: string) =>
  Effect.gen(function* () {
    // A deviation: the hosted service deletes `internal` too. Here every other project's owners sign in
    // through it, and deleting it would lock everyone out of the local backend.
    if (projectId === INTERNAL) {
      return yield* Effect.fail(new Refused({ reason: "invalid", message: "The internal project cannot be deleted." }))
    }
    yield* deleteProject(projectId)
  })

/** The projects owned by any team of `internal` the user belongs to. */
export const ownedProjects = (userId: string) => listOwnedProjects(userId)

/** A new project owned by a team of `internal` the creator belongs to; it has no keys. */
export const createOwnedProject = (userId: string, body: AdminProjectCreate) =>
  Effect.gen(function* () {
    yield* ensureMembership(INTERNAL, body.ownerTeamId, userId)
    const created = yield* Db.transaction(
      createProject({
        displayName: body.displayName,
        description: body.description ?? "",
        isProductionMode: body.isProductionMode ?? false,
        isDevelopmentEnvironment: body.isDevelopmentEnvironment,
        config: body.config,
        ownerTeamId: body.ownerTeamId,
        logoUrl: body.logoUrl,
        logoFullUrl: body.logoFullUrl,
        logoDarkModeUrl: body.logoDarkModeUrl,
        logoFullDarkModeUrl: body.logoFullDarkModeUrl,
        onboardingStatus: body.onboardingStatus,
        onboardingState: body.onboardingState,
        keys: null
      })
    )
    return created.project
  })

/**
 * Hands a project to another team: the user needs `team_admin` on the current owner team and membership of
 * the new one; a project without an owner team (a seeded one) cannot be transferred.
 */
export const transferProject = (userId: string, projectId: string, newTeamId: string) =>
  // The permission and the membership are read in the transaction that writes the new owner: one state on PGlite,
  // which runs one transaction at a time; on PostgreSQL (read committed) a grant revoked between the read and the
  // write is not seen, unlike the team writes, whose statements check it themselves.
  Db.transaction(
    Effect.gen(function* () {
      const project = yield* findProject(projectId)
      if (project === undefined) return yield* Effect.fail(new ProjectNotFound({ details: { project_id: projectId } }))
      if (project.ownerTeamId === null) {
        return yield* Effect.fail(
          new Refused({ reason: "invalid", message: "Project must have an owner team to be transferred" })
        )
      }
      yield* requireTeamPermission(
        { projectId: INTERNAL, teamId: project.ownerTeamId, userId, permissionId: OWNER_TEAM_ADMIN },
        "required"
      )
      yield* ensureMembership(INTERNAL, newTeamId, userId)
      yield* saveProject({ ...project, ownerTeamId: newTeamId })
    })
  )

/** The project's webhook portal token, made on the first ask and stable after. */
export const portalToken = (projectId: string) =>
  Effect.gen(function* () {
    const candidate = `whk_${yield* randomSecret(24)}`
    return yield* webhookToken(projectId, candidate)
  })
