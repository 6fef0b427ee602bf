/**
 * Suspense hooks over the provider's cache. A hook renders the cached answer, suspends while the first
 * answer is loading, and hands a failure to the nearest error boundary. Suspending and raising are done by
 * throwing, which is React's API for both (the one place this library throws).
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import { useCallback, useSyncExternalStore } from "react"
import type { ContactChannel } from "../domain/contact-channel.js"
import type { TeamApiKey, UserApiKey } from "../domain/user-team-api-key.js"
import type { NotificationPreference } from "../domain/notification-preference.js"
import type { SessionInfo } from "../domain/session.js"
import type { OAuthProvider } from "../domain/oauth-provider.js"
import type { ClientProject } from "../domain/project.js"
import type { ClientTeam } from "../domain/team.js"
import type { TeamInvitation } from "../domain/team-invitation.js"
import type { TeamMemberProfile } from "../domain/team-member-profile.js"
import type { TeamPermission } from "../domain/team-permission.js"
import type { ProjectPermission } from "../domain/project-permission.js"
import type { ProjectPermissions } from "../services/generated/project-permissions.js"
import type { TeamPermissions } from "../services/generated/team-permissions.js"
import type { ClientUser } from "../domain/user.js"
import { NotSignedIn } from "../errors/client/session.js"
import type { WithValidity } from "../services/api-keys/user-and-team-keys.js"
import { type QueryKey, queryKeyId } from "./cache.js"
import { useStackApp } from "./provider.js"
import {
  activeSessionsQuery,
  contactChannelsQuery,
  notificationPreferencesQuery,
  oauthProvidersQuery,
  permissionsQuery,
  projectPermissionsQuery,
  projectQuery,
  receivedTeamInvitationsQuery,
  type StackQuery,
  teamInvitationsQuery,
  teamApiKeysQuery,
  teamMembersQuery,
  guestUserQuery,
  restrictedUserQuery,
  teamsQuery,
  userApiKeysQuery,
  userQuery
} from "./queries.js"
import { isRestrictedSession } from "../services/session/guest-session.js"
import { Session } from "../services/session/session.js"
import type { Auth } from "../services/generated/auth.js"
import type { CurrentUser } from "../services/generated/current-user.js"

/**
 * The answer of a cached query: `useStackQuery(userQuery)` or `useStackQuery(["team", id], loadTeam)`.
 * Every component reading the same key shares one load; see cache.ts for throttle, drop and refresh.
 */
export function useStackQuery<A, E, R>(query: StackQuery<A, E, R>): A
export function useStackQuery<A, E, R>(key: QueryKey, load: Effect.Effect<A, E, R>): A
export function useStackQuery<A, E, R>(
  keyOrQuery: QueryKey | StackQuery<A, E, R>,
  maybeLoad?: Effect.Effect<A, E, R>
): A {
  const { key, load } = isQuery(keyOrQuery)
    ? keyOrQuery
    : { key: keyOrQuery, load: maybeLoad as Effect.Effect<A, E, R> }
  const app = useStackApp<R>()
  const id = queryKeyId(key)
  // Keyed by the id: an inline array key is a new value each render but the same key.
  const subscribe = useCallback((listener: () => void) => app.cache.subscribe(key, listener), [app, id])
  const peek = () => app.cache.peek(key)
  const snapshot = useSyncExternalStore(subscribe, peek, peek) ?? app.runtime.runSync(app.cache.ensure(key, load))
  switch (snapshot._tag) {
    case "Pending":
      throw snapshot.settled
    case "Failure":
      throw Cause.squash(snapshot.cause)
    case "Success":
      // The entry under this key was filled by this key's loader.
      return snapshot.value as A
  }
}

/**
 * Starts the loads of every query not yet cached, at once, so the components that read them next wait for them
 * together rather than one after another (a component that suspends stops its siblings from rendering, and with
 * them the loads they would start). @internal
 */
