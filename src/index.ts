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
 * The package has no side effects, so bundlers keep only what a program uses. The React adapter is `stackfx/react`; the local
 * backend is `stackfx/emulator` (Node only). Neither is part of this entry point.
 */

// Tiers
export {
  type AdminEndpointServices,
  type AdminOnlyServices,
  type AdminServices,
  adminTier,
  adminTierFromEnv
} from "./layers/admin.js"
export { type ClientEndpointServices, type ClientServices, clientTier, clientTierFromEnv } from "./layers/client.js"
export {
  type AdminTierOptions,
  type AnyTierOptions,
  type ClientTierOptions,
  type ServerTierOptions,
  type TokenStoreOption
} from "./layers/config.js"
export {  } from "./layers/core.js"
export {
  type ServerEndpointServices,
  type ServerOnlyServices,
  type ServerServices,
  serverTier,
  serverTierFromEnv
} from "./layers/server.js"
export { type TierBaseServices, type TierError, tierOptionsFromEnv } from "./layers/tier.js"
export { isUniqueIdentifierInUse } from "./layers/unique-app.js"

// Services: the pipeline and session every tier is built on
export { type AccessType, ClientConfig, type ClientConfigInput, type ClientConfigShape } from "./services/http/client-config.js"
export { type CallError, type CallFailure, type FailureOf, type KnownErrorOf } from "./services/http/endpoint.js"
export {
  isLoggedIn,
  Session,
  sessionChanges,
  type SessionError,
  sessionFromTokens,
  type SessionShape,
  type SessionState
} from "./services/session/session.js"
export {
  type CustomTokenStore,
  makeCustomTokenStore,
  makeRefTokenStore,
  noTokens,
  type StoredTokens,
  TokenStore,
  type TokenStoreShape
} from "./services/session/token-store.js"
export {
  accessCookieName,
  type CookieDocument,
  cookieTokenStore,
  cookieTokenStoreFromConfig,
  type CookieTokenStoreOptions,
  makeCookieTokenStore,
  refreshCookieName,
  serializeTokenCookie,
  tokenSetCookies
} from "./services/session/token-store-cookie.js"
export {
  type HttpMethod,
  type RequestBody,
  type RequestError,
  Transport,
  type TransportCallError,
  type TransportError,
  type TransportRequest,
  type TransportShape
} from "./services/http/transport.js"
export { Fetch, type FetchFn, layerFetch, NonceSource } from "./services/http/transport-fetch.js"
export { layerFetchFromHttpClient } from "./services/http/transport-httpclient.js"

