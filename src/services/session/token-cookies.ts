/**
 * A project's session cookies as the service's own SDK writes and reads them (`@hexclave/*` 1.0, and
 * `@stackframe/*` since its rename), so that a page or an app server on either side reads a session the other
 * wrote (docs/wire.md, "Two names"):
 *
 * - the refresh token in `hexclave-refresh-{projectId}--default` (`__Host-` in front on https), as
 *   `{"refresh_token":…,"updated_at_millis":…}`; the SDK also writes `…--custom-{base32 of a domain}` for a
 *   trusted parent domain. The newest of these wins.
 * - the access token in `hexclave-access`, one cookie for all the projects of a site, as
 *   `["<refresh token>","<access token>"]`: it counts only while its refresh token is the project's.
 *
 * The old names are read when no new one holds a session, never written, and deleted by the next write:
 * `stack-refresh-{projectId}` (the token itself: stackfx 0.1 and older SDKs), `stack-refresh` (the
 * oldest SDKs), `stack-refresh-{projectId}--*` (structured), `stack-access` (the pair) and
 * `stack-access-{projectId}` (the token itself, stackfx 0.1).
 */
import { cookieEntries } from "./cookie-text.js"
import type { StoredTokens } from "./token-store.js"

/** Max age of the refresh-token cookie: one year. @internal */
export const REFRESH_COOKIE_MAX_AGE_SECONDS = 31_536_000
/** Max age of the access-token cookie: one day. @internal */
export const ACCESS_COOKIE_MAX_AGE_SECONDS = 86_400

/** The cookie holding the access token of the site's current session (all projects share it). */
export const HEXCLAVE_ACCESS_COOKIE = "hexclave-access"

/** The cookie the store writes a project's refresh token to: `__Host-` on https, as the SDK names it. */
export const hexclaveRefreshCookieName = (projectId: string, secure: boolean): string =>
  `${secure ? "__Host-" : ""}hexclave-refresh-${projectId}--default`

/** One cookie to set (`value`) or delete (`null`); `domain` for a cookie of a parent domain. @internal */
export interface CookieWrite {
  readonly name: string
  readonly value: string | null
  readonly maxAge: number
  readonly domain?: string
}

type Entries = ReadonlyArray<readonly [name: string, value: string]>

/**
 * A token as a cookie holds it; absent and empty are none. The string "undefined" (a buggy writer's) is passed
 * on as it is: the session recognises it and starts signed out, emptying the store.
 */
const token = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined)

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The prefixes of the structured refresh cookies of `base` (`hexclave-refresh-{id}`, `stack-refresh-{id}`). */
const structured = (base: string): ReadonlyArray<string> => [`${base}--`, `__Host-${base}--`]

const isStructured = (name: string, base: string): boolean => structured(base).some((p) => name.startsWith(p))

/** The newest refresh token among the structured cookies of `base`. */
const newestStructured = (entries: Entries, base: string): string | undefined => {
  let found: { readonly refreshToken: string; readonly at: number } | undefined
  for (const [name, value] of entries) {
    if (!isStructured(name, base)) continue
    const parsed = parseJson(value)
    if (typeof parsed !== "object" || parsed === null) continue
    const record = parsed as Readonly<Record<string, unknown>>
    const refreshToken = token(record["refresh_token"])
    const stamp = record["updated_at_millis"]
    const at = typeof stamp === "number" ? stamp : Number.NEGATIVE_INFINITY
    if (refreshToken !== undefined && (found === undefined || at > found.at)) found = { refreshToken, at }
  }
  return found?.refreshToken
}

/** The access token of a `["<refresh>","<access>"]` cookie, when its refresh token is `refreshToken`. */
const accessOfPair = (value: string | undefined, refreshToken: string | null): string | undefined => {
  const parsed = value === undefined ? undefined : parseJson(value)
  return Array.isArray(parsed) && parsed.length === 2 && parsed[0] === refreshToken ? token(parsed[1]) : undefined
}

