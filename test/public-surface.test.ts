import { readdirSync, readFileSync } from "node:fs"
import * as ts from "typescript"
import { describe, expect, it } from "vitest"
import { apiReportFile, apiReportSource } from "../scripts/contract/api-report.js"
import { type EntryName, entryFiles, publicApi, rootCategories } from "./support/public-api.js"

// The public surface of each documented entry point (the package.json "exports"), written out so that any change
// to it is a deliberate, reviewed edit of this file (issue 14). Types are erased at runtime, so only runtime names
// are listed. What a module exports for the package's own use is marked `@internal`, is not public API and does not
// ship from an entry.
const entries = {
  stackfx: () => import("../src/index.js"),
  "stackfx/server": () => import("../src/server/index.js"),
  "stackfx/react": () => import("../src/react/index.js"),
  "stackfx/react/handler": () => import("../src/react/handler/index.js"),
  "stackfx/react-start": () => import("../src/react/start/index.js"),
  "stackfx/react-start/server": () => import("../src/react/start/server.js"),
  "stackfx-backend": () => import("../backend/src/index.js")
} satisfies Record<string, () => Promise<object>>

const expected: Record<keyof typeof entries, ReadonlyArray<string>> = {
  stackfx: [
    // Request and answer schemas of the routes the service has since April (issue 28).
    "ConfigResetKeysBody",
    "ConfigSourceAnswer",
    "SendTestWebhookRequest",
    "SignInInvitationRequest",
    "ACCESS_TYPES",
    "HANDLER_ROUTES",
    "ProductionModeProblemSchema",
    "ServerSessionResponse",
    "lazySchema",
    // The admin project's current shape (issue 20): provider ids, write entries, enums, the transfer.
    "DEFAULT_EMAIL_THEME_ID",
    "OAUTH_PROVIDER_IDS",
    "OAuthAccountMergeStrategy",
    "OAuthProviderId",
    "OAuthProviderWrite",
    "OnboardingStatus",
    "ProjectTransfer",
    "ProjectTransferResponse",
    "SharedOAuthProviderWrite",
    "StandardOAuthProviderWrite",
    // The server's user create and update fields the service accepts (issue 28, §1.1).
    "CountryCode",
    "SignUpRiskScoresInput",
    // The service's newer admin actions (issue 28, §1.5).
    "AffectedUser",
    "BranchConfigSource",
    "authorizationHeaderOf",
    "partialUser",
    "partialUserOf",
    "ConfigProblem",
    "OnboardingPreview",
    "OnboardingPreviewRequest",
    "ResettableConfigLevel",
    "SendTestWebhookResult",
    "SignInInvitations",
    // Linked OAuth providers (issue 21, item 5).
    "OAuthProvider",
    "OAuthProviderConflict",
    "OAuthProviderNotConfigured",
    "OAuthProviderNotFound",
    "OAuthProviderUpdate",
    "OAuthProviders",
    "ServerOAuthProvider",
    "ServerOAuthProviderCreate",
    "ServerOAuthProviderUpdate",
    "ServerOAuthProviders",
    // The service's Hexclave names (issue 28, section 3): the official SDK's session cookies, its Bearer header.
    "HEXCLAVE_ACCESS_COOKIE",
    "decodeAuthorization",
    "hexclaveRefreshCookieName",
    "readTokenCookies",
    "tokenCookieLines",
    // Project permissions and the project config (issue 22).
    "ConfigLevel",
    "ConfigOverridePatchBody",
    "ConfigOverridePutBody",
    "ConfigString",
    "ProjectConfig",
    "ProjectConfigView",
    "ProjectPermission",
    "ProjectPermissionDefinitions",
    "ProjectPermissions",
    "ServerProjectPermissions",
    "SignUpRule",
    "SignUpRuleActionType",
    // The hosted sign-up risk scores a server user carries (issue 24).
    "SignUpRiskScores",
    // User and team API keys (issue 22): the services, their wire shapes, the validity rule, the plain refusals.
    "ApiKeyAccessDenied",
    "ApiKeysDisabled",
    "UserTeamApiKeyInput",
    "ProjectApiKeyInput",
    "UserTeamApiKeyUpdate",
    "ProjectApiKeyUpdate",
    "ServerApiKeys",
    "TeamApiKey",
    "TeamApiKeyCreated",
    "TeamApiKeys",
    "UserApiKey",
    "UserApiKeyCreated",
    "UserApiKeys",
    "userTeamApiKeyValidity",
    "projectApiKeyValidity",
    "AFTER_AUTH_RETURN_TO_PARAM",
    "ASYMMETRIC_JWT_ALGORITHMS",
    "AccessTokenClaims",
    "AccessTokenExpired",
    "AccessTypeRequired",
    "AccessTypeWithoutProjectId",
    "AdminAccessTokenExpired",
    "AdminAccessTokenIsNotAdmin",
    "AdminAuthErrorTags",
    "AdminAuthenticationRequired",
    "AdminProject",
    "AdminProjectConfig",
    "AdminProjectConfigUpdate",
    "AdminProjectCreate",
    "AdminProjectUpdate",
    "AdminProjects",
    "AllOverloadsFailed",
    "AllowedUsers",
    "AnonymousAccountsNotEnabled",
    "AnonymousAuthenticationNotAllowed",
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyCreated",
    "ApiKeyExpired",
    "ApiKeyNotFound",
    "ApiKeyNotValidTags",
    "ApiKeyRevoked",
    "ApiKeyUpdate",
    "ApiKeys",
    "Auth",
    "BodyParsingError",
    "CallbackUrlRequired",
    "CannotDeleteCurrentSession",
    "CannotGetOwnUserWithoutUser",
    "ClientAuthenticationRequired",
    "ClientConfig",
    "ClientOrAdminAuthenticationRequired",
    "ClientOrServerAuthenticationRequired",
    "ClientOrServerOrAdminAuthenticationRequired",
    "ClientProject",
    "ClientContactChannelCreate",
    "ClientContactChannelUpdate",
    "ClientProjectConfig",
    "CrossDomainAuth",
    "CrossDomainAuthorizeRequest",
    "CrossDomainAuthorizeResponse",
    "ClientTeam",
    "ClientUser",
    "ClientUserUpdate",
    "ConfigurationKey",
    "DEFAULT_SERVER_SESSION_EXPIRY_MS",
    "ConnectedAccount",
    "ConnectedAccountAccessToken",
    "ConnectedAccounts",
    "ContactChannel",
    "ContactChannelAlreadyUsedForAuthBySomeoneElse",
    "ContactChannelCreate",
    "ContactChannelType",
    "ContactChannelUpdate",
    "ContactChannels",
    "ContainedPermissionNotFound",
    "CurrentProjectNotFound",
    "CurrentUser",
    "DEFAULT_BASE_URL",
    "DEFAULT_TEMPLATE_IDS",
    "DEMO_PROJECT_CLIENT_KEYS",
    "DEMO_PROJECT_KEYS",
    "DuplicateApp",
    "EmailAlreadyVerified",
    "EmailConfig",
    "EmailIsNotPrimaryEmail",
    "EmailNotAssociatedWithUser",
    "EmailNotVerified",
    "EmailPasswordMismatch",
    "EmailRenderingError",
    "EmailTemplate",
    "EmailTemplateAlreadyExists",
    "EmailTemplateCreate",
    "EmailTemplateCreated",
    "EmailTemplateDeleted",
    "EmailTemplateList",
    "EmailTemplateNotFound",
    "EmailTemplateRendered",
    "EmailTemplateUpdate",
    "EmailTemplates",
    "ExpectedInternalProject",
    "ExternalAuthProviderNotConfigured",
    "FeatureSupport",
    "FeatureSupportRequest",
    "Fetch",
    "HttpError",
    "InitialProjectKeys",
    "InsufficientAccessType",
    "InternalProjects",
    "InvalidAccessTokenTags",
    "InvalidAccessType",
    "InvalidAdminAccessTokenTags",
    "InvalidAuthorizationCode",
    "InvalidExternalAuthToken",
    "InvalidFreshness",
    "InvalidInput",
    "InvalidOAuthClientIdOrSecret",
    "InvalidProjectAuthenticationTags",
    "InvalidProjectForAccessToken",
    "InvalidProjectForAdminAccessToken",
    "InvalidPublishableClientKey",
    "InvalidScope",
    "InvalidSecretServerKey",
    "InvalidSession",
    "InvalidSessionAuthenticationTags",
    "InvalidSessionReason",
    "InvalidSharedOAuthProviderId",
    "InvalidStandardOAuthProviderId",
    "InvalidSuperSecretAdminKey",
    "InvalidTokenString",
    "InvalidTotpCode",
    "JwtVerificationError",
    "KnownErrorMismatch",
    "LOCAL_DEVELOPMENT_KEYS",
    "LoginMethodCount",
    "MalformedAuthJson",
    "Metrics",
    "MetricsDataPoint",
    "MissingConfiguration",
    "MultiFactorAuthenticationRequired",
    "NetworkCheck",
    "NetworkDiagnostics",
    "NetworkError",
    "NoAccessToken",
    "NoPrimaryEmail",
    "NonceSource",
    "NotSignedIn",
    "OAuth",
    "OAuthAccessTokenNotAvailable",
    "OAuthAccessTokenNotAvailableWithSharedOAuthKeys",
    "OAuthCallbackError",
    "OAuthConnectionAlreadyConnectedToAnotherUser",
    "OAuthConnectionDoesNotHaveRequiredScope",
    "OAuthConnectionNotConnectedToUser",
    "OAuthExtraScopeNotAvailableWithSharedOAuthKeys",
    "OAuthNotAvailable",
    "OAuthProviderAccessDenied",
    "OAuthProviderAccountIdAlreadyUsedForSignIn",
    "OAuthProviderConfig",
    "OAuthProviderNotFoundOrNotEnabled",
    "OAuthProviderTemporarilyUnavailable",
    "OAuthUnavailableReason",
    "OuterOAuthTimeout",
    "PASSKEY_RP_ID_PLACEHOLDER",
    "PasskeyAuthenticationFailed",
    "PasskeyAuthenticationNotEnabled",
    "PasskeyRegistrationFailed",
    "PasskeyWebAuthnError",
    "Passkeys",
    "PasswordAuthenticationNotEnabled",
    "PasswordConfirmationMismatch",
    "PasswordRequirementsNotMetTags",
    "PasswordTooLong",
    "PasswordTooShort",
    "PermissionDefinition",
    "PermissionDefinitionCreate",
    "PermissionDefinitionUpdate",
    "PermissionDefinitions",
    "PermissionId",
    "PermissionIdAlreadyExists",
    "PermissionNotFound",
    "ProductionModeNotReady",
    "ProjectAuthenticationErrorTags",
    "ProjectAuthenticationRequiredTags",
    "ProjectDomain",
    "ProjectKeyWithoutAccessType",
    "ProjectMetrics",
    "ProjectNotFound",
    "ProjectPermissionRequired",
    "Projects",
    "ProviderRejected",
    "PublicApiKeyCannotBeRevoked",
    "PublishableClientKeyRequiredForProject",
    "RedirectNotTrusted",
    "RedirectUrlNotWhitelisted",
    "RefreshTokenErrorTags",
    "RefreshTokenNotFoundOrExpired",
    "RequestAuth",
    "RequiresCustomEmailServer",
    "ResponseDecodeError",
    "RestrictedReason",
    "RestrictedUserNotAllowed",
    "SchemaError",
    "SendTestEmailRequest",
    "SendTestEmailResult",
    "ServerAuthenticationRequired",
    "ServerConnectedAccounts",
    "ServerContactChannels",
    "ServerSessionCreate",
    "ServerSessions",
    "ServerTeam",
    "ServerTeamCreate",
    "ServerTeamMemberProfile",
    "ServerTeamMembers",
    "ServerTeamPermissions",
    "ServerTeamUpdate",
    "ServerTeams",
    "ServerUser",
    "ServerUserCreate",
    "ServerUserCreateOAuthProvider",
    "ServerUserUpdate",
    "ServerUsers",
    "Session",
    "SessionAuthenticationErrorTags",
    "SessionInfo",
    "SessionNotFound",
    "SharedEmailConfig",
    "SharedOAuthProviderConfig",
    "SignUpNotEnabled",
    "StandardEmailConfig",
    "StandardOAuthProviderConfig",
    "SvixToken",
    "TemplateId",
    "TemplateThemeId",
    "TeamAlreadyExists",
    "TeamCreate",
    "TeamInvitation",
    "TeamInvitationDetails",
    "TeamInvitationRestrictedUserNotAllowed",
    "TeamInvitationSendCode",
    "TeamInvitationSent",
    "TeamInvitations",
    "TeamMemberProfile",
    "TeamMemberProfileUpdate",
    "TeamMembers",
    "TeamMembership",
    "TeamMembershipAlreadyExists",
    "TeamMembershipNotFound",
    "TeamNotFound",
    "TeamPermission",
    "TeamPermissionNotFound",
    "TeamPermissionRequired",
    "TeamPermissions",
    "TeamUpdate",
    "Teams",
    "TestEmail",
    "TestEmailConfig",
    "TokenStore",
    "TokenVerifier",
    "Transport",
    "Unauthenticated",
    "UnexpectedKnownError",
    "UnparsableAccessToken",
    "UnparsableAdminAccessToken",
    "UnsupportedError",
    "AppleBundleIdNotConfigured",
    "BotChallengeFailed",
    "BotChallengeRequired",
    "BranchDoesNotExist",
    "InvalidAppleCredentials",
    "InvalidPollingCode",
    "ItemNotFound",
    "ItemQuantityInsufficientAmount",
    "SignUpRejected",
    "TeamInvitationEmailMismatch",
    "TemplateSourceRewriteError",
    "MetricsRecentUser",
    "SessionIpInfo",
    "MetricsActivitySplit",
    "MetricsAnalyticsOverview",
    "MetricsAuthOverview",
    "MetricsDailyEmailStatus",
    "MetricsEmailOverview",
    "MetricsPaymentsOverview",
    "MetricsRecentEmail",
    "ActiveSessions",
    "NotificationPreferences",
    "NotificationPreference",
    "NotificationPreferenceUpdate",
    "NOTIFICATION_CATEGORIES",
    "NotificationCategoryNotFound",
    "CliLogin",
    "AgentAuth",
    "AgentAuthDenied",
    "AgentAuthExpired",
    "AgentAuthInvalidClaimCode",
    "AgentAuthNotEnabled",
    "AgentAuthTimedOut",
    "AgentAuthUsed",
    "AgentConfirmAnswer",
    "AgentDiscovery",
    "AgentPollAnswer",
    "AgentRegisterRequest",
    "AgentRegistration",
    "AgentSessionTokens",
    "CodeChecks",
    "CliLoginCodeInvalid",
    "CliLoginExpired",
    "CliLoginTimedOut",
    "CliLoginUsed",
    "CliAuthAttempt",
    "CliAuthCompleteRequest",
    "CliAuthPollAnswer",
    "CliAuthPollRequest",
    "CliAuthStartRequest",
    "CliAuthStatus",
    "cliAuthConfirmUrl",
    "UserAlreadyConnectedToAnotherOAuthConnection",
    "UserAuthenticationRequired",
    "UserDoesNotHavePassword",
    "UserEmailAlreadyExists",
    "UserIdDoesNotExist",
    "UserNotFound",
    "UserOAuthProvider",
    "VerificationCodeAlreadyUsed",
    "VerificationCodeExpired",
    "VerificationCodeMaxAttemptsReached",
    "VerificationCodeNotFound",
    "VerificationErrorTags",
    "WebAuthn",
    "WebAuthnCeremonyCode",
    "WebAuthnError",
    "WebAuthnErrorCode",
    "WebAuthnFlowCode",
    "Webhooks",
    "WrongApiKeyType",
    "WrongPermissionScope",
    "accessCookieName",
    "adminEndpoints",
    "allowingAnonymousUsers",
    "allowingRestrictedUsers",
    "adminTier",
    "adminTierFromEnv",
    "afterAuthRedirectUrl",
    "apiKeyValidity",
    "authHeaderValue",
    "authHeadersOf",
    "authJsonOf",
    "browserWebAuthn",
    "checkTarget",
    "clientEndpoints",
    "clientTier",
    "clientTierFromEnv",
    "cookieTokenStore",
    "cookieTokenStoreFromConfig",
    "layerCore",
    "coreLayer",
    "decodeAuthHeader",
    "decodeAuthJson",
    "decodeJson",
    "documented",
    "encodeBuilt",
    "encodeInput",
    "formBody",
    "isApiKeyNotValid",
    "isApiKeyValid",
    "isBuiltInPermissionId",
    "isInvalidAccessToken",
    "isInvalidAdminAccessToken",
    "isInvalidProjectAuthentication",
    "isInvalidSessionAuthentication",
    "isKnownError",
    "isLoggedIn",
    "isPasswordRequirementsNotMet",
    "isProjectAuthenticationError",
    "isProjectAuthenticationRequired",
    "isRefreshTokenError",
    "isSessionAuthenticationError",
    "isTrustedRedirect",
    "isUniqueIdentifierInUse",
    "isVerificationError",
    "jsonBody",
    "knownErrorCategories",
    "knownErrorClasses",
    "knownInvalid",
    "layerFetch",
    "layerFetchFromHttpClient",
    "makeClientConfig",
    "makeCookieTokenStore",
    "makeCustomTokenStore",
    "makeRefTokenStore",
    "makeRequestAuth",
    "makeSession",
    "makeTokenVerifier",
    "makeExternalTokenStore",
    "missingConfigurationMessage",
    "noTokens",
    "packageVersion",
    "productionModeProblems",
    "readRequestTokens",
    "redirectUrlFor",
    "refreshCookieName",
    "relativeOnly",
    "resolveRedirectUrls",
    "resolveTierConfig",
    "returnToOf",
    "serializeTokenCookie",
    "serverEndpoints",
    "serverTier",
    "serverTierFromEnv",
    "sessionChanges",
    "sessionFromTokens",
    "tierOptionsFromEnv",
    "tokenSetCookies",
    "tokensFromCookieHeader",
    "tokensOf",
    "webAuthnMessage",
    "whyApiKeyInvalid",
    "withReturnTo",
    "withValidity"
  ],
  "stackfx/react": [
    "Avatar",
    "QueryCache",
    "StackProvider",
    "StackProviderMissing",
    "StackStyles",
    "UserButton",
    "UserButtonView",
    "activeSessionsQuery",
    "clearOnSessionChange",
    "contactChannelsQuery",
    "invalidateOnDataChange",
    "notificationPreferencesQuery",
    "makePrefetchRegistry",
    "oauthProvidersQuery",
    "makeQueryCache",
    "openBroadcastChannel",
    "permissionsQuery",
    "projectPermissionsQuery",
    "projectQuery",
    "queryKeyId",
    "runTabSync",
    "signOutThenNavigate",
    "stackQuery",
    "layerStackReact",
    "stackReactLayer",
    "stackfxCss",
    "teamInvitationsQuery",
    "teamMembersQuery",
    "teamsQuery",
    "useActiveSessions",
    "useContactChannels",
    "useNotificationPreferences",
    "useOAuthProviders",
    "usePermission",
    "usePermissions",
    "useProject",
    "useStackApp",
    "useStackQuery",
    "useTeam",
    "useTeamInvitations",
    "useTeamMembers",
    "useTeams",
    "useUser",
    "userQuery",
    // User and team API keys (issue 22).
    "teamApiKeysQuery",
    "useTeamApiKeys",
    "useUserApiKeys",
    "userApiKeysQuery",
    // Team invitations the signed-in user received (issue 21).
    "receivedTeamInvitationsQuery",
    "useReceivedTeamInvitations"
  ],
  // Webhooks (issue 38): verifying a delivery, its typed errors, the events' schemas, the demo secret.
  "stackfx/server": [
    "verifyWebhook",
    "verifyWebhookRequest",
    "WebhookBodyUnreadable",
    "WebhookPayloadInvalid",
    "WebhookSecretInvalid",
    "WebhookSignatureInvalid",
    "WebhookTimestampOutsideWindow",
    "WebhookUnknownEventType",
    "WEBHOOK_EVENT_TYPES",
    "WebhookEvent",
    "DEMO_WEBHOOK_SECRET"
  ],
  "stackfx/react/handler": [
    "DEFAULT_DASHBOARD_URL",
    "HANDLER_SEARCH_PARAMS",
    "OAUTH_CALLBACK_FAILED_MESSAGE",
    "OAUTH_INVALID_TOTP_MESSAGE",
    "StackHandler",
    "decodeHandlerSearch",
    "preloadStackHandler",
    "routerNavigate",
    "stackHandlerRoute",
    "stackHandlerRoutes"
  ],
  "stackfx/react-start": [
    "StackStartProvider",
    "requireTeamPermission",
    "requireUser",
    "signInRedirectUrl",
    "useStackPageData"
  ],
  "stackfx/react-start/server": [
    "StackRequestUser",
    "countsAsSignedIn",
    "makeRequestCookieTokenStore",
    "makeSharedRefreshes",
    "makeStackRequests",
    "requestCookieTokenStore",
    "secureCookiesFor",
    "stackStartServer"
  ],
  "stackfx-backend": ["DEFAULT_DB", "DEFAULT_HOST", "DEFAULT_PORT", "LocalBackendStartError", "startLocalBackend"]
}

