/**
 * Cached reads by name: a key and the effect that loads it. A hook is then one line,
 * `useStackQuery(userQuery)`. The keys are the data keys the services' writes announce (contract/data-keys.ts):
 * `CurrentUser.update`, `Passkeys.register`, a team's membership… reload the queries that read what they
 * changed, whoever runs them, without the caller naming a key.
 */
import * as Effect from "effect/Effect"
import type { ClientUser } from "../domain/user.js"
import { TeamApiKeys, UserApiKeys } from "../services/generated/user-and-team-keys.js"
import { ActiveSessions } from "../services/generated/active-sessions.js"
import { ContactChannels } from "../services/generated/contact-channels.js"
import { NotificationPreferences } from "../services/generated/notification-preferences.js"
import { Auth } from "../services/generated/auth.js"
import type { AnonymousSignUpFailure } from "../services/auth/auth.js"
import { CurrentUser } from "../services/generated/current-user.js"
import { OAuthProviders } from "../services/generated/oauth-providers.js"
import { dataKeys } from "../contract/data-keys.js"
import type { CallFailure } from "../services/http/transport.js"
import { ProjectPermissions } from "../services/generated/project-permissions.js"
import { Projects } from "../services/generated/projects.js"
import { TeamInvitations } from "../services/generated/team-invitations.js"
import { TeamMembers } from "../services/generated/team-members.js"
import { TeamPermissions } from "../services/generated/team-permissions.js"
import { Teams } from "../services/generated/teams.js"
import type { QueryKey } from "./cache.js"

/** A cached read: the cache key it is stored under and the effect that loads it. */
export interface StackQuery<A, E, R> {
  readonly key: QueryKey
  readonly load: Effect.Effect<A, E, R>
}

/** `stackQuery(["team", id], Teams.use((t) => t.get(id)))` */
export const stackQuery = <A, E, R>(key: QueryKey, load: Effect.Effect<A, E, R>): StackQuery<A, E, R> => ({ key, load })

/** The signed-in user, `null` for a visitor. Fifty components reading it share one request. */
export const userQuery: StackQuery<ClientUser | null, CallFailure, CurrentUser> = stackQuery(
  dataKeys.user,
  CurrentUser.use((currentUser) => currentUser.get)
)

/**
 * The signed-in user, a restricted one too (`isRestricted`, `restrictedReason`): the user who must still
 * verify their e-mail sees who they are. Under the user's key, so whatever reloads the user reloads it.
 */
export const restrictedUserQuery: StackQuery<ClientUser | null, CallFailure, CurrentUser> = stackQuery(
  [...dataKeys.user, "restricted"],
  CurrentUser.use((currentUser) => currentUser.getWith({ includeRestricted: true }))
)

/**
 * The signed-in user whoever they are, and when nobody is signed in a new guest (an anonymous user, signed
 * up here). The cache runs one load per key, so every component asking at once shares one sign-up; after
 * it, the session's change reloads the entry, which then reads the guest.
 */
export const guestUserQuery: StackQuery<ClientUser, CallFailure | AnonymousSignUpFailure, CurrentUser | Auth> =
  stackQuery(
    [...dataKeys.user, "guest"],
    CurrentUser.use((currentUser) => {
      const anyone = currentUser.getWith({ includeAnonymous: true })
      return Effect.flatMap(anyone, (user) =>
        user !== null
          ? Effect.succeed(user)
          : Effect.flatMap(
              Auth.use((auth) => auth.signUpAnonymously),
              // The session is the guest's now; a null here would be a service that signed up nobody.
              () =>
                Effect.flatMap(anyone, (guest) =>
                  guest === null ? Effect.die(new Error("anonymous sign-up left no user")) : Effect.succeed(guest)
                )
            )
      )
    })
  )

/** The project the client tier talks to (display name and the sign-in switches of its config). */
export const projectQuery = stackQuery(
  dataKeys.project,
  Projects.use((projects) => projects.current)
)

/** The signed-in user's contact channels (emails), primary first as the server orders them. */
export const contactChannelsQuery = stackQuery(
  dataKeys.contactChannels,
  ContactChannels.use((channels) => channels.list)
)

/**
 * The signed-in user's sessions (account settings). Built in a function marked pure, as the next one: a
 * program that never reads them drops them whole. The key is `accountKeys.sessions` written out (a test
 * checks they agree): the account keys are for account settings only, and a key written out costs no import.
 */
export const activeSessionsQuery = /* @__PURE__ */ (() =>
  stackQuery(
    ["sessions"],
    ActiveSessions.use((sessions) => sessions.list)
  ))()

/** The signed-in user's e-mail notification preferences (key: `accountKeys.notificationPreferences`). */
export const notificationPreferencesQuery = /* @__PURE__ */ (() =>
  stackQuery(
    ["notification-preferences"],
    NotificationPreferences.use((preferences) => preferences.list)
  ))()
/** The signed-in user's linked OAuth providers, oldest first. */
export const oauthProvidersQuery = stackQuery(
  dataKeys.oauthProviders,
  OAuthProviders.use((providers) => providers.list)
)

/** The signed-in user's teams; `useTeam(id)` reads the same entry. */
export const teamsQuery = stackQuery(
  dataKeys.teams,
  Teams.use((teams) => teams.list)
)

/** The signed-in user's project permissions (recursive unless asked otherwise, the product's default). */
export const projectPermissionsQuery = (options: { readonly recursive?: boolean | undefined } = {}) =>
  stackQuery(
    [...dataKeys.projectPermissions, options.recursive ?? true],
    ProjectPermissions.use((permissions) => permissions.list(options))
  )

/** The signed-in user's permissions in a team (recursive unless asked otherwise, the product's default). */
export const permissionsQuery = (teamId: string, options: { readonly recursive?: boolean | undefined } = {}) =>
  stackQuery(
    [...dataKeys.teamPermissions(teamId), options.recursive ?? true],
    TeamPermissions.use((permissions) => permissions.list(teamId, options))
  )

/**
 * The invitations sent to the signed-in user's verified e-mail addresses, of any team (account settings).
 * Marked pure as the sessions' query, so a program that never reads them drops them; the key is
 * `accountKeys.receivedTeamInvitations` written out, which accepting one, a team's change or a change of the
 * user's addresses announces.
 */
export const receivedTeamInvitationsQuery = /* @__PURE__ */ (() =>
  stackQuery(
    ["received-team-invitations"],
    TeamInvitations.use((invitations) => invitations.listReceived())
  ))()

/** The pending invitations of a team, cached under the team's invitations key. */
export const teamInvitationsQuery = (teamId: string) =>
  stackQuery(
    dataKeys.teamInvitations(teamId),
    TeamInvitations.use((invitations) => invitations.list(teamId))
  )

/** The members of a team, cached under the team's members key. */
export const teamMembersQuery = (teamId: string) =>
  stackQuery(
    dataKeys.teamMembers(teamId),
    TeamMembers.use((members) => members.list(teamId))
  )

// The two below are functions, not constants, so a page that never reads API keys keeps no trace of them
// after tree shaking (a top-level call is kept by bundlers even when nothing uses its result).

/** The signed-in user's API keys (last four characters only), newest first. */
export const userApiKeysQuery = () =>
  stackQuery(
    dataKeys.userApiKeys,
    UserApiKeys.use((keys) => keys.list)
  )

/** A team's API keys, for a member holding `$manage_api_keys`. */
export const teamApiKeysQuery = (teamId: string) =>
  stackQuery(
    dataKeys.teamApiKeys(teamId),
    TeamApiKeys.use((keys) => keys.list(teamId))
  )
