/**
 * The services of the tiers, one tag per endpoint group (`Auth`, `CurrentUser`, `Teams`, …), what their members take,
 * answer and fail with, and the helpers of a few of them.
 *
 * Part of the root entry (src/index.ts); every statement here carries its `@category` (docs/api-report.md groups
 * the entry's names by it). Never write the internal JSDoc tag, at-sign and all, above an export line here:
 * `stripInternal` would drop the line from the declarations (scripts/check-declarations.ts checks).
 */

/** @category Services */
export { AdminAuthErrorTags } from "../services/projects/admin-auth.js"
/** @category Services */
export type { AdminAuthErrorTag, AdminFailure } from "../services/projects/admin-auth.js"
// The service tags, one group per tag module: written by `npm run generate` down to the next marker.
/** @category Services */
export { ActiveSessions } from "../services/generated/active-sessions.js"
/** @category Services */
export type { ActiveSessionsShape } from "../services/generated/active-sessions.js"
/** @category Services */
export { AgentAuth } from "../services/generated/agent-auth.js"
/** @category Services */
export type { AgentAuthWaitOptions, AgentSignInOptions, AgentAuthShape } from "../services/generated/agent-auth.js"
/** @category Services */
export { Auth } from "../services/generated/auth.js"
/** @category Services */
export type {
  AnonymousSignUpFailure,
  CredentialSignInFailure,
  CredentialSignUp,
  EmailLinkOptions,
  ForgotPasswordFailure,
  MagicLinkOptions,
  MagicLinkSendFailure,
  MagicLinkSignInFailure,
  MfaSignInFailure,
  PasswordReset,
  PasswordSet,
  PasswordUpdate,
  ResetPasswordFailure,
  SendVerificationFailure,
  SetPasswordFailure,
  SignOutFailure,
  SignUpFailure,
  SignedIn,
  UpdatePasswordFailure,
  VerifyEmailFailure,
  VerifyPasswordResetCodeFailure,
  AuthShape
} from "../services/generated/auth.js"
/** @category Services */
export { CliLogin } from "../services/generated/cli-login.js"
/** @category Services */
export type {
  CliLoginAttempt,
  CliLoginOptions,
  CliLoginPoll,
  CliLoginWaitOptions,
  CliLoginShape
} from "../services/generated/cli-login.js"
/** @category Services */
export { CodeChecks } from "../services/generated/code-checks.js"
/** @category Services */
export type { CodeChecksShape } from "../services/generated/code-checks.js"
/** @category Services */
export { ConnectedAccounts, ServerConnectedAccounts } from "../services/generated/connected-accounts.js"
/** @category Services */
export type {
  ConnectedAccountError,
  ConnectedAccountsShape,
  ServerConnectedAccountsShape
} from "../services/generated/connected-accounts.js"
/** @category Services */
export { ContactChannels, ServerContactChannels } from "../services/generated/contact-channels.js"
/** @category Services */
export type {
  ChannelVerificationFailure,
  OwnContactChannelCreate,
  OwnContactChannelUpdate,
  ServerContactChannelCreate,
  VerificationEmailOptions,
  ContactChannelsShape,
  ServerContactChannelsShape
} from "../services/generated/contact-channels.js"
/** @category Services */
export { CrossDomainAuth } from "../services/generated/cross-domain-auth.js"
/** @category Services */
export type { CrossDomainAuthShape } from "../services/generated/cross-domain-auth.js"
/** @category Services */
export { CurrentUser } from "../services/generated/current-user.js"
/** @category Services */
export type { CurrentUserGetOptions, CurrentUserShape } from "../services/generated/current-user.js"
/** @category Services */
export { EmailTemplates } from "../services/generated/email-templates.js"
/** @category Services */
export type { EmailTemplatesShape } from "../services/generated/email-templates.js"
/** @category Services */
export { FeatureSupport } from "../services/generated/feature-support.js"
/** @category Services */
export type { FeatureSupportShape } from "../services/generated/feature-support.js"
/** @category Services */
export { InternalProjects } from "../services/generated/internal-projects.js"
/** @category Services */
export type { CreatedProject, InternalProjectsShape } from "../services/generated/internal-projects.js"
/** @category Services */
export { Metrics } from "../services/generated/metrics.js"
/** @category Services */
export type { MetricsOptions, MetricsShape } from "../services/generated/metrics.js"
/** @category Services */
export { NotificationPreferences } from "../services/generated/notification-preferences.js"
/** @category Services */
export type {
  SetPreferenceFailure,
  NotificationPreferencesShape
} from "../services/generated/notification-preferences.js"
/** @category Services */
export { OAuthProviders, ServerOAuthProviders } from "../services/generated/oauth-providers.js"
/** @category Services */
export type { OAuthProvidersShape, ServerOAuthProvidersShape } from "../services/generated/oauth-providers.js"
/** @category Services */
export { OAuth } from "../services/generated/oauth.js"
/** @category Services */
export type {
  OAuthCallbackFailure,
  OAuthCallbackOptions,
  OAuthCallbackResult,
  OAuthLayerOptions,
  OAuthLinkOptions,
  OAuthStartOptions,
  OAuthShape
} from "../services/generated/oauth.js"
/** @category Services */
export { Passkeys } from "../services/generated/passkey.js"
/** @category Services */
export type {
  PasskeyRegistrationFailure,
  PasskeySignInFailure,
  PasskeySignInResult,
  PasskeysShape
} from "../services/generated/passkey.js"
/** @category Services */
export { PermissionDefinitions, ProjectPermissionDefinitions } from "../services/generated/permission-definitions.js"
/** @category Services */
export type {
  PermissionDefinitionsShape,
  ProjectPermissionDefinitionsShape
} from "../services/generated/permission-definitions.js"
/** @category Services */
export { ProjectConfig } from "../services/generated/project-config.js"
/** @category Services */
export type { ProjectConfigShape } from "../services/generated/project-config.js"
/** @category Services */
export { ApiKeys } from "../services/generated/project-keys.js"
/** @category Services */
export type { ApiKeysShape } from "../services/generated/project-keys.js"
/** @category Services */
export { ProjectPermissions, ServerProjectPermissions } from "../services/generated/project-permissions.js"
/** @category Services */
export type {
  ProjectPermissionFilter,
  ProjectPermissionsShape,
  ServerProjectPermissionsShape
} from "../services/generated/project-permissions.js"
/** @category Services */
export { AdminProjects, Projects } from "../services/generated/projects.js"
/** @category Services */
export type { AdminProjectsShape, ProjectsShape } from "../services/generated/projects.js"
/** @category Services */
export { ServerSessions } from "../services/generated/server-sessions.js"
/** @category Services */
export type { NewServerSession, ServerSessionsShape } from "../services/generated/server-sessions.js"
/** @category Services */
export { ServerUsers } from "../services/generated/server-users.js"
/** @category Services */
export type {
  ServerUserCreateFailure,
  ServerUserListFailure,
  ServerUserListOptions,
  ServerUserPage,
  ServerUserUpdateFailure,
  UserRestriction,
  ServerUsersShape
} from "../services/generated/server-users.js"
/** @category Services */
export { SignInInvitations } from "../services/generated/sign-in-invitations.js"
/** @category Services */
export type { SignInInvitationsShape } from "../services/generated/sign-in-invitations.js"
/** @category Services */
export { TeamInvitations } from "../services/generated/team-invitations.js"
/** @category Services */
export type { TeamInvitationSend, TeamInvitationsShape } from "../services/generated/team-invitations.js"
/** @category Services */
export { ServerTeamMembers, TeamMembers } from "../services/generated/team-members.js"
/** @category Services */
export type { TeamMemberFilter, ServerTeamMembersShape, TeamMembersShape } from "../services/generated/team-members.js"
/** @category Services */
export { ServerTeamPermissions, TeamPermissions } from "../services/generated/team-permissions.js"
/** @category Services */
export type {
  PermissionListOptions,
  TeamPermissionFilter,
  ServerTeamPermissionsShape,
  TeamPermissionsShape
} from "../services/generated/team-permissions.js"
/** @category Services */
export { ServerTeams, Teams } from "../services/generated/teams.js"
/** @category Services */
export type { NewTeam, ServerTeamsShape, TeamsShape } from "../services/generated/teams.js"
/** @category Services */
export { TestEmail } from "../services/generated/test-email.js"
/** @category Services */
export type { TestEmailShape } from "../services/generated/test-email.js"
/** @category Services */
export { ServerApiKeys, TeamApiKeys, UserApiKeys } from "../services/generated/user-and-team-keys.js"
/** @category Services */
export type {
  WithValidity,
  ServerApiKeysShape,
  TeamApiKeysShape,
  UserApiKeysShape
} from "../services/generated/user-and-team-keys.js"
/** @category Services */
export { Webhooks } from "../services/generated/webhooks.js"
/** @category Services */
export type { WebhooksShape } from "../services/generated/webhooks.js"
// End of the service tags.
/** @category Services */
export { withValidity } from "../services/projects/project-key-validity.js"
/** @category Services */
export type { ApiKeyWithValidity, CreatedApiKey } from "../services/projects/project-key-validity.js"
/** @category Services */
export { cliAuthConfirmUrl } from "../services/auth/cli-confirm-url.js"
/** @category Services */
export { EmailTemplateNotFound } from "../services/projects/email-template-not-found.js"
/** @category Services */
export { InitialProjectKeys } from "../services/projects/internal-project-keys.js"
/** @category Services */
export { browserWebAuthn, WebAuthn } from "../services/passkeys/passkey-ceremony.js"
/** @category Services */
export type { WebAuthnBrowser } from "../services/passkeys/passkey-ceremony.js"
/** @category Services */
export { DEFAULT_SERVER_SESSION_EXPIRY_MS } from "../services/sessions/server-session-defaults.js"
/** @category Services */
export { SessionNotFound } from "../services/sessions/session-not-found.js"
