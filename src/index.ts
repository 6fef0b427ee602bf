/**
 * stackfx: an Effect-native client for Stack Auth's REST API.
 *
 * Start from a tier Layer and use its services:
 *
 * @example
 * import { clientTier, CurrentUser } from "stackfx"
 * const user = await Effect.runPromise(
 *   Effect.flatMap(CurrentUser, (me) => me.get).pipe(Effect.provide(clientTier({ projectId, publishableClientKey })))
 * )
 *
 * The package has no side effects, so bundlers keep only what a program uses. The React adapter is `stackfx/react`; an app
 * server's webhook verifier is `stackfx/server`; the local backend is `stackfx-backend` (Node only). None of them is part
 * of this entry point.
 */

// Every public name is listed here by name, so a change to the surface is a change to this file, and
// docs/api-report.md (generated, compared in `npm test`) shows it in review. What a module exports only for the
// package's own modules is documented as internal where it is declared and is not listed: it does not ship from
// this entry. Never write that JSDoc tag, at-sign and all, in a comment above an export line here: `stripInternal`
// drops the line from the declarations (it dropped the admin tier once; scripts/check-declarations.ts checks).
// Naming the exports costs an app built with Vite nothing; esbuild with code splitting loads more (see
// docs/benchmarks.md, "Which bundler").

// Tiers
export { adminEndpoints, adminTier, adminTierFromEnv } from "./layers/admin.js"
export type { AdminEndpointServices, AdminOnlyServices, AdminServices } from "./layers/admin.js"
export { clientEndpoints, clientTier, clientTierFromEnv } from "./layers/client.js"
export type { ClientEndpointServices, ClientServices } from "./layers/client.js"
export { resolveTierConfig } from "./layers/config.js"
export type {
  AdminTierOptions,
  AnyTierOptions,
  ClientTierOptions,
  ServerTierOptions,
  TokenStoreOption
} from "./layers/config.js"
export type { BotChallenge, BotChallengeAction, BotChallengeSource } from "./domain/bot-challenge.js"
export { coreLayer } from "./layers/core.js"
export type { CoreServices } from "./layers/core.js"
export { serverEndpoints, serverTier, serverTierFromEnv } from "./layers/server.js"
export type { ServerEndpointServices, ServerOnlyServices, ServerServices } from "./layers/server.js"
export { tierOptionsFromEnv } from "./layers/tier.js"
export type { TierBaseServices, TierError } from "./layers/tier.js"
export { isUniqueIdentifierInUse } from "./layers/unique-app.js"

// Services: the pipeline and session every tier is built on
export { ClientConfig, makeClientConfig, packageVersion } from "./services/wire/client-config.js"
export type { AccessType, ClientConfigInput, ClientConfigShape } from "./services/wire/client-config.js"
export {
  AllowedUsers,
  allowingAnonymousUsers,
  allowingRestrictedUsers,
  Fetch,
  formBody,
  jsonBody,
  layerFetch,
  NonceSource
} from "./services/wire/transport-request.js"
export type {
  FetchFn,
  HttpMethod,
  QueryValue,
  RequestBody,
  TransportRequest
} from "./services/wire/transport-request.js"
export { documented, Transport } from "./services/http/transport.js"
export type {
  CallError,
  CallFailure,
  ErrorTable,
  FailureOf,
  KnownErrorOf,
  ProjectKeyRequired,
  RequestError,
  SessionUserRefused,
  TransportCallError,
  TransportError,
  TransportShape
} from "./services/http/transport.js"
export { makeSession, Session, sessionChanges } from "./services/session/session.js"
export type { SessionError, SessionShape } from "./services/session/session.js"
export { isLoggedIn, knownInvalid, sessionFromTokens, tokensOf } from "./services/session/session-state.js"
export type { SessionState } from "./services/session/session-state.js"
export { partialUser, partialUserOf } from "./services/session/partial-user.js"
export type { PartialUser, PartialUserOptions } from "./services/session/partial-user.js"
export { makeCustomTokenStore, makeRefTokenStore, noTokens, TokenStore } from "./services/session/token-store.js"
export type { CustomTokenStore, StoredTokens, TokenStoreShape } from "./services/session/token-store.js"
export {
  accessCookieName,
  cookieTokenStore,
  cookieTokenStoreFromConfig,
  HEXCLAVE_ACCESS_COOKIE,
  hexclaveRefreshCookieName,
  makeCookieTokenStore,
  readTokenCookies,
  refreshCookieName,
  serializeTokenCookie,
  tokenCookieLines,
  tokenSetCookies
} from "./services/session/token-store-cookie.js"
export type { CookieDocument, CookieTokenStoreOptions } from "./services/session/token-store-cookie.js"
export { decodeJson, encodeBuilt, encodeInput } from "./services/wire/wire-codec.js"
export { lazySchema } from "./services/wire/wire-codec-load.js"
export type { LazySchema, WireCodecModule } from "./services/wire/wire-codec-load.js"
export { layerFetchFromHttpClient } from "./services/wire/transport-httpclient.js"

