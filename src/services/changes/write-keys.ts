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
import type { ActiveSessionsShape } from "../users/active-sessions.js"
import type { AuthShape } from "../users/auth.js"
import type { NotificationPreferencesShape } from "../users/notification-preferences.js"
import type { ContactChannelsShape, ServerContactChannelsShape } from "../users/contact-channels.js"
import type { OAuthProvidersShape, ServerOAuthProvidersShape } from "../users/oauth-providers.js"
import type { Changes } from "./data-changes.js"
import { accountKeys } from "./account-keys.js"
import { dataKeys, none, session } from "./data-keys.js"
import type { OAuthShape } from "../oauth/oauth.js"
import type { PasskeysShape } from "../passkeys/passkey.js"
import type { PermissionDefinitionsShape } from "../projects/permission-definitions.js"
import type { AdminProjectsShape } from "../projects/projects.js"
import type { TeamInvitationsShape } from "../teams/team-invitations.js"
import type { ServerTeamMembersShape, TeamMembersShape } from "../teams/team-members.js"
import type { ServerTeamPermissionsShape } from "../teams/team-permissions.js"
import type { ServerProjectPermissionsShape } from "../projects/project-permissions.js"
import type { ProjectConfigShape } from "../projects/project-config.js"

const {
  contactChannels,
  oauthProviders,
  project,
  projectPermissions,
  teamApiKeys,
  teamInvitations,
  teamMembers,
  teamPermissions,
  teams,
  user,
  userApiKeys
} = dataKeys

/**
 * The invitations the signed-in user received, of any team: a team's invitations sent, revoked or used, the
 * team renamed or gone, or the user's verified addresses changed may change that list.
 */
const received = accountKeys.receivedTeamInvitations
/** What hangs off one team (every team without an id), the received invitations included. */
const teamData = (teamId?: string) => [teamMembers(teamId), teamPermissions(teamId), teamInvitations(teamId), received]
/** The signed-in user's membership of a team changed (joined, left, the team went away). */
const membership = (teamId?: string) => [teams, user, ...teamData(teamId)]
/** Which addresses are verified decides which invitations the user received. */
const channels = [contactChannels, user, received]
const allTeamPermissions = [teamPermissions()]

export const authChanges = {
  signUpWithCredential: session,
  signUpAnonymously: session,
  signInWithCredential: session,
  signInWithMfa: session,
  sendMagicLinkEmail: none,
  signInWithMagicLink: session,
  signInWithOtp: session,
  sendForgotPasswordEmail: none,
  verifyPasswordResetCode: none,
  // `hasPassword` of the user, when the reset was for the signed-in one.
  resetPassword: [user],
  updatePassword: [user],
  setPassword: [user],
  sendVerificationEmail: none,
  verifyEmail: channels,
  signOut: session
} satisfies Changes<AuthShape>

export const oauthChanges = { signIn: none, link: none, callback: session } satisfies Changes<OAuthShape>

export const passkeysChanges = { register: [user], signIn: session } satisfies Changes<PasskeysShape>

export const teamInvitationsChanges = {
  // Sent to, or revoked from, one of the signed-in user's own addresses maybe.
  send: (invitation) => [teamInvitations(invitation.teamId), received],
  list: none,
  revoke: (teamId) => [teamInvitations(teamId), received],
  checkCode: none,
  details: none,
  // The code's team is not known here.
  accept: membership(),
  listReceived: none,
  // The invitation's team is not known here either; membership() also covers every team's invitations and
  // the received ones.
  acceptById: membership()
} satisfies Changes<TeamInvitationsShape>

export const teamMembersChanges = {
  list: none,
  get: none,
  getMine: none,
  updateMine: (teamId) => [teamMembers(teamId)]
} satisfies Changes<TeamMembersShape>

/** The signed-in user's addresses, or any user's from the server tier: the same writes. */
const channelWrites = { list: none, create: channels, update: channels, delete: channels, sendVerificationEmail: none }

export const contactChannelsChanges = channelWrites satisfies Changes<ContactChannelsShape>

export const activeSessionsChanges = { list: none, revoke: [accountKeys.sessions] } satisfies Changes<ActiveSessionsShape>

export const notificationPreferencesChanges = {
  list: none,
  set: [accountKeys.notificationPreferences]
} satisfies Changes<NotificationPreferencesShape>

/** The user's read lists its linked accounts (`oauthProviders`), so a link that comes or goes changes it too. */
const linked = [oauthProviders, user]

export const oauthProvidersChanges = {
  list: none,
  get: none,
  // The switches are not part of the user's read.
  update: [oauthProviders],
  delete: linked
} satisfies Changes<OAuthProvidersShape>

// Server and admin tiers: the same data, for whichever user it belongs to (the signed-in one, maybe).

export const serverTeamMembersChanges = {
  list: none,
  get: none,
  update: (teamId) => [teamMembers(teamId)]
} satisfies Changes<ServerTeamMembersShape>

export const serverTeamPermissionsChanges = {
  list: none,
  grant: (teamId) => [teamPermissions(teamId)],
  revoke: (teamId) => [teamPermissions(teamId)]
} satisfies Changes<ServerTeamPermissionsShape>

export const serverContactChannelsChanges = channelWrites satisfies Changes<ServerContactChannelsShape>

/** A server update may change the e-mail or account id the user's read shows. */
export const serverOAuthProvidersChanges = {
  list: none,
  get: none,
  update: linked,
  delete: linked,
  create: linked
} satisfies Changes<ServerOAuthProvidersShape>

export const adminProjectsChanges = { get: none, update: [project], delete: session } satisfies Changes<AdminProjectsShape>

/** A definition's contained permissions decide every team's permission lists. */
export const permissionDefinitionsChanges = {
  list: none,
  create: allTeamPermissions,
  update: allTeamPermissions,
  delete: allTeamPermissions
} satisfies Changes<PermissionDefinitionsShape>

export const serverProjectPermissionsChanges = {
  list: none,
  grant: [projectPermissions],
  revoke: [projectPermissions]
} satisfies Changes<ServerProjectPermissionsShape>

/** A project definition's contained permissions decide every user's project permission lists. */
export const projectPermissionDefinitionsChanges = {
  list: none,
  create: [projectPermissions],
  update: [projectPermissions],
  delete: [projectPermissions]
} satisfies Changes<PermissionDefinitionsShape>

/** Config keys the project read also holds (sign-up switches, API keys, default permissions, ...). */
export const projectConfigChanges = {
  get: none,
  getOverride: none,
  override: [project],
  replace: [project]
} satisfies Changes<ProjectConfigShape>

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
