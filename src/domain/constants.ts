/**
 * Business constants of the product and the fixed values of docs/wire.md. Durations carry their unit
 * in the name (`_MS`, `_SECONDS`) because the spec mixes both.
 */

// --- Cookies and tokens ---------------------------------------------------------------------------

/** Max age of the refresh-token cookie: one year. @internal */
export const REFRESH_COOKIE_MAX_AGE_SECONDS = 31_536_000
/** Max age of the access-token cookie: one day. @internal */
export const ACCESS_COOKIE_MAX_AGE_SECONDS = 86_400
/** Max age of the cookie that holds an OAuth code verifier, named with {@link OAUTH_STATE_COOKIE_PREFIX}. @internal */
export const OAUTH_STATE_COOKIE_MAX_AGE_SECONDS = 3_600
/** The code-verifier cookie is `${OAUTH_STATE_COOKIE_PREFIX}${state}` (the hosted SDK's name). @internal */
export const OAUTH_STATE_COOKIE_PREFIX = "stack-oauth-outer-"
/** An access token counts as likely valid only if it stays valid for at least this long. @internal */
export const TOKEN_FRESHNESS_MARGIN_MS = 20_000
/** A caller-required freshness must be strictly below this (tokens live longer than that on purpose). @internal */
export const MAX_REQUIRED_FRESHNESS_MS = 60_000
/** How often a cookie-backed token store looks for changes made by other tabs. @internal */
export const COOKIE_STORE_POLL_MS = 100
/** Lifetime of a session created by server code (`POST /auth/sessions`) when none is given: one year. @internal */
export const DEFAULT_SERVER_SESSION_EXPIRY_MS = 31_536_000_000
/** Lifetime of the hosted service's access tokens (docs/wire.md): ten minutes. @internal */
export const HOSTED_ACCESS_TOKEN_LIFETIME_SECONDS = 600
/** A token equal to this string is a serialisation bug upstream and is rejected. @internal */
export const UNDEFINED_TOKEN_STRING = "undefined"

// --- Redirects and network ------------------------------------------------------------------------

/** How long a redirect waits for the navigation to take over before it resolves. @internal */
export const REDIRECT_WAIT_MS = 2_000
/** Retries of an idempotent request after a network failure. @internal */
export const NETWORK_RETRIES = 5
/** Base of the exponential backoff between those retries. @internal */
export const NETWORK_RETRY_BASE_MS = 1_000

// --- JWT checks -----------------------------------------------------------------------------------

// No client-assertion lifetime: a client assertion is a JWT a client signs to authenticate itself at the
// token endpoint (private_key_jwt, client_secret_jwt), and this client never makes one: it authenticates
// with the publishable key in the form body (client_secret_post), as the hosted SDK does. The 60 s figure
// is the default of the OAuth library the hosted SDK uses, for auth methods it never selects.
/** Default clock skew tolerated when checking exp/nbf/iat. @internal */
export const CLOCK_TOLERANCE_SECONDS = 30
/** RSA keys shorter than this are refused. @internal */
export const MIN_RSA_MODULUS_BITS = 2_048
/** OAuth always uses S256 PKCE challenges. @internal */
export const OAUTH_CODE_CHALLENGE_METHOD = "S256"

// --- Caches (React adapter) -----------------------------------------------------------------------

/** Refetches of one cache entry are throttled to one per this interval. @internal */
export const CACHE_THROTTLE_MS = 300
/** At most this many refetches of one cache entry run at once. @internal */
export const CACHE_CONCURRENCY = 1
/** A cache entry is dropped this long after its last subscriber leaves. @internal */
export const CACHE_ENTRY_DROP_MS = 5_000
/** Warn when more than this many auth apps prefetch at once. @internal */
export const MAX_PREFETCHING_APPS_BEFORE_WARNING = 10

// --- User interface -------------------------------------------------------------------------------

/** Default avatar diameter. @internal */
export const AVATAR_DEFAULT_SIZE = 34
/** Fallback initials are this fraction of the avatar size. @internal */
export const AVATAR_TEXT_RATIO = 0.4
/** The fallback icon is this fraction of the avatar size. @internal */
export const AVATAR_ICON_RATIO = 0.6
/** Max width of the name and email shown beside the avatar, in the UI's spacing units. @internal */
export const MENU_TEXT_MAX_WIDTH = 40
/** Default handler base path; the handler routes live below it. @internal */
export const DEFAULT_HANDLER_PATH = "/handler"
/** Handler route names, relative to the handler base. */
export const HANDLER_ROUTES = [
  "sign-in",
  "sign-up",
  "sign-out",
  "email-verification",
  "password-reset",
  "forgot-password",
  "oauth-callback",
  "magic-link-callback",
  "account-settings",
  "error",
  "team-invitation",
  "onboarding"
] as const
/** The name of a handler page, the path segment after the handler's base (e.g. `"sign-in"`). */
export type HandlerRoute = typeof HANDLER_ROUTES[number]
/** The default home target of redirects. @internal */
export const DEFAULT_HOME_URL = "/"
/** Length of a TOTP code typed at the MFA prompt. @internal */
export const TOTP_CODE_LENGTH = 6

