/**
 * The client and admin views of a project, in the hosted service's shape: OAuth providers sorted by id,
 * and an empty description rather than none.
 */
import * as Effect from "effect/Effect"
import { type AdminProject, type ClientProject } from "@stackfx/lib/domain/project.js"
import type { DbError, DbShape } from "../store/db.js"
import { countProjectUsers, type StoredProject } from "../store/projects.js"

type OAuthProviders = StoredProject["config"]["oauthProviders"]

const sortedProviders = (providers: OAuthProviders): OAuthProviders =>
  [...providers].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

const enabledProviders = (providers: OAuthProviders) => providers.filter((p) => p.enabled).map((p) => ({ id: p.id }))

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
    enabledOauthProviders: enabledProviders(sortedProviders(project.config.oauthProviders))
  }
})

export const toAdminProject = (db: DbShape, project: StoredProject): Effect.Effect<AdminProject, DbError> =>
  Effect.map(countProjectUsers(db, project.id), (userCount) => {
    const oauthProviders = sortedProviders(project.config.oauthProviders)
    return {
      id: project.id,
      displayName: project.displayName,
      description: project.description ?? "",
      createdAt: project.createdAt,
      userCount,
      isProductionMode: project.isProductionMode,
      config: { ...project.config, oauthProviders, enabledOauthProviders: enabledProviders(oauthProviders) }
    }
  })
