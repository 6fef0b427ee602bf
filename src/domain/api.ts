/** The fixed values of the REST API (docs/wire.md): base URL, path prefix, headers, access types, sentinels. */

/**
 * The hosted service's API hosts: its canonical one since its rename to Hexclave (May 2026), then the one it
 * had as Stack Auth, which keeps serving the same API indefinitely (docs/wire.md, "Two names").
 * @internal
 */
export const HOSTED_BASE_URLS = ["https://api.hexclave.com", "https://api.stack-auth.com"] as const
/**
 * The hosted service at its canonical host; every client defaults to it (docs/wire.md says why it is the new
 * host, and why the old one keeps working).
 */
export const DEFAULT_BASE_URL = HOSTED_BASE_URLS[0]
/** Whether `baseUrl` (a trailing slash aside) is one of the hosted service's hosts. @internal */
export const isHostedBaseUrl = (baseUrl: string): boolean =>
  (HOSTED_BASE_URLS as ReadonlyArray<string>).includes(baseUrl.replace(/\/+$/, ""))
/** REST paths live below `{baseUrl}${API_PATH_PREFIX}`. @internal */
export const API_PATH_PREFIX = "/api/v1"
/**
 * The service also serves its newest API below `/api/latest` (its own tools call it there); the local backend
 * serves the same routes below both. @internal
 */
export const API_LATEST_PATH_PREFIX = "/api/latest"
/** The client secret sent on OAuth token calls by a project without a publishable client key. @internal */
export const PUBLIC_CLIENT_SECRET_SENTINEL = "__stack_public_client__"
/**
 * A base URL as the client uses it: without trailing slashes and without the `/api/v1` the client adds
 * itself, so `http://127.0.0.1:8102/api/v1/` (an API URL pasted where the base URL goes) still works.
 * `strippedApiPath` says whether the path was there, for a warning. @internal
 */
export const normalizeBaseUrl = (given: string): { readonly baseUrl: string; readonly strippedApiPath: boolean } => {
  const trimmed = given.replace(/\/+$/, "")
  const strippedApiPath = trimmed.endsWith(API_PATH_PREFIX)
  return {
    baseUrl: strippedApiPath ? trimmed.slice(0, -API_PATH_PREFIX.length).replace(/\/+$/, "") : trimmed,
    strippedApiPath
  }
}
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