let internal: Record<EntryName, ReadonlySet<string>> | undefined
/** The names each entry exports for the package's own modules only (marked `@internal`). */
const internalNames = (entry: EntryName): ReadonlySet<string> => {
  if (internal === undefined) {
    const api = publicApi()
    const of = (name: EntryName) => new Set(api[name].filter((n) => n.internal).map((n) => n.name))
    internal = {
      stackfx: of("stackfx"),
      "stackfx/server": of("stackfx/server"),
      "stackfx/react": of("stackfx/react"),
      "stackfx/react/handler": of("stackfx/react/handler"),
      "stackfx/react-start": of("stackfx/react-start"),
      "stackfx/react-start/server": of("stackfx/react-start/server"),
      "stackfx-backend": of("stackfx-backend")
    }
  }
  return internal[entry]
}

describe("public surface", () => {
  for (const [name, load] of Object.entries(entries)) {
    const key = name as keyof typeof entries
    it(`${name} exports exactly the reviewed runtime names`, async () => {
      expect(Object.keys(await load()).sort()).toEqual([...expected[key]].sort())
    }, 60_000)
    it(`${name} ships no name marked @internal`, async () => {
      const hidden = internalNames(key)
      expect(Object.keys(await load()).filter((n) => hidden.has(n))).toEqual([])
    }, 60_000)
    it(`${name} exports no undefined value`, async () => {
      const module: Record<string, unknown> = { ...(await load()) }
      expect(Object.keys(module).filter((n) => module[n] === undefined)).toEqual([])
    })
  }

  // The two entries an app imports list their names (a change to the surface is a change to the entry's files): no
  // star re-export, which would pass on whatever a module adds. The root entry re-exports its category modules
  // (src/exports/*.ts) and nothing else; they name every export.
  const starsOf = (path: string): ReadonlyArray<string> => {
    const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest)
    return file.statements
      .filter((statement) => ts.isExportDeclaration(statement) && statement.exportClause === undefined)
      .map((statement) => statement.getText(file))
  }
  const categoryModules = readdirSync("src/exports")
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `src/exports/${name}`)
  for (const path of [entryFiles["stackfx/react"], ...categoryModules]) {
    it(`${path} names every export (no export *)`, () => {
      expect(starsOf(path)).toEqual([])
    })
  }
  it("stackfx re-exports its category modules (src/exports/*.ts) and nothing else", () => {
    const path = entryFiles.stackfx
    const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest)
    const other = file.statements.filter(
      (statement) =>
        !(
          ts.isExportDeclaration(statement) &&
          statement.exportClause === undefined &&
          statement.moduleSpecifier !== undefined &&
          ts.isStringLiteral(statement.moduleSpecifier) &&
          /^\.\/exports\/[\w-]+\.js$/.test(statement.moduleSpecifier.text)
        )
    )
    expect(other.map((statement) => statement.getText(file))).toEqual([])
    expect(starsOf(path).length).toBe(categoryModules.length)
  })
})

