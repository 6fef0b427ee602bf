/** The ordered migrations. Append new files; never edit one that has shipped. */
import * as initial from "./0001-initial-schema.js"
import * as oauthTokens from "./0002-oauth-tokens.js"
import * as projectScope from "./0003-project-scope.js"
import * as ownerTeams from "./0004-owner-teams.js"
import * as emailTemplates from "./0005-email-templates.js"
import * as teamPermissionNames from "./0006-team-permission-names.js"
import * as restrictedUsers from "./0007-restricted-users.js"
import * as accessProjectPermissionsConfig from "./0008-access-project-permissions-config.js"
import * as userTeamApiKeys from "./0009-user-team-api-keys.js"
import * as cliAuthAndNotificationPreferences from "./0010-cli-auth-and-notification-preferences.js"
import * as linkedLoginsAccountPerUser from "./0011-linked-logins-account-per-user.js"
import * as userCountryAndRiskScores from "./0012-user-country-and-risk-scores.js"
import * as configSourceExternalAuth from "./0013-config-source-external-auth.js"
import * as outboxState from "./0014-outbox-state.js"
import * as signingKeyGenerations from "./0015-signing-key-generations.js"
import * as agentAuth from "./0016-agent-auth.js"
import * as webhooks from "./0017-webhooks.js"
import * as projectOnboardingState from "./0018-project-onboarding-state.js"

export interface Migration {
  readonly name: string
  readonly sql: string
}

export const migrations: ReadonlyArray<Migration> = [
  initial,
  oauthTokens,
  projectScope,
  ownerTeams,
  emailTemplates,
  teamPermissionNames,
  restrictedUsers,
  accessProjectPermissionsConfig,
  userTeamApiKeys,
  cliAuthAndNotificationPreferences,
  linkedLoginsAccountPerUser,
  userCountryAndRiskScores,
  configSourceExternalAuth,
  outboxState,
  signingKeyGenerations,
  agentAuth,
  webhooks,
  projectOnboardingState
]
