/**
 * The session tokens an incoming request carries to an app's own server: `Authorization: Bearer
 * hexclave_<base64 of the auth JSON>` (or `stackauth_…`, its name before the service's rename; the official
 * SDK's `getAuthorizationHeader()`), else the `x-stack-auth` header (`CurrentUser.authHeaders`), else the
 * token cookies the client tier's cookie store and the official SDK write. Pure reading, no verification:
 * `RequestAuth` decides what the tokens are worth.
 */
import * as Result from "effect/Result"
import { STACK_HEADERS } from "../../domain/api.js"
import { UNDEFINED_TOKEN_STRING } from "../../domain/rules/access-tokens.js"
import { MalformedAuthJson } from "../../errors/client/request-session.js"
import type { AuthJson } from "../session/auth-json.js"
import { readTokenCookies } from "../session/token-cookies.js"

/** Headers with a `get` method: a fetch `Request`'s (web servers, workers, Next.js route handlers). */
export interface WebHeaders {
  readonly get: (name: string) => string | null
}

/**
 * Headers as a record keyed by lower-case name: Node's `IncomingMessage` and effect's `HttpServerRequest`
 * have these.
 */
export type HeaderRecord = Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

/**
 * Where a session can come from: a web `Request`, a Node `IncomingMessage`, an effect `HttpServerRequest`
 * (anything with such headers), or the auth JSON itself received some other way (`{ authJson: value }`,
 * e.g. from a WebSocket message that carried `CurrentUser.authJson`).
 */
export type SessionSource = { readonly headers: WebHeaders | HeaderRecord } | { readonly authJson: unknown }

/** Where the tokens of a session were found: `authorization` is a `Bearer hexclave_…`/`stackauth_…` header. */
export type TokenOrigin = "authorization" | "header" | "cookie" | "json"

/** A session's tokens as found on an incoming request, and where they were found. */
export interface RequestTokens {
  readonly tokens: AuthJson
  readonly origin: TokenOrigin
}

const isWebHeaders = (headers: WebHeaders | HeaderRecord): headers is WebHeaders => typeof headers.get === "function"

/** One header's value; a header sent twice reads as its values joined, as fetch joins them. @internal */
export const headerOf = (headers: WebHeaders | HeaderRecord, name: string): string | null => {
  if (isWebHeaders(headers)) return headers.get(name)
  const value = headers[name]
  if (value === undefined) return null
  return typeof value === "string" ? value : value.join(", ")
}

const malformed = (message: string) => Result.fail(new MalformedAuthJson({ message }))

const tokenField = (
  value: Readonly<Record<string, unknown>>,
  field: "accessToken" | "refreshToken"
): Result.Result<string | null, MalformedAuthJson> => {
  const token = value[field]
  if (token === undefined || token === null) return Result.succeed(null)
  if (typeof token !== "string") return malformed(`${field} in the auth JSON must be a string or null.`)
  // A serialisation bug on the sending side ("undefined" instead of no token), not a credential.
  if (token === UNDEFINED_TOKEN_STRING) {
    return malformed(`${field} in the auth JSON is the string 'undefined', so a missing token was sent as text.`)
  }
  // An empty string is what a form or template leaves for "no token".
  return Result.succeed(token === "" ? null : token)
}

/** Checks an auth JSON value (already parsed): an object whose two tokens are strings, null or absent. */
export const decodeAuthJson = (value: unknown): Result.Result<AuthJson, MalformedAuthJson> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return malformed("The auth JSON must be an object with accessToken and refreshToken.")
  }
  const record = value as Readonly<Record<string, unknown>>
  return Result.flatMap(tokenField(record, "accessToken"), (accessToken) =>
    Result.map(tokenField(record, "refreshToken"), (refreshToken) => ({ accessToken, refreshToken }))
  )
}

/** The `x-stack-auth` header's value parsed and checked. */
export const decodeAuthHeader = (header: string): Result.Result<AuthJson, MalformedAuthJson> => {
  let parsed: unknown
  try {
    parsed = JSON.parse(header)
  } catch {
    // JSON.parse's own message quotes the input, which holds tokens: it is not passed on.
    return malformed(`The ${STACK_HEADERS.auth} header is not JSON.`)
  }
  return decodeAuthJson(parsed)
}

/**
 * The tokens of the session cookies (the client tier's and the official SDK's, new names and old; see
 * token-cookies.ts), as the `Cookie` header carries them.
 */
export const tokensFromCookieHeader = (cookieHeader: string | null, projectId: string): AuthJson => {
  const found = readTokenCookies(cookieHeader ?? "", projectId)
  // "undefined" was written by a buggy store and stands for no token.
  const real = (value: string | null) => (value === UNDEFINED_TOKEN_STRING ? null : value)
  return { accessToken: real(found.accessToken), refreshToken: real(found.refreshToken) }
}

/** The prefixes of an `Authorization: Bearer` value holding the auth JSON: the service's name, then its old one. */
const BEARER_PREFIXES = ["hexclave_", "stackauth_"] as const

/**
 * The auth JSON of an `Authorization` header (`Bearer hexclave_<base64 of the JSON>`, or `stackauth_…`), as the
 * official SDK's `getAuthorizationHeader()` writes it; `undefined` for any other authorization (an app's own
 * scheme passes untouched).
 */
export const decodeAuthorization = (authorization: string): Result.Result<AuthJson, MalformedAuthJson> | undefined => {
  const credential = /^Bearer\s+(.+)$/i.exec(authorization.trim())?.[1]?.trim()
  const prefix = BEARER_PREFIXES.find((p) => credential?.startsWith(p) === true)
  if (credential === undefined || prefix === undefined) return undefined
  const encoded = credential.slice(prefix.length)
  if (encoded === "") return malformed(`The Authorization header's ${prefix} value is empty.`)
  let json: string
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)))
  } catch {
    // The decoder's message would quote the credential.
    return malformed(`The Authorization header's ${prefix} value is not base64 of UTF-8 text.`)
  }
  const parsed: unknown = (() => {
    try {
      return JSON.parse(json)
    } catch {
      return undefined
    }
  })()
  if (parsed === undefined) return malformed(`The Authorization header's ${prefix} value is not base64 of JSON.`)
  return decodeAuthJson(parsed)
}

/**
 * The tokens `source` carries for `projectId`. An `Authorization: Bearer hexclave_…` (or `stackauth_…`) header
 * wins, then `x-stack-auth` (either is what the client chose to send); without them, the cookies.
 */
export const readRequestTokens = (
  source: SessionSource,
  projectId: string
): Result.Result<RequestTokens, MalformedAuthJson> => {
  if ("authJson" in source) {
    return Result.map(decodeAuthJson(source.authJson), (tokens) => ({ tokens, origin: "json" as const }))
  }
  const authorization = headerOf(source.headers, "authorization")
  const bearer = authorization === null ? undefined : decodeAuthorization(authorization)
  if (bearer !== undefined) return Result.map(bearer, (tokens) => ({ tokens, origin: "authorization" as const }))
  const header = headerOf(source.headers, STACK_HEADERS.auth)
  if (header !== null && header.trim() !== "") {
    return Result.map(decodeAuthHeader(header), (tokens) => ({ tokens, origin: "header" as const }))
  }
  return Result.succeed({
    tokens: tokensFromCookieHeader(headerOf(source.headers, "cookie"), projectId),
    origin: "cookie"
  })
}
