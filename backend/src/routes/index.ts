/**
 * Every endpoint group of the REST API. Adding a group: write `routes/<group>.ts` exporting
 * `routes = [endpoint(...), ...]` and add one line below.
 */
import type { EndpointSpec } from "@stackfx/lib/contract/declaration.js"
import * as adminMisc from "./projects/admin-misc.js"
import * as agentAuth from "./auth/agent-auth.js"
import * as apiRoot from "./api-root.js"
import * as apiKeys from "./users/api-keys.js"
import * as authAnonymous from "./auth/auth-anonymous.js"
import * as authFlows from "./auth/auth-flows.js"
import * as authPassword from "./auth/auth-password.js"
import * as cliAuth from "./auth/cli-auth.js"
import * as contactChannels from "./users/contact-channels.js"
import * as crossDomainAuth from "./auth/cross-domain-auth.js"
import * as deviceAuth from "./projects/device-auth.js"
import * as connectedAccounts from "../oauth/routes/connected-accounts.js"
import * as emailOutbox from "./projects/email-outbox.js"
import * as emailTemplates from "./projects/email-templates.js"
import * as externalAuth from "./auth/external-auth.js"
import * as health from "./health.js"
import * as internalProjects from "./projects/internal-projects.js"
import * as jwks from "./jwks.js"
import * as notificationPreferences from "./users/notification-preferences.js"
import * as oauth from "../oauth/routes/oauth.js"
import * as oauthToken from "../oauth/routes/oauth-token.js"
import * as oauthProviders from "../oauth/routes/oauth-providers.js"
import * as passkey from "./auth/passkey.js"
import * as projectConfig from "./projects/project-config.js"
import * as projectPermissions from "./projects/project-permissions.js"
import * as userTeamApiKeys from "./projects/user-team-api-keys.js"
import * as projects from "./projects/projects.js"
import * as serverSessions from "./auth/server-sessions.js"
import * as sessions from "./auth/sessions.js"
import * as teamInvitations from "./teams/team-invitations.js"
import * as teamMemberProfiles from "./teams/team-member-profiles.js"
import * as teamMemberships from "./teams/team-memberships.js"
import * as teamPermissionDefinitions from "./teams/team-permission-definitions.js"
import * as teamPermissions from "./teams/team-permissions.js"
import * as teams from "./teams/teams.js"
import * as users from "./users/users.js"
import * as webhooks from "./webhooks/webhooks.js"

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
  ...agentAuth.routes,
  ...deviceAuth.routes,
  ...serverSessions.routes,
  ...users.routes,
  ...emailOutbox.routes,
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
  ...userTeamApiKeys.routes,
  ...emailTemplates.routes,
  ...notificationPreferences.routes,
  ...adminMisc.routes,
  ...webhooks.routes
]

/** Routes below `/api/v1`. */
export const apiRoutes = groups.map((route) => ("declaration" in route ? route.route : route))

/** The declarations the routes serve (the route table's check against the contract). */
export const servedDeclarations: ReadonlyArray<EndpointSpec> = groups.flatMap((route) =>
  "declaration" in route ? [route.declaration] : []
)