export const usePreloadedQueries = <R>(queries: ReadonlyArray<StackQuery<unknown, unknown, R>>): void => {
  const app = useStackApp<R>()
  for (const query of queries) {
    if (app.cache.peek(query.key) === undefined) app.runtime.runSync(app.cache.ensure(query.key, query.load))
  }
}

const isQuery = <A, E, R>(value: QueryKey | StackQuery<A, E, R>): value is StackQuery<A, E, R> =>
  typeof value === "object" && !Array.isArray(value) && "load" in value

/** Options of `useUser`: what happens when nobody is signed in, and whether restricted users count. */
export interface UseUserOptions<Or extends UseUserOr = UseUserOr> {
  /**
   * What a visitor gets: `"return-null"` (default) renders `null`; `"throw"` raises `NotSignedIn` to the
   * error boundary; `"redirect"` sends the browser to sign-in (carrying `after_auth_return_to`), or a
   * restricted user to the onboarding page, and keeps the component suspended meanwhile; `"anonymous"`
   * signs a guest up (an anonymous user, once: concurrent callers share it) and renders them, as the official
   * SDK's `useUser({ or: "anonymous" })` does. A guest keeps their account when they sign up later.
   */
  readonly or?: Or
  /**
   * Also a restricted user (`user.isRestricted`; why in `user.restrictedReason`, e.g. `email_not_verified`),
   * whom the service accepts only where the request allows it. Without it such a user reads as nobody,
   * unless the tier accepts them (`allowRestrictedUser`). `or: "anonymous"` includes them anyway.
   */
  readonly includeRestricted?: boolean | undefined
}
/** What `useUser` does for a visitor: send to sign-in, throw `NotSignedIn`, return `null`, or sign a guest up. */
export type UseUserOr = "redirect" | "throw" | "return-null" | "anonymous"

const restrictedSessionHeld = /* @__PURE__ */ Effect.map(
  Effect.serviceOption(Session),
  (session) => session._tag === "Some" && isRestrictedSession(session.value)
)

/** The signed-in user. `useUser({ or: "redirect" })` never renders without one. */
export function useUser(options: UseUserOptions<"redirect" | "throw" | "anonymous">): ClientUser
export function useUser(options?: UseUserOptions): ClientUser | null
export function useUser(options: UseUserOptions = {}): ClientUser | null {
  const app = useStackApp<Session>()
  // One hook call whichever query, so changing the options keeps React's hook order.
  const user = useStackQuery<ClientUser | null, unknown, CurrentUser | Auth>(
    options.or === "anonymous" ? guestUserQuery : options.includeRestricted === true ? restrictedUserQuery : userQuery
  )
  if (user !== null) return user
  switch (options.or) {
    case "throw":
      throw new NotSignedIn({})
    case "redirect":
      // A session the query read as nobody may be a restricted user's: they finish their account (verify
      // their e-mail) rather than sign in again. Read from the token, without a request; a provider whose
      // Layer has no Session (an app's own services) has no restricted session to finish.
      throw app.redirectTo(app.runtime.runSync(restrictedSessionHeld) ? "onboarding" : "signIn")
    default:
      return null
  }
}

/** The project of the provider's Layer. */
export const useProject = (): ClientProject => useStackQuery(projectQuery)

/** The signed-in user's contact channels. */
export const useContactChannels = (): ReadonlyArray<ContactChannel> => useStackQuery(contactChannelsQuery)

/** The signed-in user's sessions, newest first; `isCurrentSession` marks this browser's. */
export const useActiveSessions = (): ReadonlyArray<SessionInfo> => useStackQuery(activeSessionsQuery)

/** The signed-in user's e-mail notification preferences, one per category. */
export const useNotificationPreferences = (): ReadonlyArray<NotificationPreference> =>
  useStackQuery(notificationPreferencesQuery)
