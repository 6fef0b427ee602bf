/** The fixed values of the REST API (docs/wire.md): base URL, path prefix, headers, access types, sentinels. */

/** The hosted service; every client defaults to it. */
export const DEFAULT_BASE_URL = "https://api.stack-auth.com"
/** REST paths live below `{baseUrl}${API_PATH_PREFIX}`. @internal */
export const API_PATH_PREFIX = "/api/v1"
/**
 * The service also serves its newest API below `/api/latest` (its own tools call it there); the local backend
 * serves the same routes below both. @internal
 */
export const API_LATEST_PATH_PREFIX = "/api/latest"
/** The client secret sent on OAuth token calls by a project without a publishable client key. @internal */
export const PUBLIC_CLIENT_SECRET_SENTINEL = "__stack_public_client__"
/** The relying-party id the service returns in passkey options; the client swaps in its own hostname. */
export const PASSKEY_RP_ID_PLACEHOLDER = "THIS_VALUE_WILL_BE_REPLACED.example.com"
/** The access types of `X-Stack-Access-Type`. */
export const ACCESS_TYPES = ["client", "server", "admin"] as const
/** `client`, `server` or `admin`: which tier a request speaks for, and so which keys and routes it may use. */
export type AccessType = (typeof ACCESS_TYPES)[number]
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