// Services: endpoint groups
export { AdminAuthErrorTags } from "./services/projects/admin-auth.js"
export type { AdminAuthErrorTag, AdminFailure } from "./services/projects/admin-auth.js"
// The service tags, one group per tag module: written by `npm run generate` down to the next marker.
export { ActiveSessions } from "./services/generated/active-sessions.js"
export type { ActiveSessionsShape } from "./services/generated/active-sessions.js"
export { AgentAuth } from "./services/generated/agent-auth.js"
export type { AgentAuthWaitOptions, AgentSignInOptions, AgentAuthShape } from "./services/generated/agent-auth.js"
export { Auth } from "./services/generated/auth.js"
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
} from "./services/generated/auth.js"
export { CliLogin } from "./services/generated/cli-login.js"
export type {
  CliLoginAttempt,
  CliLoginOptions,
  CliLoginPoll,
  CliLoginWaitOptions,
  CliLoginShape
} from "./services/generated/cli-login.js"
export { CodeChecks } from "./services/generated/code-checks.js"
export type { CodeChecksShape } from "./services/generated/code-checks.js"
export { ConnectedAccounts, ServerConnectedAccounts } from "./services/generated/connected-accounts.js"
export type {
  ConnectedAccountError,
  ConnectedAccountsShape,
  ServerConnectedAccountsShape
} from "./services/generated/connected-accounts.js"
export { ContactChannels, ServerContactChannels } from "./services/generated/contact-channels.js"
export type {
  ChannelVerificationFailure,
  OwnContactChannelCreate,
  OwnContactChannelUpdate,
  ServerContactChannelCreate,
  VerificationEmailOptions,
  ContactChannelsShape,
  ServerContactChannelsShape
} from "./services/generated/contact-channels.js"
export { CrossDomainAuth } from "./services/generated/cross-domain-auth.js"
export type { CrossDomainAuthShape } from "./services/generated/cross-domain-auth.js"
export { CurrentUser } from "./services/generated/current-user.js"
export type { CurrentUserGetOptions, CurrentUserShape } from "./services/generated/current-user.js"
export { EmailTemplates } from "./services/generated/email-templates.js"
export type { EmailTemplatesShape } from "./services/generated/email-templates.js"
export { FeatureSupport } from "./services/generated/feature-support.js"
export type { FeatureSupportShape } from "./services/generated/feature-support.js"
export { InternalProjects } from "./services/generated/internal-projects.js"
export type { CreatedProject, InternalProjectsShape } from "./services/generated/internal-projects.js"
export { Metrics } from "./services/generated/metrics.js"
export type { MetricsOptions, MetricsShape } from "./services/generated/metrics.js"
export { NotificationPreferences } from "./services/generated/notification-preferences.js"
export type {
  SetPreferenceFailure,
  NotificationPreferencesShape
} from "./services/generated/notification-preferences.js"
export { OAuthProviders, ServerOAuthProviders } from "./services/generated/oauth-providers.js"
export type { OAuthProvidersShape, ServerOAuthProvidersShape } from "./services/generated/oauth-providers.js"
export { OAuth } from "./services/generated/oauth.js"
export type {
  OAuthCallbackFailure,
  OAuthCallbackOptions,
  OAuthCallbackResult,
  OAuthLayerOptions,
  OAuthLinkOptions,
  OAuthStartOptions,
  OAuthShape
} from "./services/generated/oauth.js"
export { Passkeys } from "./services/generated/passkey.js"
export type {
  PasskeyRegistrationFailure,
  PasskeySignInFailure,
  PasskeySignInResult,
  PasskeysShape
} from "./services/generated/passkey.js"
export { PermissionDefinitions, ProjectPermissionDefinitions } from "./services/generated/permission-definitions.js"
export type {
  PermissionDefinitionsShape,
  ProjectPermissionDefinitionsShape
} from "./services/generated/permission-definitions.js"
export { ProjectConfig } from "./services/generated/project-config.js"
export type { ProjectConfigShape } from "./services/generated/project-config.js"
export { ApiKeys } from "./services/generated/project-keys.js"
export type { ApiKeysShape } from "./services/generated/project-keys.js"
export { ProjectPermissions, ServerProjectPermissions } from "./services/generated/project-permissions.js"
export type {
  ProjectPermissionFilter,
  ProjectPermissionsShape,
  ServerProjectPermissionsShape
} from "./services/generated/project-permissions.js"
export { AdminProjects, Projects } from "./services/generated/projects.js"
export type { AdminProjectsShape, ProjectsShape } from "./services/generated/projects.js"
export { ServerSessions } from "./services/generated/server-sessions.js"
export type { NewServerSession, ServerSessionsShape } from "./services/generated/server-sessions.js"
export { ServerUsers } from "./services/generated/server-users.js"
export type {
  ServerUserCreateFailure,
  ServerUserListFailure,
  ServerUserListOptions,
  ServerUserPage,
  ServerUserUpdateFailure,
  UserRestriction,
  ServerUsersShape
} from "./services/generated/server-users.js"
export { SignInInvitations } from "./services/generated/sign-in-invitations.js"
export type { SignInInvitationsShape } from "./services/generated/sign-in-invitations.js"
export { TeamInvitations } from "./services/generated/team-invitations.js"
export type { TeamInvitationSend, TeamInvitationsShape } from "./services/generated/team-invitations.js"
export { ServerTeamMembers, TeamMembers } from "./services/generated/team-members.js"
export type { TeamMemberFilter, ServerTeamMembersShape, TeamMembersShape } from "./services/generated/team-members.js"
export { ServerTeamPermissions, TeamPermissions } from "./services/generated/team-permissions.js"
export type {
  PermissionListOptions,
  TeamPermissionFilter,
  ServerTeamPermissionsShape,
  TeamPermissionsShape
} from "./services/generated/team-permissions.js"
export { ServerTeams, Teams } from "./services/generated/teams.js"
export type { NewTeam, ServerTeamsShape, TeamsShape } from "./services/generated/teams.js"
export { TestEmail } from "./services/generated/test-email.js"
export type { TestEmailShape } from "./services/generated/test-email.js"
export { ServerApiKeys, TeamApiKeys, UserApiKeys } from "./services/generated/user-and-team-keys.js"
export type {
  WithValidity,
  ServerApiKeysShape,
  TeamApiKeysShape,
  UserApiKeysShape
} from "./services/generated/user-and-team-keys.js"
export { Webhooks } from "./services/generated/webhooks.js"
export type { WebhooksShape } from "./services/generated/webhooks.js"
// End of the service tags.
export { withValidity } from "./services/projects/project-key-validity.js"
export type { ApiKeyWithValidity, CreatedApiKey } from "./services/projects/project-key-validity.js"
export { cliAuthConfirmUrl } from "./services/auth/cli-confirm-url.js"
export { makeExternalTokenStore } from "./services/auth/external-token-store.js"
export type { ExternalTokenSource, ExternalTokenStoreShape } from "./services/auth/external-token-store.js"
export { authHeadersOf, authHeaderValue, authJsonOf, authorizationHeaderOf } from "./services/session/auth-json.js"
export type { AuthHeaders, AuthJson } from "./services/session/auth-json.js"
export { EmailTemplateNotFound } from "./services/projects/email-template-not-found.js"
export { InitialProjectKeys } from "./services/projects/internal-project-keys.js"
export { ASYMMETRIC_JWT_ALGORITHMS, makeTokenVerifier, TokenVerifier } from "./services/app-server/jwt-verify.js"
export type {
  AsymmetricJwtAlgorithm,
  JwtRefusal,
  TokenVerifierOptions,
  TokenVerifierShape,
  VerifiedAccessToken
} from "./services/app-server/jwt-verify.js"
export { browserWebAuthn, WebAuthn } from "./services/passkeys/passkey-ceremony.js"
export type { WebAuthnBrowser } from "./services/passkeys/passkey-ceremony.js"
export {
  AFTER_AUTH_RETURN_TO_PARAM,
  afterAuthRedirectUrl,
  checkTarget,
  redirectUrlFor,
  relativeOnly,
  resolveRedirectUrls,
  returnToOf,
  withReturnTo
} from "./services/navigation/redirects.js"
export type {
  HandlerUrlName,
  RedirectOptions,
  RedirectTarget,
  RedirectUrlOptions,
  RedirectUrls
} from "./services/navigation/redirects.js"
export { makeRequestAuth, RequestAuth } from "./services/app-server/request-auth.js"
export type { SessionUser } from "./services/app-server/session-user.js"
export type {
  RequestAuthError,
  RequestAuthRefusal,
  RequestAuthShape,
  RequestSession,
  RequestUser,
  SessionSource,
  TokenOrigin
} from "./services/app-server/request-auth.js"
export {
  decodeAuthHeader,
  decodeAuthJson,
  decodeAuthorization,
  readRequestTokens,
  tokensFromCookieHeader
} from "./services/app-server/request-tokens.js"
export type { HeaderRecord, RequestTokens, WebHeaders } from "./services/app-server/request-tokens.js"
export { DEFAULT_SERVER_SESSION_EXPIRY_MS } from "./services/sessions/server-session-defaults.js"
export { SessionNotFound } from "./services/sessions/session-not-found.js"

