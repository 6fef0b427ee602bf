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
import type { CliLoginShape } from "../users/cli-login.js"
import type { Changes } from "./data-changes.js"
import { dataKeys, none, session } from "./data-keys.js"
import type { ServerUserRequests } from "../users/server-users.js"
import type { ServerTeamMembersShape, TeamMembersShape } from "../teams/team-members.js"

const {
  teamMembers,
  user
} = dataKeys



export const teamMembersChanges = {
  list: none,
  get: none,
  getMine: none,
  updateMine: (teamId) => [teamMembers(teamId)]
} satisfies Changes<TeamMembersShape>

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

export const serverTeamMembersChanges = {
  list: none,
  get: none,
  update: (teamId) => [teamMembers(teamId)]
} satisfies Changes<ServerTeamMembersShape>
