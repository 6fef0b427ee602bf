/** The client and admin views of a project. */
import * as Effect from "effect/Effect"
import { type AdminProject, type ClientProject } from "../../domain/project.js"
import type { DbError, DbShape } from "../store/db.js"
import { countProjectUsers, type StoredProject } from "../store/projects.js"

export const toClientProject = (project: StoredProject): ClientProject => ({
  id: project.id,
  displayName: project.displayName,
  config: {
    signUpEnabled: project.config.signUpEnabled,
    credentialEnabled: project.config.credentialEnabled,
    magicLinkEnabled: project.config.magicLinkEnabled,
    passkeyEnabled: project.config.passkeyEnabled,
    clientTeamCreationEnabled: project.config.clientTeamCreationEnabled,
    clientUserDeletionEnabled: project.config.clientUserDeletionEnabled,
    enabledOauthProviders: project.config.oauthProviders.filter((p) => p.enabled).map((p) => ({ id: p.id }))
  }
})

export const toAdminProject = (db: DbShape, project: StoredProject): Effect.Effect<AdminProject, DbError> =>
  Effect.map(countProjectUsers(db, project.id), (userCount) => ({
    id: project.id,
    displayName: project.displayName,
    description: project.description,
    createdAt: project.createdAt,
    userCount,
    isProductionMode: project.isProductionMode,
    config: {
      ...project.config,
      enabledOauthProviders: project.config.oauthProviders.filter((p) => p.enabled).map((p) => ({ id: p.id }))
    }
  }))
