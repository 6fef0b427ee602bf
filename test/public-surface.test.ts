import { readFileSync } from "node:fs"
import * as ts from "typescript"
import { describe, expect, it } from "vitest"
import { type EntryName, entryFiles, publicApi } from "./support/public-api.js"

// The public surface of each documented entry point (the package.json "exports"), written out so that any change
// to it is a deliberate, reviewed edit of this file (issue 14). Types are erased at runtime, so only runtime names
// are listed. The root entry re-exports whole modules (see the comment in src/index.ts); what those modules export
// for the package's own use is marked `@internal` and is not public API, so it is left out here.
const entries = {
  stackfx: () => import("../src/index.js"),
  "stackfx/react": () => import("../src/react/index.js"),
  "stackfx/react/handler": () => import("../src/react/handler/index.js"),
  "stackfx-backend": () => import("../backend/src/index.js")
} satisfies Record<string, () => Promise<object>>

const expected: Record<keyof typeof entries, ReadonlyArray<string>> = {
  "stackfx": [
    "ACCESS_TYPES", "HANDLER_ROUTES", "ProductionModeProblemSchema", "ServerSessionResponse", "lazySchema",
    // The admin project's current shape (issue 20): provider ids, write entries, enums, the transfer.
    "DEFAULT_EMAIL_THEME_ID", "OAUTH_PROVIDER_IDS", "OAuthAccountMergeStrategy", "OAuthProviderId", "OAuthProviderWrite",
    "OnboardingStatus", "ProjectTransfer", "ProjectTransferResponse", "SharedOAuthProviderWrite", "StandardOAuthProviderWrite",
    // Linked OAuth providers (issue 21, item 5).
    "OAuthProvider", "OAuthProviderConflict", "OAuthProviderNotConfigured", "OAuthProviderNotFound", "OAuthProviderUpdate",
    "OAuthProviders", "ServerOAuthProvider", "ServerOAuthProviderCreate", "ServerOAuthProviderUpdate", "ServerOAuthProviders",
    // Project permissions and the project config (issue 22).
    "ConfigLevel", "ConfigOverridePatchBody", "ConfigOverridePutBody", "ConfigString", "ProjectConfig", "ProjectConfigView",
    "ProjectPermission", "ProjectPermissionDefinitions", "ProjectPermissions", "ServerProjectPermissions", "SignUpRule",
    "SignUpRuleActionType",
    // The hosted sign-up risk scores a server user carries (issue 24).
    "SignUpRiskScores",
    // User and team API keys (issue 22): the services, their wire shapes, the validity rule, the plain refusals.
    "ApiKeyAccessDenied", "ApiKeysDisabled", "ProjectApiKeyInput", "ProjectApiKeyUpdate", "ServerApiKeys", "TeamApiKey",
    "TeamApiKeyCreated", "TeamApiKeys", "UserApiKey", "UserApiKeyCreated", "UserApiKeys", "projectApiKeyValidity",
    "AFTER_AUTH_RETURN_TO_PARAM", "ASYMMETRIC_JWT_ALGORITHMS", "AccessTokenClaims", "AccessTokenExpired",
    "AccessTypeRequired", "AccessTypeWithoutProjectId", "AdminAccessTokenExpired", "AdminAccessTokenIsNotAdmin",
    "AdminAuthErrorTags", "AdminAuthenticationRequired", "AdminProject", "AdminProjectConfig",
    "AdminProjectConfigUpdate", "AdminProjectCreate", "AdminProjectUpdate", "AdminProjects", "AllOverloadsFailed",
    "AllowedUsers",
    "AnonymousAccountsNotEnabled", "AnonymousAuthenticationNotAllowed", "ApiKey", "ApiKeyCreate", "ApiKeyCreated",
    "ApiKeyExpired", "ApiKeyNotFound", "ApiKeyNotValidTags", "ApiKeyRevoked", "ApiKeyUpdate", "ApiKeys", "Auth",
    "BodyParsingError", "CallbackUrlRequired", "CannotDeleteCurrentSession", "CannotGetOwnUserWithoutUser",
    "ClientAuthenticationRequired", "ClientConfig", "ClientOrAdminAuthenticationRequired",
    "ClientOrServerAuthenticationRequired", "ClientOrServerOrAdminAuthenticationRequired", "ClientProject",
    "ClientContactChannelCreate", "ClientContactChannelUpdate", "ClientProjectConfig", "CrossDomainAuth",
    "CrossDomainAuthorizeRequest", "CrossDomainAuthorizeResponse", "ClientTeam", "ClientUser", "ClientUserUpdate",
    "ConfigurationKey", "DEFAULT_SERVER_SESSION_EXPIRY_MS",
    "ConnectedAccount", "ConnectedAccountAccessToken", "ConnectedAccounts", "ContactChannel",
    "ContactChannelAlreadyUsedForAuthBySomeoneElse", "ContactChannelCreate", "ContactChannelType",
    "ContactChannelUpdate", "ContactChannels", "ContainedPermissionNotFound", "CurrentProjectNotFound", "CurrentUser",
    "DEFAULT_BASE_URL", "DEFAULT_TEMPLATE_IDS", "DEMO_PROJECT_KEYS", "DuplicateApp", "EmailAlreadyVerified", "EmailConfig",
    "EmailIsNotPrimaryEmail", "EmailNotAssociatedWithUser", "EmailNotVerified", "EmailPasswordMismatch",
    "EmailRenderingError", "EmailTemplate", "EmailTemplateAlreadyExists", "EmailTemplateCreate", "EmailTemplateCreated",
    "EmailTemplateDeleted", "EmailTemplateList", "EmailTemplateNotFound", "EmailTemplateRendered", "EmailTemplateUpdate",
    "EmailTemplates",
    "ExpectedInternalProject", "FeatureSupport", "FeatureSupportRequest", "Fetch", "HttpError", "InitialProjectKeys",
    "InsufficientAccessType", "InternalProjects", "InvalidAccessTokenTags", "InvalidAccessType",
    "InvalidAdminAccessTokenTags", "InvalidAuthorizationCode", "InvalidFreshness", "InvalidInput",
    "InvalidOAuthClientIdOrSecret", "InvalidProjectAuthenticationTags", "InvalidProjectForAccessToken",
    "InvalidProjectForAdminAccessToken", "InvalidPublishableClientKey", "InvalidScope", "InvalidSecretServerKey",
    "InvalidSession", "InvalidSessionAuthenticationTags", "InvalidSessionReason", "InvalidSharedOAuthProviderId",
    "InvalidStandardOAuthProviderId", "InvalidSuperSecretAdminKey", "InvalidTokenString", "InvalidTotpCode",
    "JwtVerificationError", "KnownErrorMismatch", "LOCAL_DEVELOPMENT_KEYS", "LoginMethodCount", "MalformedAuthJson",
    "Metrics", "MetricsDataPoint", "MissingConfiguration", "MultiFactorAuthenticationRequired", "NetworkCheck",
    "NetworkDiagnostics", "NetworkError", "NoAccessToken", "NoPrimaryEmail", "NonceSource", "NotSignedIn", "OAuth",
    "OAuthAccessTokenNotAvailable", "OAuthAccessTokenNotAvailableWithSharedOAuthKeys", "OAuthCallbackError",
    "OAuthConnectionAlreadyConnectedToAnotherUser", "OAuthConnectionDoesNotHaveRequiredScope",
    "OAuthConnectionNotConnectedToUser", "OAuthExtraScopeNotAvailableWithSharedOAuthKeys", "OAuthNotAvailable",
    "OAuthProviderAccessDenied", "OAuthProviderAccountIdAlreadyUsedForSignIn", "OAuthProviderConfig",
    "OAuthProviderNotFoundOrNotEnabled", "OAuthProviderTemporarilyUnavailable", "OAuthUnavailableReason",
    "OuterOAuthTimeout", "PASSKEY_RP_ID_PLACEHOLDER", "PasskeyAuthenticationFailed",
    "PasskeyAuthenticationNotEnabled", "PasskeyRegistrationFailed", "PasskeyWebAuthnError", "Passkeys",
    "PasswordAuthenticationNotEnabled", "PasswordConfirmationMismatch", "PasswordRequirementsNotMetTags",
    "PasswordTooLong", "PasswordTooShort", "PermissionDefinition", "PermissionDefinitionCreate",
    "PermissionDefinitionUpdate", "PermissionDefinitions", "PermissionId", "PermissionIdAlreadyExists",
    "PermissionNotFound", "ProductionModeNotReady", "ProjectAuthenticationErrorTags",
    "ProjectAuthenticationRequiredTags", "ProjectDomain", "ProjectKeyWithoutAccessType", "ProjectMetrics",
    "ProjectNotFound", "ProjectPermissionRequired", "Projects", "ProviderRejected", "PublicApiKeyCannotBeRevoked",
    "PublishableClientKeyRequiredForProject", "RedirectNotTrusted", "RedirectUrlNotWhitelisted",
    "RefreshTokenErrorTags", "RefreshTokenNotFoundOrExpired", "RequestAuth", "RequiresCustomEmailServer", "ResponseDecodeError",
    "RestrictedReason", "RestrictedUserNotAllowed", "SchemaError", "SendTestEmailRequest", "SendTestEmailResult",
    "ServerAuthenticationRequired", "ServerConnectedAccounts", "ServerContactChannels", "ServerSessionCreate",
    "ServerSessions", "ServerTeam", "ServerTeamCreate", "ServerTeamMemberProfile", "ServerTeamMembers",
    "ServerTeamPermissions", "ServerTeamUpdate", "ServerTeams", "ServerUser", "ServerUserCreate",
    "ServerUserCreateOAuthProvider", "ServerUserUpdate", "ServerUsers", "Session", "SessionAuthenticationErrorTags",
    "SessionInfo", "SessionNotFound", "SharedEmailConfig", "SharedOAuthProviderConfig", "SignUpNotEnabled",
    "StandardEmailConfig", "StandardOAuthProviderConfig", "SvixToken", "TemplateId", "TemplateThemeId", "TeamAlreadyExists", "TeamCreate",
    "TeamInvitation", "TeamInvitationDetails", "TeamInvitationRestrictedUserNotAllowed", "TeamInvitationSendCode",
    "TeamInvitationSent", "TeamInvitations", "TeamMemberProfile", "TeamMemberProfileUpdate", "TeamMembers",
    "TeamMembership", "TeamMembershipAlreadyExists", "TeamMembershipNotFound", "TeamNotFound", "TeamPermission",
    "TeamPermissionNotFound", "TeamPermissionRequired", "TeamPermissions", "TeamUpdate", "Teams", "TestEmail",
    "TestEmailConfig", "TokenStore", "TokenVerifier", "Transport", "Unauthenticated", "UnexpectedKnownError",
    "UnparsableAccessToken", "UnparsableAdminAccessToken", "UnsupportedError",
    "AppleBundleIdNotConfigured", "BotChallengeFailed", "BotChallengeRequired", "BranchDoesNotExist",
    "InvalidAppleCredentials", "InvalidPollingCode", "ItemNotFound",
    "ItemQuantityInsufficientAmount", "SignUpRejected", "TeamInvitationEmailMismatch",
    "TemplateSourceRewriteError", "MetricsRecentUser", "SessionIpInfo",
    "MetricsActivitySplit", "MetricsAnalyticsOverview", "MetricsAuthOverview", "MetricsDailyEmailStatus", "MetricsEmailOverview",
    "MetricsPaymentsOverview", "MetricsRecentEmail",
    "ActiveSessions", "NotificationPreferences", "NotificationPreference", "NotificationPreferenceUpdate",
    "NOTIFICATION_CATEGORIES", "NotificationCategoryNotFound", "CliLogin", "CliLoginCodeInvalid", "CliLoginExpired",
    "CliLoginTimedOut", "CliLoginUsed", "CliAuthAttempt", "CliAuthCompleteRequest", "CliAuthPollAnswer",
    "CliAuthPollRequest", "CliAuthStartRequest", "CliAuthStatus", "cliAuthConfirmUrl",
    "UserAlreadyConnectedToAnotherOAuthConnection", "UserAuthenticationRequired", "UserDoesNotHavePassword",
    "UserEmailAlreadyExists", "UserIdDoesNotExist", "UserNotFound", "UserOAuthProvider",
    "VerificationCodeAlreadyUsed", "VerificationCodeExpired", "VerificationCodeMaxAttemptsReached",
    "VerificationCodeNotFound", "VerificationErrorTags", "WebAuthn", "WebAuthnCeremonyCode", "WebAuthnError",
    "WebAuthnErrorCode", "WebAuthnFlowCode", "Webhooks", "WrongApiKeyType", "WrongPermissionScope",
    "accessCookieName", "adminEndpoints", "allowingAnonymousUsers", "allowingRestrictedUsers", "adminTier", "adminTierFromEnv", "afterAuthRedirectUrl", "apiKeyValidity",
    "authHeaderValue", "authHeadersOf", "authJsonOf", "browserWebAuthn", "checkTarget", "clientEndpoints",
    "clientTier", "clientTierFromEnv", "cookieTokenStore", "cookieTokenStoreFromConfig", "coreLayer",
    "decodeAuthHeader", "decodeAuthJson", "decodeJson", "documented", "encodeBuilt", "encodeInput", "formBody",
    "isApiKeyNotValid", "isApiKeyValid", "isBuiltInPermissionId", "isInvalidAccessToken", "isInvalidAdminAccessToken",
    "isInvalidProjectAuthentication", "isInvalidSessionAuthentication", "isKnownError", "isLoggedIn",
    "isPasswordRequirementsNotMet", "isProjectAuthenticationError", "isProjectAuthenticationRequired",
    "isRefreshTokenError", "isSessionAuthenticationError", "isTrustedRedirect", "isUniqueIdentifierInUse",
    "isVerificationError", "jsonBody", "knownErrorCategories", "knownErrorClasses", "knownInvalid", "layerFetch",
    "layerFetchFromHttpClient", "makeClientConfig", "makeCookieTokenStore", "makeCustomTokenStore",
    "makeRefTokenStore", "makeRequestAuth", "makeSession", "makeTokenVerifier", "missingConfigurationMessage",
    "noTokens", "packageVersion", "productionModeProblems", "readRequestTokens", "redirectUrlFor",
    "refreshCookieName", "relativeOnly", "resolveRedirectUrls", "resolveTierConfig", "returnToOf",
    "serializeTokenCookie", "serverEndpoints", "serverTier", "serverTierFromEnv", "sessionChanges",
    "sessionFromTokens", "tierOptionsFromEnv", "tokenSetCookies", "tokensFromCookieHeader", "tokensOf",
    "webAuthnMessage", "whyApiKeyInvalid", "withReturnTo", "withValidity",
  ],
  "stackfx/react": [
    "Avatar", "QueryCache", "StackProvider", "StackProviderMissing", "StackStyles", "UserButton", "UserButtonView",
    "activeSessionsQuery", "clearOnSessionChange", "contactChannelsQuery", "invalidateOnDataChange", "notificationPreferencesQuery", "makePrefetchRegistry", "oauthProvidersQuery",
    "makeQueryCache", "openBroadcastChannel", "permissionsQuery", "projectPermissionsQuery", "projectQuery", "queryKeyId", "runTabSync",
    "signOutThenNavigate", "stackQuery", "stackReactLayer", "stackfxCss", "teamInvitationsQuery", "teamMembersQuery",
    "teamsQuery", "useActiveSessions", "useContactChannels", "useNotificationPreferences", "useOAuthProviders", "usePermission", "usePermissions", "useProject", "useStackApp",
    "useStackQuery", "useTeam", "useTeamInvitations", "useTeamMembers", "useTeams", "useUser", "userQuery",
    // User and team API keys (issue 22).
    "teamApiKeysQuery", "useTeamApiKeys", "useUserApiKeys", "userApiKeysQuery",
    // Team invitations the signed-in user received (issue 21).
    "receivedTeamInvitationsQuery", "useReceivedTeamInvitations",
  ],
  "stackfx/react/handler": [
    "DEFAULT_DASHBOARD_URL", "HANDLER_SEARCH_PARAMS", "OAUTH_CALLBACK_FAILED_MESSAGE", "OAUTH_INVALID_TOTP_MESSAGE",
    "StackHandler", "decodeHandlerSearch", "routerNavigate", "stackHandlerRoute", "stackHandlerRoutes",
  ],
  "stackfx-backend": [
    "DEFAULT_DB", "DEFAULT_HOST", "DEFAULT_PORT", "EmulatorStartError", "startEmulator",
  ]
}

