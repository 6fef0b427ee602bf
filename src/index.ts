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

// The layers and services stay `export *` for now: naming them explicitly (even one, e.g. CurrentUser) moved the
// domain schemas and the known-error catalogue that only the lazily loaded src/services/live.ts uses into the
// shared initial chunk (client bundle 46.9 KB -> 56.2 KB in `npm run bench -- --only bundles`). The domain and
// error groups below are explicit lists and do not have that effect.

// Tiers
export * from "./layers/admin.js"
export * from "./layers/client.js"
export * from "./layers/config.js"
export * from "./layers/core.js"
export * from "./layers/server.js"
export { type TierBaseServices, type TierError, tierOptionsFromEnv } from "./layers/tier.js"
export { isUniqueIdentifierInUse } from "./layers/unique-app.js"

// Services: the pipeline and session every tier is built on
export * from "./services/http/client-config.js"
export * from "./services/http/endpoint.js"
export * from "./services/session/session.js"
export * from "./services/session/token-store.js"
export * from "./services/session/token-store-cookie.js"
export * from "./services/http/transport.js"
export { Fetch, type FetchFn, layerFetch, NonceSource } from "./services/http/transport-fetch.js"
export * from "./services/http/transport-httpclient.js"

// Services: endpoint groups
export * from "./services/projects/admin-auth.js"
export * from "./services/projects/api-keys.js"
export * from "./services/users/auth.js"
export * from "./services/app-server/auth-json.js"
export * from "./services/users/connected-accounts.js"
export * from "./services/users/contact-channels.js"
export * from "./services/users/current-user.js"
export * from "./services/projects/email-templates.js"
export * from "./services/projects/feature-support.js"
export * from "./services/projects/internal-projects.js"
export * from "./services/app-server/jwt-verify.js"
export * from "./services/projects/metrics.js"
export * from "./services/oauth/oauth.js"
export * from "./services/passkeys/passkey.js"
export { type WebAuthnBrowser, browserWebAuthn, WebAuthn } from "./services/passkeys/passkey-ceremony.js"
export * from "./services/projects/permission-definitions.js"
export * from "./services/projects/projects.js"
export * from "./services/navigation/redirects.js"
export * from "./services/app-server/request-auth.js"
export {
  decodeAuthHeader,
  decodeAuthJson,
  type HeaderRecord,
  readRequestTokens,
  type RequestTokens,
  tokensFromCookieHeader,
  type WebHeaders
} from "./services/app-server/request-tokens.js"
export * from "./services/users/server-sessions.js"
export * from "./services/users/server-users.js"
export * from "./services/teams/team-invitations.js"
export * from "./services/teams/team-members.js"
export * from "./services/teams/team-permissions.js"
export * from "./services/teams/teams.js"
export * from "./services/projects/test-email.js"
export * from "./services/projects/webhooks.js"

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