/**
 * The tokens of `projectId` in a cookie jar (a `Cookie` header or `document.cookie`): the new cookies first,
 * the old ones when no new one holds a refresh token (see the module comment).
 */
export const readTokenCookies = (header: string, projectId: string): StoredTokens => {
  const entries = cookieEntries(header)
  const get = (name: string) => entries.find(([key]) => key === name)?.[1]
  const legacyPlain = token(get(`stack-refresh-${projectId}`))
  const refreshToken =
    newestStructured(entries, `hexclave-refresh-${projectId}`) ??
    legacyPlain ??
    token(get("stack-refresh")) ??
    newestStructured(entries, `stack-refresh-${projectId}`) ??
    null
  const paired =
    accessOfPair(get(HEXCLAVE_ACCESS_COOKIE), refreshToken) ?? accessOfPair(get("stack-access"), refreshToken)
  // stackfx 0.1 wrote the access token beside the plain refresh token, unpaired.
  const unpaired =
    refreshToken === null || refreshToken === legacyPlain ? token(get(`stack-access-${projectId}`)) : undefined
  return { accessToken: paired ?? unpaired ?? null, refreshToken }
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

/** The domain of an SDK's `…--custom-{base32}` cookie (Crockford base32 of the lower-cased domain). */
const customDomain = (name: string): string | undefined => {
  const at = name.indexOf("--custom-")
  if (at === -1) return undefined
  let bits = 0
  let value = 0
  let domain = ""
  for (const char of name.slice(at + 9).toUpperCase()) {
    const digit = CROCKFORD.indexOf(char)
    if (digit === -1) return undefined
    value = ((value << 5) | digit) & 0xfff
    bits += 5
    if (bits >= 8) {
      bits -= 8
      domain += String.fromCharCode((value >> bits) & 0xff)
    }
  }
  return domain === "" ? undefined : domain
}

/**
 * What storing `tokens` writes to a jar holding `jar`: the refresh cookie and the access cookie (each set, or
 * deleted when its tokens are missing), then a deletion of every old or other refresh cookie of the project
 * the jar holds, so that no stale one is read back (an SDK's parent-domain cookie only when it holds another
 * token than the one stored).
 * @internal
 */
export const tokenCookieWrites = (
  projectId: string,
  tokens: StoredTokens,
  options: { readonly secure: boolean; readonly updatedAtMillis: number; readonly jar: string }
): ReadonlyArray<CookieWrite> => {
  const refreshName = hexclaveRefreshCookieName(projectId, options.secure)
  const { refreshToken, accessToken } = tokens
  const writes: Array<CookieWrite> = [
    {
      name: refreshName,
      value:
        refreshToken === null
          ? null
          : JSON.stringify({ refresh_token: refreshToken, updated_at_millis: options.updatedAtMillis }),
      maxAge: REFRESH_COOKIE_MAX_AGE_SECONDS
    },
    {
      name: HEXCLAVE_ACCESS_COOKIE,
      value: refreshToken === null || accessToken === null ? null : JSON.stringify([refreshToken, accessToken]),
      maxAge: ACCESS_COOKIE_MAX_AGE_SECONDS
    }
  ]
  const legacy = [`stack-refresh-${projectId}`, "stack-refresh", `stack-access-${projectId}`]
  const previous = readTokenCookies(options.jar, projectId).refreshToken
  for (const [name, value] of cookieEntries(options.jar)) {
    if (name === refreshName) continue
    const domain = customDomain(name)
    const stale =
      legacy.includes(name) ||
      (name === "stack-access" && accessOfPair(value, previous) !== undefined) ||
      isStructured(name, `stack-refresh-${projectId}`) ||
      (isStructured(name, `hexclave-refresh-${projectId}`) &&
        (domain === undefined || newestStructured([[name, value]], `hexclave-refresh-${projectId}`) !== refreshToken))
    if (stale) writes.push({ name, value: null, maxAge: 0, ...(domain === undefined ? {} : { domain }) })
  }
  return writes
}