// Domain types and rules
export {
  ACCESS_TYPES,
  AccessTokenClaims,
  AdminProject,
  AdminProjectConfig,
  AdminProjectConfigUpdate,
  AdminProjectCreate,
  AdminProjectUpdate,
  AffectedUser,
  AgentConfirmAnswer,
  AgentDiscovery,
  AgentPollAnswer,
  AgentRegisterRequest,
  AgentRegistration,
  AgentSessionTokens,
  ApiKey,
  ApiKeyCreate,
  ApiKeyCreated,
  ApiKeyUpdate,
  apiKeyValidity,
  BranchConfigSource,
  CliAuthAttempt,
  CliAuthCompleteRequest,
  CliAuthPollAnswer,
  CliAuthPollRequest,
  CliAuthStartRequest,
  CliAuthStatus,
  ClientContactChannelCreate,
  ClientContactChannelUpdate,
  ClientProject,
  ClientProjectConfig,
  ClientTeam,
  ClientUser,
  ClientUserUpdate,
  ConfigLevel,
  ConfigOverridePatchBody,
  ConfigOverridePutBody,
  ConfigProblem,
  ConfigResetKeysBody,
  ConfigSourceAnswer,
  ConfigString,
  ConnectedAccount,
  ConnectedAccountAccessToken,
  ContactChannel,
  ContactChannelCreate,
  ContactChannelType,
  ContactChannelUpdate,
  CountryCode,
  CrossDomainAuthorizeRequest,
  CrossDomainAuthorizeResponse,
  DEFAULT_BASE_URL,
  DEFAULT_EMAIL_THEME_ID,
  DEFAULT_TEMPLATE_IDS,
  DEMO_PROJECT_CLIENT_KEYS,
  DEMO_PROJECT_KEYS,
  EmailConfig,
  EmailTemplate,
  EmailTemplateCreate,
  EmailTemplateCreated,
  EmailTemplateDeleted,
  EmailTemplateList,
  EmailTemplateRendered,
  EmailTemplateUpdate,
  FeatureSupportRequest,
  HANDLER_ROUTES,
  isApiKeyValid,
  isBuiltInPermissionId,
  isTrustedRedirect,
  LOCAL_DEVELOPMENT_KEYS,
  LoginMethodCount,
  MetricsActivitySplit,
  MetricsAnalyticsOverview,
  MetricsAuthOverview,
  MetricsDailyEmailStatus,
  MetricsDataPoint,
  MetricsEmailOverview,
  MetricsPaymentsOverview,
  MetricsRecentEmail,
  MetricsRecentUser,
  NOTIFICATION_CATEGORIES,
  NotificationPreference,
  NotificationPreferenceUpdate,
  OAUTH_PROVIDER_IDS,
  OAuthAccountMergeStrategy,
  OAuthProvider,
  OAuthProviderConfig,
  OAuthProviderId,
  OAuthProviderUpdate,
  OAuthProviderWrite,
  OnboardingPreview,
  OnboardingPreviewRequest,
  OnboardingStatus,
  PASSKEY_RP_ID_PLACEHOLDER,
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate,
  PermissionId,
  productionModeProblems,
  ProjectApiKeyInput,
  ProjectApiKeyUpdate,
  projectApiKeyValidity,
  ProjectConfigView,
  ProjectDomain,
  ProjectMetrics,
  ProjectPermission,
  ProjectTransfer,
  ProjectTransferResponse,
  ResettableConfigLevel,
  RestrictedReason,
  SendTestEmailRequest,
  SendTestEmailResult,
  SendTestWebhookRequest,
  SendTestWebhookResult,
  ServerOAuthProvider,
  ServerOAuthProviderCreate,
  ServerOAuthProviderUpdate,
  ServerSessionCreate,
  ServerSessionResponse,
  ServerTeam,
  ServerTeamCreate,
  ServerTeamMemberProfile,
  ServerTeamUpdate,
  ServerUser,
  ServerUserCreate,
  ServerUserCreateOAuthProvider,
  ServerUserUpdate,
  SessionInfo,
  SessionIpInfo,
  SharedEmailConfig,
  SharedOAuthProviderConfig,
  SharedOAuthProviderWrite,
  SignInInvitationRequest,
  SignUpRiskScores,
  SignUpRiskScoresInput,
  SignUpRule,
  SignUpRuleActionType,
  StandardEmailConfig,
  StandardOAuthProviderConfig,
  StandardOAuthProviderWrite,
  SvixToken,
  TeamApiKey,
  TeamApiKeyCreated,
  TeamCreate,
  TeamInvitation,
  TeamInvitationDetails,
  TeamInvitationSendCode,
  TeamInvitationSent,
  TeamMemberProfile,
  TeamMemberProfileUpdate,
  TeamMembership,
  TeamPermission,
  TeamUpdate,
  TemplateId,
  TemplateThemeId,
  TestEmailConfig,
  UserApiKey,
  UserApiKeyCreated,
  UserOAuthProvider,
  whyApiKeyInvalid
} from "./domain/index.js"
export type {
  AccessTokenKind,
  ApiKeyTimes,
  ApiKeyValidity,
  AvatarUser,
  ConfigOverride,
  DefaultTemplateType,
  HandlerRoute,
  NotificationCategory,
  ProductionModeInput,
  ProductionModeProblem,
  ProjectApiKeyTimes,
  ProjectApiKeyType,
  RedirectTrustOptions,
  SnakeCase,
  SnakeKeys,
  WireKeys,
  WireOverrides,
  WireStruct
} from "./domain/index.js"

