/**
 * The client tier: what an app does for its signed-in end user with the project id and the publishable
 * client key. It holds no server or admin service, so a program that needs one does not type-check.
 *
 * @example
 * const program = Effect.gen(function*() {
 *   const auth = yield* Auth
 *   yield* auth.signInWithCredential({ email, password })
 *   return yield* (yield* CurrentUser).get
 * })
 * await Effect.runPromise(program.pipe(Effect.provide(clientTier({ projectId, publishableClientKey }))))
 */
import type * as Config from "effect/Config"
import * as Layer from "effect/Layer"
import { TeamApiKeys, UserApiKeys } from "../services/generated/user-and-team-keys.js"
import { ActiveSessions } from "../services/generated/active-sessions.js"
import { AgentAuth } from "../services/generated/agent-auth.js"
import { Auth } from "../services/generated/auth.js"
import { CliLogin } from "../services/generated/cli-login.js"
import { CodeChecks } from "../services/generated/code-checks.js"
import { ConnectedAccounts } from "../services/generated/connected-accounts.js"
import { OAuthProviders } from "../services/generated/oauth-providers.js"
import { ContactChannels } from "../services/generated/contact-channels.js"
import { CurrentUser } from "../services/generated/current-user.js"
import { FeatureSupport } from "../services/generated/feature-support.js"
import { InternalProjects } from "../services/generated/internal-projects.js"
import { NotificationPreferences } from "../services/generated/notification-preferences.js"
import { CrossDomainAuth } from "../services/generated/cross-domain-auth.js"
import { OAuth } from "../services/generated/oauth.js"
import { Passkeys } from "../services/generated/passkey.js"
import { Projects } from "../services/generated/projects.js"
import { TeamInvitations } from "../services/generated/team-invitations.js"
import { TeamMembers } from "../services/generated/team-members.js"
import { TeamPermissions } from "../services/generated/team-permissions.js"
import { ProjectPermissions } from "../services/generated/project-permissions.js"
import { Teams } from "../services/generated/teams.js"
import type { ClientTierOptions } from "./config.js"
import type { CoreServices } from "./core.js"
import { makeTier, type TierBaseServices, type TierError, tierFromEnv } from "./tier.js"

/** The endpoint services of the client tier. */
export type ClientEndpointServices =
  | CurrentUser
  | Auth
  | OAuth
  | CrossDomainAuth
  | Passkeys
  | Projects
  | Teams
  | TeamInvitations
  | TeamMembers
  | TeamPermissions
  | ProjectPermissions
  | ContactChannels
  | ConnectedAccounts
  | OAuthProviders
  | InternalProjects
  | FeatureSupport
  | UserApiKeys
  | TeamApiKeys
  | ActiveSessions
  | NotificationPreferences
  | CliLogin
  | AgentAuth
  | CodeChecks

/** Everything a client-tier program may use. */
export type ClientServices = TierBaseServices | ClientEndpointServices

/** The client tier's endpoint services over any core (e.g. `layerCore(...)` in tests). */
export const clientEndpoints: Layer.Layer<ClientEndpointServices, never, CoreServices> = Layer.mergeAll(
  CurrentUser.layer,
  Auth.layer,
  OAuth.layer,
  CrossDomainAuth.layer,
  Passkeys.layer,
  Projects.layer,
  Teams.layer,
  TeamInvitations.layer,
  TeamMembers.layer,
  TeamPermissions.layer,
  ProjectPermissions.layer,
  ContactChannels.layer,
  ConnectedAccounts.layer,
  OAuthProviders.layer,
  InternalProjects.layer,
  FeatureSupport.layer,
  UserApiKeys.layer,
  TeamApiKeys.layer,
  ActiveSessions.layer,
  NotificationPreferences.layer,
  CliLogin.layer,
  AgentAuth.layer,
  CodeChecks.layer
)

/** `clientTier({ projectId, publishableClientKey, baseUrl? , tokenStore?, uniqueIdentifier? })` */
export const clientTier = (options: ClientTierOptions): Layer.Layer<ClientServices, TierError> =>
  makeTier("client", options, clientEndpoints)

/**
 * The client tier from `HEXCLAVE_PROJECT_ID`, `HEXCLAVE_PUBLISHABLE_CLIENT_KEY` and `HEXCLAVE_API_URL` (each, when
 * unset, from its old `STACK_*` name); `overrides`
 * (e.g. `{ tokenStore: "memory" }`) win over the environment.
 */
export const clientTierFromEnv = (
  overrides: ClientTierOptions = {}
): Layer.Layer<ClientServices, TierError | Config.ConfigError> => tierFromEnv(clientTier, overrides)
