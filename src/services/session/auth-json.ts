/**
 * The session as an app's own server receives it: the header `x-stack-auth` holding the JSON
 * `{"accessToken": …, "refreshToken": …}`. The client tier writes it (`CurrentUser.authHeaders`), the
 * server tier reads it (`RequestAuth`).
 */
import type { StoredTokens } from "../wire/tokens.js"
import { authHeaderValue, authJsonOf } from "../wire/tokens.js"

export { authHeaderValue, authJsonOf } from "../wire/tokens.js"

/** `{ accessToken, refreshToken }`, each `null` when absent: what `x-stack-auth` carries as JSON. */
export type AuthJson = StoredTokens

/**
 * The headers that carry the session to the app's own server: `fetch(url, { headers })`. A type alias, not
 * an interface, so that it is assignable to `HeadersInit` (`Record<string, string>`) as it is.
 */
export type AuthHeaders = { readonly "x-stack-auth": string }

/** `{ "x-stack-auth": "{\"accessToken\":…,\"refreshToken\":…}" }` */
export const authHeadersOf = (tokens: StoredTokens | null): AuthHeaders => ({ "x-stack-auth": authHeaderValue(tokens) })

/** The prefix of the session in an `Authorization` header, as the official SDK writes it. */
const AUTHORIZATION_PREFIX = "Bearer stackauth_"

/**
 * The session as an `Authorization` header value (the official SDK's `getAuthorizationHeader`):
 * `Bearer stackauth_` and the base64 of the auth JSON; `null` when there is no token at all.
 *
 * @example
 * const value = authorizationHeaderOf(yield* me.authJson)
 * if (value !== null) fetch("/api/profile", { headers: { authorization: value } })
 */
export const authorizationHeaderOf = (tokens: StoredTokens | null): string | null => {
  const json = authJsonOf(tokens)
  if (json.accessToken === null && json.refreshToken === null) return null
  const bytes = new TextEncoder().encode(JSON.stringify(json))
  return `${AUTHORIZATION_PREFIX}${btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))}`
}