// Errors: the known-error catalogue and the client's own errors
export {
  AccessTokenExpired,
  AccessTypeRequired,
  AccessTypeWithoutProjectId,
  AdminAccessTokenExpired,
  AdminAccessTokenIsNotAdmin,
  AdminAuthenticationRequired,
  AgentAuthDenied,
  AgentAuthExpired,
  AgentAuthInvalidClaimCode,
  AgentAuthNotEnabled,
  AgentAuthTimedOut,
  AgentAuthUsed,
  AllOverloadsFailed,
  AnonymousAccountsNotEnabled,
  AnonymousAuthenticationNotAllowed,
  ApiKeyAccessDenied,
  ApiKeyExpired,
  ApiKeyNotFound,
  ApiKeyNotValidTags,
  ApiKeyRevoked,
  ApiKeysDisabled,
  AppleBundleIdNotConfigured,
  BodyParsingError,
  BotChallengeFailed,
  BotChallengeRequired,
  BranchDoesNotExist,
  CallbackUrlRequired,
  CannotDeleteCurrentSession,
  CannotGetOwnUserWithoutUser,
  ClientAuthenticationRequired,
  ClientOrAdminAuthenticationRequired,
  ClientOrServerAuthenticationRequired,
  ClientOrServerOrAdminAuthenticationRequired,
  CliLoginCodeInvalid,
  CliLoginExpired,
  CliLoginTimedOut,
  CliLoginUsed,
  ConfigurationKey,
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  ContainedPermissionNotFound,
  CurrentProjectNotFound,
  DuplicateApp,
  EmailAlreadyVerified,
  EmailIsNotPrimaryEmail,
  EmailNotAssociatedWithUser,
  EmailNotVerified,
  EmailPasswordMismatch,
  EmailRenderingError,
  EmailTemplateAlreadyExists,
  ExpectedInternalProject,
  ExternalAuthProviderNotConfigured,
  HttpError,
  InsufficientAccessType,
  InvalidAccessTokenTags,
  InvalidAccessType,
  InvalidAdminAccessTokenTags,
  InvalidAppleCredentials,
  InvalidAuthorizationCode,
  InvalidExternalAuthToken,
  InvalidFreshness,
  InvalidInput,
  InvalidOAuthClientIdOrSecret,
  InvalidPollingCode,
  InvalidProjectAuthenticationTags,
  InvalidProjectForAccessToken,
  InvalidProjectForAdminAccessToken,
  InvalidPublishableClientKey,
  InvalidScope,
  InvalidSecretServerKey,
  InvalidSession,
  InvalidSessionAuthenticationTags,
  InvalidSessionReason,
  InvalidSharedOAuthProviderId,
  InvalidStandardOAuthProviderId,
  InvalidSuperSecretAdminKey,
  InvalidTokenString,
  InvalidTotpCode,
  isApiKeyNotValid,
  isInvalidAccessToken,
  isInvalidAdminAccessToken,
  isInvalidProjectAuthentication,
  isInvalidSessionAuthentication,
  isKnownError,
  isPasswordRequirementsNotMet,
  isProjectAuthenticationError,
  isProjectAuthenticationRequired,
  isRefreshTokenError,
  isSessionAuthenticationError,
  isVerificationError,
  ItemNotFound,
  ItemQuantityInsufficientAmount,
  JwtVerificationError,
  knownErrorCategories,
  knownErrorClasses,
  KnownErrorMismatch,
  MalformedAuthJson,
  MissingConfiguration,
  missingConfigurationMessage,
  MultiFactorAuthenticationRequired,
  NetworkCheck,
  NetworkDiagnostics,
  NetworkError,
  NoAccessToken,
  NoPrimaryEmail,
  NotificationCategoryNotFound,
  NotSignedIn,
  OAuthAccessTokenNotAvailable,
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthCallbackError,
  OAuthConnectionAlreadyConnectedToAnotherUser,
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser,
  OAuthExtraScopeNotAvailableWithSharedOAuthKeys,
  OAuthNotAvailable,
  OAuthProviderAccessDenied,
  OAuthProviderAccountIdAlreadyUsedForSignIn,
  OAuthProviderConflict,
  OAuthProviderNotConfigured,
  OAuthProviderNotFound,
  OAuthProviderNotFoundOrNotEnabled,
  OAuthProviderTemporarilyUnavailable,
  OAuthUnavailableReason,
  OuterOAuthTimeout,
  PasskeyAuthenticationFailed,
  PasskeyAuthenticationNotEnabled,
  PasskeyRegistrationFailed,
  PasskeyWebAuthnError,
  PasswordAuthenticationNotEnabled,
  PasswordConfirmationMismatch,
  PasswordRequirementsNotMetTags,
  PasswordTooLong,
  PasswordTooShort,
  PermissionIdAlreadyExists,
  PermissionNotFound,
  ProductionModeNotReady,
  ProductionModeProblemSchema,
  ProjectAuthenticationErrorTags,
  ProjectAuthenticationRequiredTags,
  ProjectKeyWithoutAccessType,
  ProjectNotFound,
  ProjectPermissionRequired,
  ProviderRejected,
  PublicApiKeyCannotBeRevoked,
  PublishableClientKeyRequiredForProject,
  RedirectNotTrusted,
  RedirectUrlNotWhitelisted,
  RefreshTokenErrorTags,
  RefreshTokenNotFoundOrExpired,
  RequiresCustomEmailServer,
  ResponseDecodeError,
  RestrictedUserNotAllowed,
  SchemaError,
  ServerAuthenticationRequired,
  SessionAuthenticationErrorTags,
  SignUpNotEnabled,
  SignUpRejected,
  TeamAlreadyExists,
  TeamInvitationEmailMismatch,
  TeamInvitationRestrictedUserNotAllowed,
  TeamMembershipAlreadyExists,
  TeamMembershipNotFound,
  TeamNotFound,
  TeamPermissionNotFound,
  TeamPermissionRequired,
  TemplateSourceRewriteError,
  Unauthenticated,
  UnexpectedKnownError,
  UnparsableAccessToken,
  UnparsableAdminAccessToken,
  UnsupportedError,
  UserAlreadyConnectedToAnotherOAuthConnection,
  UserAuthenticationRequired,
  UserDoesNotHavePassword,
  UserEmailAlreadyExists,
  UserIdDoesNotExist,
  UserNotFound,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound,
  VerificationErrorTags,
  WebAuthnCeremonyCode,
  WebAuthnError,
  WebAuthnErrorCode,
  WebAuthnFlowCode,
  webAuthnMessage,
  WrongApiKeyType,
  WrongPermissionScope
} from "./errors/index.js"
export type {
  AnyKnownErrorClass,
  ApiKeyNotValid,
  DetailsFields,
  DetailsSchema,
  InvalidAccessToken,
  InvalidAdminAccessToken,
  InvalidDetails,
  InvalidProjectAuthentication,
  InvalidSessionAuthentication,
  KnownError,
  KnownErrorClass,
  KnownErrorClassFor,
  KnownErrorClassUnion,
  KnownErrorCode,
  KnownErrorFields,
  KnownErrorStatics,
  KnownErrorTag,
  OAuthProviderConflictReason,
  PascalCase,
  PasswordRequirementsNotMet,
  ProjectAuthenticationError,
  ProjectAuthenticationRequired,
  RefreshTokenError,
  SessionAuthenticationError,
  VerificationError
} from "./errors/index.js"
