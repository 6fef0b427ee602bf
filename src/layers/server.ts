/**
 * The server tier: everything of the client tier plus what server code does with the secret server key:
 * any user, their sessions, teams, memberships, permissions and contact channels, local verification
 * of access tokens, and the session of a request to the app's own server (`RequestAuth`). It holds no
 * admin service.
 *
 * @example
 * const layer = serverTier({ projectId, secretServerKey, baseUrl: "http://127.0.0.1:8102" })
 * const page = await Effect.runPromise(ServerUsers.use((users) => users.list({ limit: 10 })).pipe(Effect.provide(layer)))
 */
import type * as Config from "effect/Config"
import * as Layer from "effect/Layer"
import { ServerApiKeys } from "../services/generated/user-and-team-keys.js"
import { ServerConnectedAccounts } from "../services/generated/connected-accounts.js"
import { ServerOAuthProviders } from "../services/generated/oauth-providers.js"
import { TokenVerifier } from "../services/app-server/jwt-verify.js"
import { ServerContactChannels } from "../services/generated/contact-channels.js"
import { RequestAuth } from "../services/app-server/request-auth.js"
import { ServerSessions } from "../services/generated/server-sessions.js"
import { ServerUsers } from "../services/generated/server-users.js"
import { ServerTeamMembers } from "../services/generated/team-members.js"
import { ServerTeamPermissions } from "../services/generated/team-permissions.js"
import { ServerProjectPermissions } from "../services/generated/project-permissions.js"
import { ServerTeams } from "../services/generated/teams.js"
import { SignInInvitations } from "../services/generated/sign-in-invitations.js"
import { type ClientEndpointServices, clientEndpoints } from "./client.js"
import type { ServerTierOptions } from "./config.js"
import type { CoreServices } from "./core.js"
import { makeTier, type TierBaseServices, type TierError, tierFromEnv } from "./tier.js"

/** The endpoint services only the server tier (and the admin tier) has. */
export type ServerOnlyServices =
  | ServerUsers
  | ServerSessions
  | ServerTeams
  | ServerTeamMembers
  | ServerTeamPermissions
  | ServerProjectPermissions
  | ServerContactChannels
  | ServerConnectedAccounts
  | ServerApiKeys
  | ServerOAuthProviders
  | SignInInvitations
  | TokenVerifier
  | RequestAuth

/** The endpoint groups the server tier adds to the client's. */
export type ServerEndpointServices = ClientEndpointServices | ServerOnlyServices

/** Everything a server-tier program may use. */
export type ServerServices = TierBaseServices | ServerEndpointServices

/** The server tier's endpoint services over any core. */
export const serverEndpoints: Layer.Layer<ServerEndpointServices, never, CoreServices> = RequestAuth.layer.pipe(
  // RequestAuth reads requests with the tier's own verifier (one key cache) and user reads.
  Layer.provideMerge(
    Layer.mergeAll(
      clientEndpoints,
      ServerUsers.layer,
      ServerSessions.layer,
      ServerTeams.layer,
      ServerTeamMembers.layer,
      ServerTeamPermissions.layer,
      ServerProjectPermissions.layer,
      ServerContactChannels.layer,
      ServerConnectedAccounts.layer,
      ServerApiKeys.layer,
      ServerOAuthProviders.layer,
      SignInInvitations.layer,
      TokenVerifier.layer
    )
  )
)

/** `serverTier({ projectId, secretServerKey, publishableClientKey?, baseUrl?, tokenStore?, uniqueIdentifier? })` */
export const serverTier = (options: ServerTierOptions): Layer.Layer<ServerServices, TierError> =>
  makeTier("server", options, serverEndpoints)

/** The server tier from `HEXCLAVE_PROJECT_ID`, `HEXCLAVE_SECRET_SERVER_KEY` (or their `STACK_*` names, and the others); `overrides` win. */
export const serverTierFromEnv = (
  overrides: ServerTierOptions = {}
): Layer.Layer<ServerServices, TierError | Config.ConfigError> => tierFromEnv(serverTier, overrides)