let internal: Record<EntryName, ReadonlySet<string>> | undefined
/** The names each entry exports for the package's own modules only (marked `@internal`). */
const internalNames = (entry: EntryName): ReadonlySet<string> => {
  if (internal === undefined) {
    const api = publicApi()
    const of = (name: EntryName) => new Set(api[name].filter((n) => n.internal).map((n) => n.name))
    internal = {
      "stackfx": of("stackfx"),
      "stackfx/react": of("stackfx/react"),
      "stackfx/react/handler": of("stackfx/react/handler"),
      "stackfx-backend": of("stackfx-backend")
    }
  }
  return internal[entry]
}

describe("public surface", () => {
  for (const [name, load] of Object.entries(entries)) {
    const key = name as keyof typeof entries
    it(`${name} exports exactly the reviewed runtime names, besides those marked @internal`, async () => {
      const hidden = internalNames(key)
      expect(Object.keys(await load()).filter((n) => !hidden.has(n)).sort()).toEqual([...expected[key]].sort())
    }, 60_000)
    it(`${name} exports no undefined value`, async () => {
      const module: Record<string, unknown> = { ...(await load()) }
      expect(Object.keys(module).filter((n) => module[n] === undefined)).toEqual([])
    })
  }

  // A bundler (esbuild) counts every module the root entry names in an `export { ... } from` as loaded with the page
  // once a program imports any such name: the lazily loaded implementations' domain and error modules then joined
  // the first load (+9.3 KB gzip). Star re-exports keep each program to what it uses.
  it("the root entry re-exports whole modules only", () => {
    const file = ts.createSourceFile(entryFiles.stackfx, readFileSync(entryFiles.stackfx, "utf8"), ts.ScriptTarget.Latest)
    const named = file.statements.filter((statement) =>
      !ts.isExportDeclaration(statement) || statement.exportClause !== undefined || statement.isTypeOnly
    )
    expect(named.map((statement) => statement.getText(file))).toEqual([])
  })
})
