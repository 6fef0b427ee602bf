/**
 * Data keys of what only account settings read: the signed-in user's sessions, e-mail notification
 * preferences and the team invitations they received. Apart from `dataKeys` (data-keys.ts), which the always-loaded `CurrentUser` carries into every
 * first load: these are needed only by the lazily loaded services' change table and by the React queries.
 */
import type { DataKey } from "./data-changes.js"

export const accountKeys = {
  sessions: ["sessions"] as DataKey,
  notificationPreferences: ["notification-preferences"] as DataKey,
  /** The invitations sent to the signed-in user's verified e-mail addresses (not a team's: see `teamInvitations`). */
  receivedTeamInvitations: ["received-team-invitations"] as DataKey
}
