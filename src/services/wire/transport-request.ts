import { API_PATH_PREFIX } from "../../domain/api.js"
import { authHeaderValue } from "./tokens.js"
import type { AllowedUsers } from "./allowed-users.js"
import type { ClientConfigShape } from "./client-config.js"
import type { StoredTokens } from "./tokens.js"

/** The HTTP methods the API uses. */
export type HttpMethod = "GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE"

/** A request body: JSON (the API's default) or form fields (the OAuth token endpoint). */
export type RequestBody =
  | { readonly _tag: "Json"; readonly value: unknown }
  | { readonly _tag: "Form"; readonly fields: Readonly<Record<string, string>> }

/** `jsonBody({ display_name: "Ann" })` */
export const jsonBody = (value: unknown): RequestBody => ({ _tag: "Json", value })

/** `formBody({ grant_type: "refresh_token", refresh_token })` */
export const formBody = (fields: Readonly<Record<string, string>>): RequestBody => ({ _tag: "Form", fields })

export type QueryValue = string | number | boolean | null | undefined

/** One call to the REST API, relative to `{baseUrl}/api/v1`. */
export interface TransportRequest {
  readonly method: HttpMethod
  /** e.g. `/users/me`; a trailing slash is removed. */
  readonly path: string
  /** `undefined` and `null` values are left out. */
  readonly query?: Readonly<Record<string, QueryValue>> | undefined
  readonly body?: RequestBody | undefined
  /** Attach the session's access and refresh tokens. Default true. */
  readonly withSession?: boolean | undefined
  /** Also send the tokens as the `x-stack-auth` JSON header. */
  readonly authJsonHeader?: boolean | undefined
  /** Leave out every `X-Stack-*` header (the OAuth token endpoint needs none). */
  readonly bare?: boolean | undefined
  /** Per-call extra headers; they win over the computed ones. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /**
   * How a 2xx body is read: `"json"` (default; empty is `null`) or `"text"`, the body as the string it is
   * (the feature-support answer is a sentence, not JSON). Error answers are decoded the same either way.
   */
  readonly response?: "json" | "text" | undefined
}

/** `{baseUrl}/api/v1{path}?{query}`, the path without its trailing slash. */
export const requestUrl = (baseUrl: string, request: Pick<TransportRequest, "path" | "query">): string => {
  const slashed = request.path.startsWith("/") ? request.path : `/${request.path}`
  const path = slashed.endsWith("/") ? slashed.replace(/\/+$/, "") : slashed
  if (request.query === undefined) return `${baseUrl}${API_PATH_PREFIX}${path}`
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(request.query)) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  const query = params.toString()
  return `${baseUrl}${API_PATH_PREFIX}${path}${query === "" ? "" : `?${query}`}`
}

/**
 * The request headers (docs/wire.md) for one attempt. A fresh `nonce` must be passed per attempt. The names are
 * those of `STACK_HEADERS` written out: the object (its keys) would add 0.1 KB gzip to every app's first load.
 */
export const requestHeaders = (
  config: ClientConfigShape,
  request: TransportRequest,
  nonce: string,
  tokens: StoredTokens | null,
  allowed: AllowedUsers = "unrestricted"
): Record<string, string> => {
  const headers: Record<string, string> = {}
  if (request.body?._tag === "Json") headers["content-type"] = "application/json"
  if (request.body?._tag === "Form") headers["content-type"] = "application/x-www-form-urlencoded"
  if (request.bare !== true) {
    headers["x-stack-override-error-status"] = "true"
    headers["x-stack-random-nonce"] = nonce
    headers["x-stack-project-id"] = config.projectId
    headers["x-stack-access-type"] = config.accessType
    headers["x-stack-client-version"] = config.clientVersion
    // The anonymous header also allows restricted users; a browser can send only it (the hosted CORS
    // allow-list lacks the restricted one), so the client tier uses it for both.
    if (config.allowAnonymousUser || allowed === "anonymous") headers["x-stack-allow-anonymous-user"] = "true"
    else if (config.allowRestrictedUser || allowed === "restricted") {
      headers[config.accessType === "client" ? "x-stack-allow-anonymous-user" : "x-stack-allow-restricted-user"] =
        "true"
    }
    if (config.publishableClientKey !== undefined) {
      headers["x-stack-publishable-client-key"] = config.publishableClientKey
    }
    if (config.secretServerKey !== undefined) headers["x-stack-secret-server-key"] = config.secretServerKey
    if (config.superSecretAdminKey !== undefined) {
      headers["x-stack-super-secret-admin-key"] = config.superSecretAdminKey
    }
    if (config.adminAccessToken !== undefined) headers["x-stack-admin-access-token"] = config.adminAccessToken
    if (tokens?.accessToken != null) headers["x-stack-access-token"] = tokens.accessToken
    if (tokens?.refreshToken != null) headers["x-stack-refresh-token"] = tokens.refreshToken
    if (config.extraRequestHeaders !== undefined) Object.assign(headers, config.extraRequestHeaders)
  }
  if (request.authJsonHeader === true) {
    headers["x-stack-auth"] = authHeaderValue(tokens)
  }
  return request.headers === undefined ? headers : { ...headers, ...request.headers }
}

/** The fetch body for a request, or undefined when it has none. */
export const requestBody = (request: TransportRequest): string | undefined => {
  const body = request.body
  if (body === undefined) return undefined
  return body._tag === "Json" ? JSON.stringify(body.value) : new URLSearchParams(body.fields).toString()
}
