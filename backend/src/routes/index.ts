/**
 * Every endpoint group of the REST API. Adding a group: write `routes/<group>.ts` exporting
 * `routes = [endpoint(...), ...]` and add one line below.
 */
import type { EndpointSpec } from "@stackfx/lib/contract/declaration.js"
import * as adminMisc from "./admin-misc.js"
import * as apiRoot from "./api-root.js"
import * as apiKeys from "./api-keys.js"
import * as authAnonymous from "./auth-anonymous.js"
import * as authFlows from "./auth-flows.js"
import * as authPassword from "./auth-password.js"
import * as cliAuth from "./cli-auth.js"
import * as contactChannels from "./contact-channels.js"
import * as crossDomainAuth from "./cross-domain-auth.js"
import * as connectedAccounts from "./connected-accounts.js"
import * as emailTemplates from "./email-templates.js"
import * as externalAuth from "./external-auth.js"
import * as health from "./health.js"
import * as internalProjects from "./internal-projects.js"
import * as jwks from "./jwks.js"
import * as notificationPreferences from "./notification-preferences.js"
import * as oauth from "./oauth.js"
import * as oauthToken from "./oauth-token.js"
import * as oauthProviders from "./oauth-providers.js"
import * as passkey from "./passkey.js"
import * as projectConfig from "./project-config.js"
import * as projectPermissions from "./project-permissions.js"
import * as projectApiKeys from "./project-api-keys.js"
import * as projects from "./projects.js"
import * as serverSessions from "./server-sessions.js"
import * as sessions from "./sessions.js"
import * as teamInvitations from "./team-invitations.js"
import * as teamMemberProfiles from "./team-member-profiles.js"
import * as teamMemberships from "./team-memberships.js"
import * as teamPermissionDefinitions from "./team-permission-definitions.js"
import * as teamPermissions from "./team-permissions.js"
import * as teams from "./teams.js"
import * as users from "./users.js"

/** Every route group below `/api/v1`, served from declarations (`serve`) or not yet. */
const groups = [
  ...apiRoot.routes,
  ...health.routes,
  ...jwks.routes,
  ...authPassword.routes,
  ...authAnonymous.routes,
  ...authFlows.routes,
  ...contactChannels.routes,
  ...oauthToken.routes,
  ...oauth.routes,
  ...externalAuth.routes,
  ...crossDomainAuth.routes,
  ...passkey.routes,
  ...connectedAccounts.routes,
  ...oauthProviders.routes,
  ...sessions.routes,
  ...cliAuth.routes,
  ...serverSessions.routes,
  ...users.routes,
  ...teams.routes,
  ...teamMemberships.routes,
  ...teamMemberProfiles.routes,
  ...teamInvitations.routes,
  ...teamPermissions.routes,
  ...teamPermissionDefinitions.routes,
  ...projectPermissions.routes,
  ...projectConfig.routes,
  ...projects.routes,
  ...internalProjects.routes,
  ...apiKeys.routes,
  ...projectApiKeys.routes,
  ...emailTemplates.routes,
  ...notificationPreferences.routes,
  ...adminMisc.routes
]

/** Routes below `/api/v1`. */
export const apiRoutes = groups.map((route) => ("declaration" in route ? route.route : route))

/** The declarations the routes serve (the route table's check against the contract). */
export const servedDeclarations: ReadonlyArray<EndpointSpec> = groups.flatMap((route) =>
  "declaration" in route ? [route.declaration] : []
)