// --- Limits ---------------------------------------------------------------------------------------

/** WebAuthn user handles are 1 to 64 bytes. @internal */
export const USER_ID_MIN_BYTES = 1
/** @internal */
export const USER_ID_MAX_BYTES = 64
/** Permission listing includes contained permissions unless asked otherwise. @internal */
export const PERMISSIONS_RECURSIVE_BY_DEFAULT = true

// --- Wire (docs/wire.md) ---------------------------------------------------------------------------

/** The hosted service; every client defaults to it. */
export const DEFAULT_BASE_URL = "https://api.stack-auth.com"
/** REST paths live below `{baseUrl}${API_PATH_PREFIX}`. @internal */
export const API_PATH_PREFIX = "/api/v1"
/** The client secret sent on OAuth token calls by a project without a publishable client key. @internal */
export const PUBLIC_CLIENT_SECRET_SENTINEL = "__stack_public_client__"
/** The relying-party id the service returns in passkey options; the client swaps in its own hostname. */
export const PASSKEY_RP_ID_PLACEHOLDER = "THIS_VALUE_WILL_BE_REPLACED.example.com"
/** The branch every access token names. @internal */
export const DEFAULT_BRANCH_ID = "main"
/** The `role` claim of a signed-in user's access token. @internal */
export const AUTHENTICATED_ROLE = "authenticated"

/** The access types of `X-Stack-Access-Type`. */
export const ACCESS_TYPES = ["client", "server", "admin"] as const
/** `client`, `server` or `admin`: which tier a request speaks for, and so which keys and routes it may use. */
export type AccessType = typeof ACCESS_TYPES[number]

/** Keys of the seeded `internal` project of a local backend: public, for local use only. */
export const LOCAL_DEVELOPMENT_KEYS = {
  projectId: "internal",
  publishableClientKey: "this-publishable-client-key-is-for-local-development-only",
  secretServerKey: "this-secret-server-key-is-for-local-development-only",
  superSecretAdminKey: "this-super-secret-admin-key-is-for-local-development-only"
} as const

/**
 * Keys of the `demo` project a local backend also seeds, with every feature the demo app and the examples
 * show turned on: public, for local use only. `internal` stays as the hosted service seeds it.
 */
export const DEMO_PROJECT_KEYS = {
  projectId: "demo",
  publishableClientKey: "this-publishable-client-key-is-for-the-local-demo-only",
  secretServerKey: "this-secret-server-key-is-for-the-local-demo-only",
  superSecretAdminKey: "this-super-secret-admin-key-is-for-the-local-demo-only"
} as const

/** How a server parses `X-Stack-Client-Version`: sdk, package, version. @internal */
export const CLIENT_VERSION_PATTERN = /^(\w+)\s+(@?[\w/-]+)@([\d.]+)/

/** The `X-Stack-Client-Version` value, e.g. `clientVersion("stackfx", "0.1.0")` is `"js stackfx@0.1.0"`. @internal */
export const clientVersion = (packageName: string, version: string): string => `js ${packageName}@${version}`

/** Request and response headers of the REST API, lower-cased as HTTP/2 and fetch report them. @internal */
export const STACK_HEADERS = {
  overrideErrorStatus: "x-stack-override-error-status",
  projectId: "x-stack-project-id",
  accessType: "x-stack-access-type",
  clientVersion: "x-stack-client-version",
  randomNonce: "x-stack-random-nonce",
  publishableClientKey: "x-stack-publishable-client-key",
  secretServerKey: "x-stack-secret-server-key",
  superSecretAdminKey: "x-stack-super-secret-admin-key",
  adminAccessToken: "x-stack-admin-access-token",
  accessToken: "x-stack-access-token",
  refreshToken: "x-stack-refresh-token",
  allowAnonymousUser: "x-stack-allow-anonymous-user",
  allowRestrictedUser: "x-stack-allow-restricted-user",
  auth: "x-stack-auth",
  actualStatus: "x-stack-actual-status",
  knownError: "x-stack-known-error"
} as const

/** Where a project's signing keys are published, relative to {@link API_PATH_PREFIX}. @internal */
export const jwksPath = (projectId: string): string => `/projects/${projectId}/.well-known/jwks.json`