/**
 * The signed-in user's linked OAuth providers (the hosted SDK's `user.useOAuthProviders()`); reloads after
 * any `OAuthProviders` or `ServerOAuthProviders` write, whoever ran it.
 */
export const useOAuthProviders = (): ReadonlyArray<OAuthProvider> => useStackQuery(oauthProvidersQuery)

/** The signed-in user's teams. */
export const useTeams = (): ReadonlyArray<ClientTeam> => useStackQuery(teamsQuery)

/** One of the signed-in user's teams, `null` when they are not a member (read from the cached list). */
export const useTeam = (teamId: string): ClientTeam | null => useTeams().find((team) => team.id === teamId) ?? null

/** Options of the permission hooks. */
export interface PermissionHookOptions {
  /** Include what granted permissions contain (default true). */
  readonly recursive?: boolean | undefined
}

/**
 * The signed-in user's permissions, contained ones included unless `recursive: false`: in a team with
 * `usePermissions(teamId)`, in the project (not tied to a team) with `usePermissions()`.
 */
export function usePermissions(options?: PermissionHookOptions): ReadonlyArray<ProjectPermission>
export function usePermissions(teamId: string, options?: PermissionHookOptions): ReadonlyArray<TeamPermission>
export function usePermissions(
  teamOrOptions?: string | PermissionHookOptions,
  options: PermissionHookOptions = {}
): ReadonlyArray<TeamPermission | ProjectPermission> {
  // One hook call either way, so switching between the forms keeps React's hook order.
  return useStackQuery<
    ReadonlyArray<TeamPermission | ProjectPermission>,
    unknown,
    ProjectPermissions | TeamPermissions
  >(
    typeof teamOrOptions === "string"
      ? permissionsQuery(teamOrOptions, options)
      : projectPermissionsQuery(teamOrOptions ?? {})
  )
}

/**
 * The permission if the signed-in user holds it (directly or through another), else `null`:
 * `usePermission(teamId, "$invite_members")` in a team, `usePermission("admin")` in the project.
 */
export function usePermission(permissionId: string): ProjectPermission | null
export function usePermission(teamId: string, permissionId: string): TeamPermission | null
export function usePermission(first: string, second?: string): TeamPermission | ProjectPermission | null {
  const held: ReadonlyArray<TeamPermission | ProjectPermission> =
    second === undefined ? usePermissions() : usePermissions(first)
  const wanted = second ?? first
  return held.find((permission) => permission.id === wanted) ?? null
}

/** Pending invitations of a team (needs `$read_members` or the like in it). */
export const useTeamInvitations = (teamId: string): ReadonlyArray<TeamInvitation> =>
  useStackQuery(teamInvitationsQuery(teamId))

/**
 * The pending invitations sent to the signed-in user's verified e-mail addresses, of any team (the hosted
 * SDK's `user.useTeamInvitations()`): each with the team's id and name. Accept one with
 * `TeamInvitations.acceptById(invitation.id)`, which reloads this list and the user's teams.
 */
export const useReceivedTeamInvitations = (): ReadonlyArray<TeamInvitation> =>
  useStackQuery(receivedTeamInvitationsQuery)

/** The member profiles of a team. */
export const useTeamMembers = (teamId: string): ReadonlyArray<TeamMemberProfile> =>
  useStackQuery(teamMembersQuery(teamId))

/**
 * The signed-in user's API keys, newest first, each with its validity as of when it was read. A key's full
 * value is never here: only the create's answer has it.
 */
export const useUserApiKeys = (): ReadonlyArray<WithValidity<UserApiKey>> => useStackQuery(userApiKeysQuery())

/** A team's API keys (the signed-in user needs `$manage_api_keys` in it; else the error boundary gets `ApiKeyNotFound`). */
export const useTeamApiKeys = (teamId: string): ReadonlyArray<WithValidity<TeamApiKey>> =>
  useStackQuery(teamApiKeysQuery(teamId))
