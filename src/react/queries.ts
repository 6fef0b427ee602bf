/**
 * Cached reads by name: a key and the effect that loads it. A hook is then one line,
 * `useStackQuery(userQuery)`, and a mutation refreshes by the same key, `cache.invalidate(userQuery.key)`.
 */
import * as Effect from "effect/Effect"
import type { ClientUser } from "../domain/user.js"
import type { ClientUserUpdate } from "../domain/user-inputs.js"
import { ContactChannels } from "../services/contact-channels.js"
import { CurrentUser } from "../services/current-user.js"
import type { CallFailure } from "../services/endpoint.js"
import { Projects } from "../services/projects.js"
import { TeamInvitations } from "../services/team-invitations.js"
import { TeamMembers } from "../services/team-members.js"
import { TeamPermissions } from "../services/team-permissions.js"
import { Teams } from "../services/teams.js"
import { QueryCache, type QueryKey } from "./cache.js"

export interface StackQuery<A, E, R> {
  readonly key: QueryKey
  readonly load: Effect.Effect<A, E, R>
}

/** `stackQuery(["team", id], Teams.use((t) => t.get(id)))` */
export const stackQuery = <A, E, R>(key: QueryKey, load: Effect.Effect<A, E, R>): StackQuery<A, E, R> => ({ key, load })

/** The signed-in user, `null` for a visitor. Fifty components reading it share one request. */
export const userQuery: StackQuery<ClientUser | null, CallFailure, CurrentUser> = stackQuery(
  "user",
  CurrentUser.use((currentUser) => currentUser.get)
)

/** The project the client tier talks to (display name and the sign-in switches of its config). */
export const projectQuery = stackQuery("project", Projects.use((projects) => projects.current))

/** The signed-in user's contact channels (emails), primary first as the server orders them. */
export const contactChannelsQuery = stackQuery("contact-channels", ContactChannels.use((channels) => channels.list))

/** The signed-in user's teams; `useTeam(id)` reads the same entry. */
export const teamsQuery = stackQuery("teams", Teams.use((teams) => teams.list))

/** The signed-in user's permissions in a team (recursive unless asked otherwise, SPEC.md section 9). */
export const permissionsQuery = (teamId: string, options: { readonly recursive?: boolean | undefined } = {}) =>
  stackQuery(
    ["team-permissions", teamId, options.recursive ?? true],
    TeamPermissions.use((permissions) => permissions.list(teamId, options))
  )

export const teamInvitationsQuery = (teamId: string) =>
  stackQuery(["team-invitations", teamId], TeamInvitations.use((invitations) => invitations.list(teamId)))

export const teamMembersQuery = (teamId: string) =>
  stackQuery(["team-members", teamId], TeamMembers.use((members) => members.list(teamId)))

/** Every key that holds data of one team, for mutations that change it. */
export const teamKeyPrefix = (teamId: string) => (id: string): boolean =>
  id.startsWith("[\"team-") && id.includes(JSON.stringify(teamId))

/**
 * After a mutation succeeds, reloads the queries it changed (bypassing the throttle) and waits for them.
 *
 * @example
 * app.run(Teams.use((t) => t.create({ displayName })).pipe(invalidating(["teams"])))
 */
export const invalidating = (...keys: ReadonlyArray<QueryKey>) =>
<A, E, R>(mutation: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | QueryCache> =>
  Effect.tap(mutation, () => QueryCache.use((cache) => Effect.forEach(keys, cache.invalidate, { discard: true })))

/** Updates the signed-in user and puts the server's answer in the cache: every reader re-renders with it. */
export const updateUser = (patch: ClientUserUpdate) =>
  CurrentUser.use((currentUser) => currentUser.update(patch)).pipe(
    Effect.tap((user) => QueryCache.use((cache) => cache.set(userQuery.key, user)))
  )
