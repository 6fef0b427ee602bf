/**
 * The one table of what every write changes, for the lazily loaded services (CurrentUser's is in
 * data-keys.ts): the data keys each member makes stale when it succeeds, for every service whose writes
 * touch data a reader caches (the signed-in user, the project, contact channels, teams and what hangs off
 * a team, user and team API keys). Reads list `none`. Services whose data no reader caches (project key sets, email templates, metrics,
 * sessions, webhooks, …) have no table. The implementations are built with these (`announcing`), so the
 * tables load with them and not before.
 *
 * Over-reaching is cheap (a key nobody holds costs nothing); missing one leaves a page stale, so a write
 * whose target is not known here (an invitation code's team) names the whole family.
 */
import type { ServerApiKeysShape, TeamApiKeysShape, UserApiKeysShape } from "../api-keys/project-api-keys.js"
import type { Changes } from "./data-changes.js"
import { dataKeys, none } from "./data-keys.js"

const { teamApiKeys, userApiKeys } = dataKeys

export const userApiKeysChanges = {
  create: [userApiKeys],
  list: none,
  get: none,
  update: [userApiKeys],
  revoke: [userApiKeys]
} satisfies Changes<UserApiKeysShape>

export const teamApiKeysChanges = {
  create: (teamId) => [teamApiKeys(teamId)],
  list: none,
  get: none,
  update: (teamId) => [teamApiKeys(teamId)],
  revoke: (teamId) => [teamApiKeys(teamId)]
} satisfies Changes<TeamApiKeysShape>

/** Any user's keys: the signed-in user's list may be among them (a key nobody holds costs nothing). */
export const serverApiKeysChanges = {
  checkUserKey: none,
  checkTeamKey: none,
  userOfKey: none,
  teamOfKey: none,
  createUserKey: [userApiKeys],
  listUserKeys: none,
  getUserKey: none,
  updateUserKey: [userApiKeys],
  revokeUserKey: [userApiKeys],
  createTeamKey: (teamId) => [teamApiKeys(teamId)],
  listTeamKeys: none,
  getTeamKey: none,
  updateTeamKey: (teamId) => [teamApiKeys(teamId)],
  revokeTeamKey: (teamId) => [teamApiKeys(teamId)]
} satisfies Changes<ServerApiKeysShape>