// Services: endpoint groups
export { type AdminAuthErrorTag, AdminAuthErrorTags, type AdminFailure } from "./services/projects/admin-auth.js"
export {
  ApiKeys,
  type ApiKeysShape,
  type ApiKeyWithValidity,
  type CreatedApiKey,
  withValidity
} from "./services/projects/api-keys.js"
export {
  Auth,
  type AuthShape,
  type CredentialSignInFailure,
  type CredentialSignUp,
  type EmailLinkOptions,
  type ForgotPasswordFailure,
  type MagicLinkSendFailure,
  type MagicLinkSignInFailure,
  type MfaSignInFailure,
  type PasswordReset,
  type PasswordSet,
  type PasswordUpdate,
  type ResetPasswordFailure,
  type SendVerificationFailure,
  type SetPasswordFailure,
  type SignedIn,
  type SignUpFailure,
  type UpdatePasswordFailure
} from "./services/users/auth.js"
export { type AuthHeaders, authHeadersOf, authHeaderValue, type AuthJson, authJsonOf } from "./services/app-server/auth-json.js"
export {
  ConnectedAccounts,
  type ConnectedAccountsShape,
  ServerConnectedAccounts,
  type ServerConnectedAccountsShape
} from "./services/users/connected-accounts.js"
export {
  ContactChannels,
  type ContactChannelsShape,
  type OwnContactChannelCreate,
  type OwnContactChannelUpdate,
  type ServerContactChannelCreate,
  ServerContactChannels,
  type ServerContactChannelsShape
} from "./services/users/contact-channels.js"
export { CurrentUser, type CurrentUserShape } from "./services/users/current-user.js"
export { EmailTemplates, type EmailTemplatesShape } from "./services/projects/email-templates.js"
export { FeatureSupport, type FeatureSupportShape } from "./services/projects/feature-support.js"
export {
  type CreatedProject,
  InitialProjectKeys,
  InternalProjects,
  type InternalProjectsShape
} from "./services/projects/internal-projects.js"
export {
  type AsymmetricJwtAlgorithm,
  type JwtRefusal,
  makeTokenVerifier,
  TokenVerifier,
  type TokenVerifierOptions,
  type TokenVerifierShape,
  type VerifiedAccessToken
} from "./services/app-server/jwt-verify.js"
export { Metrics, type MetricsShape } from "./services/projects/metrics.js"
export {
  OAuth,
  type OAuthCallbackFailure,
  type OAuthCallbackOptions,
  type OAuthCallbackResult,
  type OAuthLayerOptions,
  type OAuthLinkOptions,
  type OAuthShape,
  type OAuthStartOptions
} from "./services/oauth/oauth.js"
export {
  type PasskeyRegistrationFailure,
  Passkeys,
  type PasskeySignInFailure,
  type PasskeySignInResult,
  type PasskeysShape
} from "./services/passkeys/passkey.js"
export { type WebAuthnBrowser, browserWebAuthn, WebAuthn } from "./services/passkeys/passkey-ceremony.js"
export { PermissionDefinitions, type PermissionDefinitionsShape } from "./services/projects/permission-definitions.js"
export { AdminProjects, type AdminProjectsShape, Projects, type ProjectsShape } from "./services/projects/projects.js"
export {
  afterAuthRedirectUrl,
  type HandlerUrlName,
  type RedirectOptions,
  type RedirectTarget,
  redirectUrlFor,
  type RedirectUrlOptions,
  type RedirectUrls,
  resolveRedirectUrls
} from "./services/navigation/redirects.js"
export {
  makeRequestAuth,
  RequestAuth,
  type RequestAuthError,
  type RequestAuthRefusal,
  type RequestAuthShape,
  type RequestSession,
  type RequestUser,
  type SessionSource,
  type TokenOrigin
} from "./services/app-server/request-auth.js"
export {
  decodeAuthHeader,
  decodeAuthJson,
  type HeaderRecord,
  readRequestTokens,
  type RequestTokens,
  tokensFromCookieHeader,
  type WebHeaders
} from "./services/app-server/request-tokens.js"
export {
  type NewServerSession,
  ServerSessions,
  type ServerSessionsShape,
  SessionNotFound
} from "./services/users/server-sessions.js"
export {
  type ServerUserCreateFailure,
  type ServerUserListFailure,
  type ServerUserListOptions,
  type ServerUserPage,
  type ServerUserRequests,
  ServerUsers,
  type ServerUsersShape,
  type ServerUserUpdateFailure
} from "./services/users/server-users.js"
export { TeamInvitations, type TeamInvitationSend, type TeamInvitationsShape } from "./services/teams/team-invitations.js"
export {
  ServerTeamMembers,
  type ServerTeamMembersShape,
  TeamMembers,
  type TeamMembersShape
} from "./services/teams/team-members.js"
export {
  type PermissionListOptions,
  ServerTeamPermissions,
  type ServerTeamPermissionsShape,
  TeamPermissions,
  type TeamPermissionsShape
} from "./services/teams/team-permissions.js"
export { type NewTeam, ServerTeams, type ServerTeamsShape, Teams, type TeamsShape } from "./services/teams/teams.js"
export { TestEmail, type TestEmailShape } from "./services/projects/test-email.js"
export { Webhooks, type WebhooksShape } from "./services/projects/webhooks.js"

// Domain types and rules
export {
  AccessTokenClaims,
  AdminProject,
  AdminProjectConfig,
  AdminProjectConfigUpdate,
  AdminProjectCreate,
  AdminProjectUpdate,
  ApiKey,
  ApiKeyCreate,
  ApiKeyCreated,
  ApiKeyUpdate,
  apiKeyValidity,
  type ApiKeyValidity,
  ClientProject,
  ClientProjectConfig,
  ClientTeam,
  ClientUser,
  ClientUserUpdate,
  ConnectedAccountAccessToken,
  ContactChannel,
  ContactChannelCreate,
  ContactChannelType,
  ContactChannelUpdate,
  DEFAULT_BASE_URL,
  DEMO_PROJECT_KEYS,
  EmailConfig,
  EmailTemplate,
  EmailTemplateType,
  EmailTemplateUpdate,
  FeatureSupportRequest,
  type HandlerRoute,
  isApiKeyValid,
  isBuiltInPermissionId,
  isTrustedRedirect,
  LOCAL_DEVELOPMENT_KEYS,
  LoginMethodCount,
  MetricsDataPoint,
  OAuthProviderConfig,
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate,
  PermissionId,
  type ProductionModeInput,
  type ProductionModeProblem,
  productionModeProblems,
  ProjectDomain,
  ProjectMetrics,
  type RedirectTrustOptions,
  RestrictedReason,
  SendTestEmailRequest,
  SendTestEmailResult,
  ServerSessionCreate,
  ServerTeam,
  ServerTeamCreate,
  ServerTeamMemberProfile,
  ServerTeamUpdate,
  ServerUser,
  ServerUserCreate,
  ServerUserCreateOAuthProvider,
  ServerUserUpdate,
  SessionInfo,
  SharedEmailConfig,
  SharedOAuthProviderConfig,
  StandardEmailConfig,
  StandardOAuthProviderConfig,
  SvixToken,
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
  TestEmailConfig,
  UserOAuthProvider,
  whyApiKeyInvalid
} from "./domain/index.js"

