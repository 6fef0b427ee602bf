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
import type { CliLoginShape } from "../users/cli-login.js"
import type { Changes } from "./data-changes.js"
import { dataKeys, none, session } from "./data-keys.js"
import type { OAuthShape } from "../oauth/oauth.js"
import type { PasskeysShape } from "../passkeys/passkey.js"
import type { ServerUserRequests } from "../users/server-users.js"

const {
  teamApiKeys,
  user,
  userApiKeys
} = dataKeys


export const oauthChanges = { signIn: none, link: none, callback: session } satisfies Changes<OAuthShape>

export const passkeysChanges = { register: [user], signIn: session } satisfies Changes<PasskeysShape>

/**
 * `login` starts (or replaces) this tier's session. `complete` changes nothing here: the program is handed
 * this very session, so no new one appears in the list.
 */
export const cliLoginChanges = {
  start: none,
  poll: none,
  waitFor: none,
  login: session,
  complete: none
} satisfies Changes<CliLoginShape>


// Server and admin tiers: the same data, for whichever user it belongs to (the signed-in one, maybe).

/** `listAll` is built over `list`. */
export const serverUsersChanges = {
  list: none,
  get: none,
  create: none,
  update: [user],
  // Their sessions end with them.
  delete: session,
  restrict: [user],
  unrestrict: [user]
} satisfies Changes<ServerUserRequests>


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
