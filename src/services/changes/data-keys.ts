/**
 * The names readers hold data under (the React queries use them), and what the always-loaded
 * `CurrentUser` changes. The tables of the other services are in write-keys.ts, which travels with their
 * lazily loaded code; together they are the one table of what every write changes.
 *
 * A key stands for every key it extends (see `coversKey`), so a write reaches exactly the caches that read
 * what it changed.
 */
import type { CurrentUserShape } from "../users/current-user.js"
import type { Changes, DataKey } from "./data-changes.js"

/** The keys readers hold data under. */
export const dataKeys = {
  /** Every key: a write that starts, ends or switches the session. */
  everything: [] as DataKey,
  user: ["user"] as DataKey,
  project: ["project"] as DataKey,
  contactChannels: ["contact-channels"] as DataKey,
  /** The signed-in user's linked OAuth providers. */
  oauthProviders: ["oauth-providers"] as DataKey,
  /** The signed-in user's teams. */
  teams: ["teams"] as DataKey,
  /** One team's permission lists (recursive or not), or every team's without an id. */
  teamPermissions: (teamId?: string): DataKey => teamId === undefined ? ["team-permissions"] : ["team-permissions", teamId],
  teamInvitations: (teamId?: string): DataKey => teamId === undefined ? ["team-invitations"] : ["team-invitations", teamId],
  teamMembers: (teamId?: string): DataKey => teamId === undefined ? ["team-members"] : ["team-members", teamId],
  /** The signed-in user's project permission lists (recursive or not). */
  projectPermissions: ["project-permissions"] as DataKey,
  /** The signed-in user's API keys. */
  userApiKeys: ["user-api-keys"] as DataKey,
  /** One team's API keys, or every team's without an id. */
  teamApiKeys: (teamId?: string): DataKey => teamId === undefined ? ["team-api-keys"] : ["team-api-keys", teamId]
}

/** A read. */
export const none: ReadonlyArray<DataKey> = []
/** A write that starts, ends or switches the session (or deletes the user behind it). */
export const session: ReadonlyArray<DataKey> = [dataKeys.everything]

export const currentUserChanges = {
  get: none,
  getWith: none,
  update: [dataKeys.user],
  delete: session,
  authJson: none,
  authHeaders: none
} satisfies Changes<CurrentUserShape>
