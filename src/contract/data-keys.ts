/**
 * The names readers hold data under (the React provider's queries), which a declaration's `changes` names
 * (see declaration.ts): a write that succeeds makes its keys stale, and the cache reloads what it holds under
 * them. A key stands for every key it extends (`coversKey` in services/changes/data-changes.ts), so a
 * write reaches exactly the caches that read what it changed.
 */

/**
 * The name of some data a reader can hold: `["user"]`, `["team-members", teamId]`. A key stands for
 * every key it is a prefix of: `["team-permissions", teamId]` covers both the recursive and the direct
 * list of that team, and `[]` covers everything.
 */
export type DataKey = ReadonlyArray<string | number | boolean | null>

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
  teamPermissions: (teamId?: string): DataKey =>
    teamId === undefined ? ["team-permissions"] : ["team-permissions", teamId],
  teamInvitations: (teamId?: string): DataKey =>
    teamId === undefined ? ["team-invitations"] : ["team-invitations", teamId],
  teamMembers: (teamId?: string): DataKey => (teamId === undefined ? ["team-members"] : ["team-members", teamId]),
  /** The signed-in user's project permission lists (recursive or not). */
  projectPermissions: ["project-permissions"] as DataKey,
  /** The signed-in user's API keys. */
  userApiKeys: ["user-api-keys"] as DataKey,
  /** One team's API keys, or every team's without an id. */
  teamApiKeys: (teamId?: string): DataKey => (teamId === undefined ? ["team-api-keys"] : ["team-api-keys", teamId])
}

/**
 * Keys of what only account settings read: the signed-in user's sessions, e-mail notification preferences
 * and the team invitations they received. Apart from `dataKeys`, which the always-loaded `CurrentUser`
 * carries into every first load.
 */
export const accountKeys = {
  sessions: ["sessions"] as DataKey,
  notificationPreferences: ["notification-preferences"] as DataKey,
  /** The invitations sent to the signed-in user's verified e-mail addresses (not a team's: see `teamInvitations`). */
  receivedTeamInvitations: ["received-team-invitations"] as DataKey
}

/** A read. */
export const none: ReadonlyArray<DataKey> = []
/** A write that starts, ends or switches the session (or deletes the user behind it). */
export const session: ReadonlyArray<DataKey> = [dataKeys.everything]
