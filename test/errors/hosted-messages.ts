/**
 * The hosted service's known-error messages, as facts: for each code, details a response may carry and
 * the exact `error` text the hosted service sends with them. Clients show and match these strings, so the
 * local backend must produce them word for word.
 */
export const hostedMessages: ReadonlyArray<readonly [code: string, details: Record<string, unknown>, message: string]> =
  [
    [
      "ALL_OVERLOADS_FAILED",
      { overload_errors: [{ code: "SCHEMA_ERROR", details: { message: "first" } }, { error: "second" }] },
      'This endpoint has multiple overloads, but they all failed to process the request.\n\n  Overload 1: {\n    "code": "SCHEMA_ERROR",\n    "details": {\n      "message": "first"\n    }\n  }\n  \n  Overload 2: {\n    "error": "second"\n  }'
    ],
    [
      "CURRENT_PROJECT_NOT_FOUND",
      { project_id: "proj-2" },
      "The current project with ID proj-2 was not found. Please check the value of the x-hexclave-project-id header. (The legacy x-stack-project-id header is also accepted.)"
    ],
    ["EMAIL_TEMPLATE_ALREADY_EXISTS", {}, "Email template already exists."],
    [
      "REQUIRES_CUSTOM_EMAIL_SERVER",
      {},
      "This action requires a custom SMTP server. Please edit your email server configuration and try again."
    ],
    [
      "EMAIL_RENDERING_ERROR",
      { error: "Subject is required, import it from @stackframe/emails" },
      "Failed to render email with theme: Subject is required, import it from @stackframe/emails"
    ],
    [
      "PROJECT_NOT_FOUND",
      { project_id: "proj-1" },
      "Project proj-1 not found or is not accessible with the current user."
    ],
    [
      "SCHEMA_ERROR",
      { message: "Request validation failed on POST /api/v1/users:\n  - body.primary_email must be a valid email" },
      "Request validation failed on POST /api/v1/users:\n  - body.primary_email must be a valid email"
    ],
    [
      "UNSUPPORTED_ERROR",
      { originalErrorCode: "SOMETHING_NEW" },
      "An error occurred that is not currently supported (possibly because it was added in a version of Stack that is newer than this client). The original unsupported error code was: SOMETHING_NEW"
    ],
    [
      "ACCESS_TYPE_REQUIRED",
      {},
      "You must specify an access level for this Hexclave project. Make sure project API keys are provided (eg. x-hexclave-publishable-client-key) and you set the x-hexclave-access-type header to 'client', 'server', or 'admin'. (The legacy x-stack-* equivalents are also accepted.)\n\nFor more information, see the docs on REST API authentication: https://docs.hexclave.com/api/overview#authentication"
    ],
    [
      "ACCESS_TYPE_WITHOUT_PROJECT_ID",
      { request_type: "server" },
      "The x-hexclave-access-type header was 'server', but the x-hexclave-project-id header was not provided. (The legacy x-stack-access-type and x-stack-project-id headers are also accepted.)\n\nFor more information, see the docs on REST API authentication: https://docs.hexclave.com/api/overview#authentication"
    ],
    [
      "ADMIN_ACCESS_TOKEN_EXPIRED",
      { expired_at_millis: 1700000000000 },
      "Admin access token has expired. Please refresh it and try again. (The access token expired at 2023-11-14T22:13:20.000Z.)"
    ],
    [
      "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
      {},
      "Admin access token does not have the required permissions to access this project."
    ],
    ["ADMIN_AUTHENTICATION_REQUIRED", {}, "The super secret admin key must be provided."],
    ["CLIENT_AUTHENTICATION_REQUIRED", {}, "The publishable client key must be provided."],
    [
      "CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED",
      {},
      "Either the publishable client key or the super secret admin key must be provided."
    ],
    [
      "CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED",
      {},
      "Either the publishable client key or the secret server key must be provided."
    ],
    [
      "CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED",
      {},
      "Either the publishable client key, the secret server key, or the super secret admin key must be provided."
    ],
    ["EXPECTED_INTERNAL_PROJECT", {}, "The project ID is expected to be internal."],
    [
      "INSUFFICIENT_ACCESS_TYPE",
      { actual_access_type: "client", allowed_access_types: ["server", "admin"] },
      "The x-hexclave-access-type header must be 'server' or 'admin', but was 'client'. (The legacy x-stack-access-type header is also accepted.)"
    ],
    ["INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN", {}, "Admin access tokens must be created on the internal project."],
    [
      "INVALID_PUBLISHABLE_CLIENT_KEY",
      { project_id: "proj-3" },
      'The publishable key is not valid for the project "proj-3". Does the project and/or the key exist?'
    ],
    [
      "INVALID_SECRET_SERVER_KEY",
      { project_id: "proj-4" },
      'The secret server key is not valid for the project "proj-4". Does the project and/or the key exist?'
    ],
    [
      "INVALID_SUPER_SECRET_ADMIN_KEY",
      { project_id: "proj-5" },
      'The super secret admin key is not valid for the project "proj-5". Does the project and/or the key exist?'
    ],
    [
      "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
      {},
      "Either an API key or an admin access token was provided, but the x-hexclave-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate. (The legacy x-stack-access-type header is also accepted.)"
    ],
    [
      "AGENT_AUTH_NOT_ENABLED",
      {},
      "Agent authentication is not enabled for this project. Install the Agent Auth app in the Hexclave dashboard to enable it."
    ],
    ["AGENT_AUTH_INVALID_CLAIM_CODE", {}, "The claim code is invalid, has expired, or has already been used."],
    [
      "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
      { project_id: "proj-6" },
      "Publishable client keys are required for this project. Create one in Project Keys, or disable this requirement there to allow keyless client access."
    ],
    ["SERVER_AUTHENTICATION_REQUIRED", {}, "The secret server key must be provided."],
    ["UNPARSABLE_ADMIN_ACCESS_TOKEN", {}, "Admin access token is not parsable."],
    [
      "ACCESS_TOKEN_EXPIRED",
      { expired_at_millis: 1700000000000, project_id: "proj-7", user_id: "user-1", refresh_token_id: "rt-1" },
      "Access token has expired. Please refresh it and try again. (The access token expired at 2023-11-14T22:13:20.000Z.) Project ID: proj-7. User ID: user-1. Refresh token ID: rt-1.\n\nDebug info: Most likely, you fetched the access token before it expired (for example, in a server component, pre-rendered page, or on page load), but then didn't refresh it before it expired. If this is the case, and you're using the SDK, make sure you call getAccessToken() every time you need to use the access token. If you're not using the SDK, make sure you refresh the access token with the refresh endpoint."
    ],
    [
      "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED",
      {},
      "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users."
    ],
    ["CANNOT_DELETE_CURRENT_SESSION", {}, "Cannot delete the current session."],
    [
      "INVALID_PROJECT_FOR_ACCESS_TOKEN",
      { expected_project_id: "proj-8", actual_project_id: "proj-9" },
      'Access token not valid for this project. Expected project ID "proj-8", but the token is for project ID "proj-9".'
    ],
    [
      "PROVIDER_REJECTED",
      {},
      "The provider refused to refresh their token. This usually means that the provider used to authenticate the user no longer regards this session as valid, and the user must re-authenticate."
    ],
    [
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      {},
      "Refresh token not found for this project, or the session has expired/been revoked."
    ],
    ["UNPARSABLE_ACCESS_TOKEN", {}, "Access token is not parsable."],
    ["USER_AUTHENTICATION_REQUIRED", {}, "User authentication required for this endpoint."],
    ["ANONYMOUS_ACCOUNTS_NOT_ENABLED", {}, "Anonymous accounts are not enabled for this project."],
    ["EMAIL_PASSWORD_MISMATCH", {}, "Wrong e-mail or password."],
    ["INVALID_AUTHORIZATION_CODE", {}, "The given authorization code is invalid."],
    ["INVALID_TOTP_CODE", {}, "The TOTP code is invalid. Please try again."],
    [
      "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
      { attempt_code: "attempt-1" },
      "Multi-factor authentication is required for this user."
    ],
    ["PASSKEY_AUTHENTICATION_NOT_ENABLED", {}, "Passkey authentication is not enabled for this project."],
    ["PASSWORD_AUTHENTICATION_NOT_ENABLED", {}, "Password authentication is not enabled for this project."],
    [
      "REDIRECT_URL_NOT_WHITELISTED",
      {},
      "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Hexclave dashboard?"
    ],
    [
      "SIGN_UP_NOT_ENABLED",
      {},
      "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it."
    ],
    ["PASSWORD_CONFIRMATION_MISMATCH", {}, "Passwords do not match."],
    ["PASSWORD_TOO_LONG", { maxLength: 70 }, "Password too long. Maximum length is 70."],
    ["PASSWORD_TOO_SHORT", { min_length: 8 }, "Password too short. Minimum length is 8."],
    ["USER_DOES_NOT_HAVE_PASSWORD", {}, "This user does not have password authentication enabled."],
    ["VERIFICATION_CODE_ALREADY_USED", {}, "The verification link has already been used."],
    ["VERIFICATION_CODE_EXPIRED", {}, "The verification code has expired."],
    [
      "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
      {},
      "The verification code nonce has reached the maximum number of attempts. This code is not valid anymore."
    ],
    ["VERIFICATION_CODE_NOT_FOUND", {}, "The verification code does not exist for this project."],
    [
      "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      { type: "email", contact_channel_value: "c@example.com", would_work_if_email_was_verified: false },
      'This email "(c@example.com)" is already used for authentication by another account.'
    ],
    ["EMAIL_ALREADY_VERIFIED", {}, "The e-mail is already verified."],
    [
      "EMAIL_IS_NOT_PRIMARY_EMAIL",
      { email: "b@example.com", primary_email: "a@example.com" },
      "The given e-mail (b@example.com) must equal the user's primary e-mail (a@example.com)."
    ],
    [
      "EMAIL_NOT_ASSOCIATED_WITH_USER",
      {},
      "The e-mail is not associated with a user that could log in with that e-mail."
    ],
    ["EMAIL_NOT_VERIFIED", {}, "The email is not verified."],
    [
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      {},
      "You have specified 'me' as a userId, but did not provide authentication for a user."
    ],
    [
      "RESTRICTED_USER_NOT_ALLOWED",
      { restricted_reason: { type: "email_not_verified" } },
      "The user in the access token is in restricted state. Reason: email_not_verified. Please pass the X-Stack-Allow-Restricted-User header if this is intended."
    ],
    [
      "USER_EMAIL_ALREADY_EXISTS",
      { email: "ada@example.com", would_work_if_email_was_verified: true },
      'A user with email "ada@example.com" already exists but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.'
    ],
    ["USER_ID_DOES_NOT_EXIST", { user_id: "user-2" }, "The given user with the ID user-2 does not exist."],
    ["USER_NOT_FOUND", {}, "User not found."],
    [
      "PASSKEY_WEBAUTHN_ERROR",
      { message: "The operation either timed out or was not allowed.", code: "ERROR_CEREMONY_ABORTED" },
      "The operation either timed out or was not allowed."
    ],
    [
      "CONTAINED_PERMISSION_NOT_FOUND",
      { permission_id: "child" },
      'Contained permission with ID "child" not found. Make sure you created it on the dashboard.'
    ],
    [
      "PERMISSION_ID_ALREADY_EXISTS",
      { permission_id: "editor" },
      'Permission with ID "editor" already exists. Choose a different ID.'
    ],
    [
      "PERMISSION_NOT_FOUND",
      { permission_id: "viewer" },
      'Permission "viewer" not found. Make sure you created it on the dashboard.'
    ],
    [
      "PROJECT_PERMISSION_REQUIRED",
      { user_id: "user-3", permission_id: "admin_area" },
      "User user-3 does not have permission admin_area."
    ],
    [
      "TEAM_PERMISSION_NOT_FOUND",
      { team_id: "team-2", user_id: "user-5", permission_id: "$update_team" },
      "User user-5 does not have permission $update_team in team team-2."
    ],
    [
      "TEAM_PERMISSION_REQUIRED",
      { team_id: "team-1", user_id: "user-4", permission_id: "$invite_members" },
      "User user-4 does not have permission $invite_members in team team-1."
    ],
    [
      "WRONG_PERMISSION_SCOPE",
      { permission_id: "billing", expected_scope: "team", actual_scope: "project" },
      'Permission "billing" not found. (It was found for a different scope "project", but scope "team" was expected.)'
    ],
    [
      "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED",
      { restricted_reason: { type: "anonymous" } },
      "Restricted users cannot accept team invitations. Reason: anonymous. Please complete the onboarding process before accepting team invitations."
    ],
    ["TEAM_MEMBERSHIP_ALREADY_EXISTS", {}, "Team membership already exists."],
    ["TEAM_MEMBERSHIP_NOT_FOUND", { team_id: "team-5", user_id: "user-6" }, "User user-6 is not found in team team-5."],
    ["TEAM_NOT_FOUND", { team_id: "team-3" }, "Team team-3 not found."],
    ["API_KEY_EXPIRED", {}, "API key has expired."],
    ["API_KEY_NOT_FOUND", {}, "API key not found."],
    ["API_KEY_REVOKED", {}, "API key has been revoked."],
    ["PUBLIC_API_KEY_CANNOT_BE_REVOKED", {}, "Public API keys cannot be revoked by the secretscanner endpoint."],
    [
      "WRONG_API_KEY_TYPE",
      { expected_type: "team", actual_type: "user" },
      "This endpoint is for team API keys, but a user API key was provided."
    ],
    [
      "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
      { client_id: "proj-10" },
      "The OAuth client ID or secret is invalid. The client ID must be equal to the project ID (potentially with a hash and a branch ID), and the client secret must be a publishable client key."
    ],
    [
      "INVALID_SHARED_OAUTH_PROVIDER_ID",
      { provider_id: "myspace" },
      "The shared OAuth provider with ID myspace is not valid."
    ],
    [
      "INVALID_STANDARD_OAUTH_PROVIDER_ID",
      { provider_id: "friendster" },
      "The standard OAuth provider with ID friendster is not valid."
    ],
    [
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE",
      { provider: "github", details: "The refresh token was revoked." },
      "Failed to retrieve an OAuth access token for the connected account (provider: github). The refresh token was revoked."
    ],
    [
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
      {},
      "Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Hexclave dashboard to use access tokens."
    ],
    [
      "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
      {},
      "The OAuth connection is already connected to another user."
    ],
    ["OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", {}, "The OAuth connection does not have the required scope."],
    ["OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", {}, "The OAuth connection is not connected to any user."],
    [
      "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
      {},
      "Extra scopes are not available with shared OAuth keys. Please add your own OAuth keys on the Hexclave dashboard to use extra scopes."
    ],
    ["OAUTH_PROVIDER_ACCESS_DENIED", {}, "The OAuth provider denied access to the user."],
    [
      "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
      {},
      "A provider with the same account ID is already used for signing in."
    ],
    ["OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", {}, "The OAuth provider is not found or not enabled."],
    [
      "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE",
      {},
      "The OAuth provider is temporarily unavailable. Please try signing in again."
    ],
    ["SIGN_UP_REJECTED", {}, "Your sign up was rejected by an administrator's sign-up rule."],
    ["BOT_CHALLENGE_REQUIRED", {}, "An additional bot challenge is required before sign-up can continue."],
    [
      "BOT_CHALLENGE_FAILED",
      { message: "Visible bot challenge verification failed" },
      "Visible bot challenge verification failed"
    ],
    ["BRANCH_DOES_NOT_EXIST", { branch_id: "dev" }, "The branch with ID dev does not exist."],
    ["INVALID_POLLING_CODE", {}, "The polling code is invalid or does not exist."],
    ["TEMPLATE_SOURCE_REWRITE_ERROR", { error: "bad" }, "Failed to rewrite template source: bad"],
    [
      "APPLE_BUNDLE_ID_NOT_CONFIGURED",
      {},
      "Apple Sign In is enabled, but no Bundle IDs are configured. Please add your app's Bundle ID in the Hexclave dashboard under OAuth Providers > Apple > Apple Bundle IDs."
    ],
    [
      "INVALID_APPLE_CREDENTIALS",
      {},
      "The Apple Sign In credentials could not be verified. Please try signing in again."
    ],
    [
      "TEAM_INVITATION_EMAIL_MISMATCH",
      {},
      "This team invitation was sent to a different email address. Sign in with the invited email, or add and verify that email on your account, then try again."
    ],
    ["ITEM_NOT_FOUND", { item_id: "dashboard_admins" }, 'Item with ID "dashboard_admins" not found.'],
    [
      "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
      { item_id: "dashboard_admins", customer_id: "t1", quantity: -1 },
      'The item with ID "dashboard_admins" has an insufficient quantity for the customer with ID "t1". An attempt was made to charge -1 credits.'
    ],
    // hexclave/hexclave's packages/shared/src/known-errors.tsx at 1fcb9926.
    [
      "EXTERNAL_AUTH_PROVIDER_NOT_CONFIGURED",
      { reason: "provider_disabled" },
      "The external authentication provider is not configured or enabled for this project (provider_disabled)."
    ],
    [
      "INVALID_EXTERNAL_AUTH_TOKEN",
      { reason: "expired" },
      "The external authentication token could not be verified (expired). Please sign in again."
    ],
    ["OUTER_OAUTH_TIMEOUT", {}, "The OAuth flow has timed out. Please sign in again."],
    [
      "USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION",
      {},
      "The user is already connected to another OAuth account. Did you maybe selected the wrong account?"
    ]
  ]

/**
 * Codes whose hosted message is not built from the details but passed in where the error is raised (the
 * offending header value, the parser's or WebAuthn library's words, the scope asked for), or that the
 * hosted catalogue defines without a message a client can read back (TEAM_ALREADY_EXISTS).
 */
export const messagesFromRaiseSite: ReadonlyArray<string> = [
  "BODY_PARSING_ERROR",
  "INVALID_ACCESS_TYPE",
  "INVALID_SCOPE",
  "PASSKEY_AUTHENTICATION_FAILED",
  "PASSKEY_REGISTRATION_FAILED",
  "TEAM_ALREADY_EXISTS"
]