// The three checks over the compiler's view of the entries (`publicApi`, which takes a TypeScript program of
// every entry and several seconds of CPU) share one file, so that program is made once per run.

// Every public name of a documented entry point (types included) carries a doc comment on its declaration, so an
// editor shows what it is for where it is used. Names marked `@internal` are not public API.
describe("public documentation", () => {
  it("every public export of every entry point has a doc comment", () => {
    const missing = Object.fromEntries(
      Object.entries(publicApi()).map(([entry, names]) => [
        entry,
        names
          .filter((n) => !n.internal && !n.documented)
          .map((n) => n.name)
          .sort()
      ])
    )
    expect(missing).toEqual({
      stackfx: [],
      "stackfx/server": [],
      "stackfx/react": [],
      "stackfx/react/handler": [],
      "stackfx/react-start": [],
      "stackfx/react-start/server": [],
      "stackfx-backend": []
    })
  }, 60_000)
})

// Every public name of the root entry carries an `@category` (on the statement of src/exports/*.ts that exports
// it), one of the categories docs/api-report.md groups the entry by.
describe("the root entry's categories", () => {
  it("every public name of stackfx has an @category of rootCategories", () => {
    const known: ReadonlySet<string> = new Set(rootCategories)
    const stray = publicApi()
      .stackfx.filter((n) => !n.internal && (n.category === undefined || !known.has(n.category)))
      .map((n) => `${n.name}: ${n.category ?? "no category"}`)
    expect(stray).toEqual([])
  }, 60_000)
})

// The checked-in API report is the surface the entries export today: a change to a public name, or to what it
// is, must come with the regenerated report (`npm run generate`), so the review of that change shows it.
describe("the API report", () => {
  it("docs/api-report.md is the one the entry points generate today", () => {
    expect(readFileSync(apiReportFile, "utf8")).toBe(apiReportSource())
  }, 60_000)
})
