/**
 * The client and admin views of a project, in the hosted service's shape: OAuth providers sorted by id,
 * domains by domain, default permissions by id, and an empty description rather than none. The client view
 * is what every access type reads at `GET /projects/current`.
 */
import { type AdminProject, type ClientProject } from "@stackfx/lib/domain/project.js"
import type { StoredProject } from "../../store/projects/projects.js"

const byKey =
  <A>(key: (a: A) => string) =>
  (a: A, b: A): number => {
    const x = key(a)
    const y = key(b)
    return x < y ? -1 : x > y ? 1 : 0
  }

const sorted = <A>(items: ReadonlyArray<A>, key: (a: A) => string): ReadonlyArray<A> => [...items].sort(byKey(key))

const providerIds = (project: StoredProject) =>
  sorted(project.config.oauthProviders, (p) => p.id).map((p) => ({ id: p.id }))

/**
 * The service's config state (April 2026): the local backend takes no pushed config and finds nothing to warn
 * about, so there is never an error or a warning.
 */
const configState = (project: StoredProject) => ({
  isDevelopmentEnvironment: project.isDevelopmentEnvironment,
  pushedConfigError: null,
  configWarnings: []
})

/** The local backend has no payments: promotion codes are off, as on a new project of the service. */
const promoCodes = { allowPromoCodes: false, allowStackingPromoCodes: false }

export const toClientProject = (project: StoredProject): ClientProject => ({
  id: project.id,
  displayName: project.displayName,
  ...configState(project),
  config: {
    signUpEnabled: project.config.signUpEnabled,
    credentialEnabled: project.config.credentialEnabled,
    magicLinkEnabled: project.config.magicLinkEnabled,
    passkeyEnabled: project.config.passkeyEnabled,
    clientTeamCreationEnabled: project.config.clientTeamCreationEnabled,
    clientUserDeletionEnabled: project.config.clientUserDeletionEnabled,
    allowUserApiKeys: project.config.allowUserApiKeys,
    allowTeamApiKeys: project.config.allowTeamApiKeys,
    enabledOauthProviders: providerIds(project),
    domains: sorted(project.config.domains, (d) => d.domain),
    // Newer versions of the service than the one these views follow send it; the official SDK reads it.
    allowLocalhost: project.config.allowLocalhost,
    ...promoCodes
  }
})

export const toAdminProject = (project: StoredProject): AdminProject => ({
  id: project.id,
  displayName: project.displayName,
  description: project.description ?? "",
  createdAt: project.createdAt,
  isProductionMode: project.isProductionMode,
  logoUrl: project.logoUrl,
  logoFullUrl: project.logoFullUrl,
  logoDarkModeUrl: project.logoDarkModeUrl,
  logoFullDarkModeUrl: project.logoFullDarkModeUrl,
  ownerTeamId: project.ownerTeamId,
  onboardingStatus: project.onboardingStatus,
  // The service leaves it out until the onboarding has chosen something.
  ...(project.onboardingState === null ? {} : { onboardingState: project.onboardingState }),
  ...configState(project),
  config: {
    ...project.config,
    ...promoCodes,
    oauthProviders: sorted(project.config.oauthProviders, (p) => p.id),
    enabledOauthProviders: providerIds(project),
    domains: sorted(project.config.domains, (d) => d.domain),
    teamCreatorDefaultPermissions: sorted(project.config.teamCreatorDefaultPermissions, (p) => p.id),
    teamMemberDefaultPermissions: sorted(project.config.teamMemberDefaultPermissions, (p) => p.id),
    userDefaultPermissions: sorted(project.config.userDefaultPermissions, (p) => p.id)
  }
})