// Errors: the known-error catalogue and the client's own errors
export {
  AccessTokenExpired,
  AccessTypeRequired,
  AccessTypeWithoutProjectId,
  AdminAccessTokenExpired,
  AdminAccessTokenIsNotAdmin,
  AdminAuthenticationRequired,
  AllOverloadsFailed,
  AnonymousAccountsNotEnabled,
  AnonymousAuthenticationNotAllowed,
  type AnyKnownErrorClass,
  ApiKeyExpired,
  ApiKeyNotFound,
  type ApiKeyNotValid,
  ApiKeyNotValidTags,
  ApiKeyRevoked,
  BodyParsingError,
  CallbackUrlRequired,
  CannotDeleteCurrentSession,
  CannotGetOwnUserWithoutUser,
  ClientAuthenticationRequired,
  ClientOrAdminAuthenticationRequired,
  ClientOrServerAuthenticationRequired,
  ClientOrServerOrAdminAuthenticationRequired,
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
  EmailTemplateAlreadyExists,
  ExpectedInternalProject,
  HttpError,
  InsufficientAccessType,
  type InvalidAccessToken,
  InvalidAccessTokenTags,
  InvalidAccessType,
  type InvalidAdminAccessToken,
  InvalidAdminAccessTokenTags,
  InvalidAuthorizationCode,
  type InvalidDetails,
  InvalidFreshness,
  InvalidInput,
  InvalidOAuthClientIdOrSecret,
  type InvalidProjectAuthentication,
  InvalidProjectAuthenticationTags,
  InvalidProjectForAccessToken,
  InvalidProjectForAdminAccessToken,
  InvalidPublishableClientKey,
  InvalidScope,
  InvalidSecretServerKey,
  InvalidSession,
  type InvalidSessionAuthentication,
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
  JwtVerificationError,
  type KnownError,
  knownErrorCategories,
  type KnownErrorClass,
  knownErrorClasses,
  type KnownErrorClassFor,
  type KnownErrorClassUnion,
  type KnownErrorCode,
  KnownErrorMismatch,
  type KnownErrorTag,
  MalformedAuthJson,
  MissingConfiguration,
  missingConfigurationMessage,
  MultiFactorAuthenticationRequired,
  NetworkCheck,
  NetworkDiagnostics,
  NetworkError,
  NoAccessToken,
  NoPrimaryEmail,
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
  type PasswordRequirementsNotMet,
  PasswordRequirementsNotMetTags,
  PasswordTooLong,
  PasswordTooShort,
  PermissionIdAlreadyExists,
  PermissionNotFound,
  ProductionModeNotReady,
  type ProjectAuthenticationError,
  ProjectAuthenticationErrorTags,
  type ProjectAuthenticationRequired,
  ProjectAuthenticationRequiredTags,
  ProjectKeyWithoutAccessType,
  ProjectNotFound,
  ProjectPermissionRequired,
  ProviderRejected,
  PublicApiKeyCannotBeRevoked,
  PublishableClientKeyRequiredForProject,
  RedirectNotTrusted,
  RedirectUrlNotWhitelisted,
  type RefreshTokenError,
  RefreshTokenErrorTags,
  RefreshTokenNotFoundOrExpired,
  ResponseDecodeError,
  RestrictedUserNotAllowed,
  SchemaError,
  ServerAuthenticationRequired,
  type SessionAuthenticationError,
  SessionAuthenticationErrorTags,
  SignUpNotEnabled,
  TeamAlreadyExists,
  TeamInvitationRestrictedUserNotAllowed,
  TeamMembershipAlreadyExists,
  TeamMembershipNotFound,
  TeamNotFound,
  TeamPermissionNotFound,
  TeamPermissionRequired,
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
  type VerificationError,
  VerificationErrorTags,
  WebAuthnCeremonyCode,
  WebAuthnError,
  WebAuthnErrorCode,
  WebAuthnFlowCode,
  webAuthnMessage,
  WrongApiKeyType,
  WrongPermissionScope
} from "./errors/index.js"
