/**
 * The authorize URL: `GET {baseUrl}/api/v1/auth/oauth/authorize/{provider}` with exactly the
 * parameters the hosted service reads, in the hosted SDK's order.
 */
import { API_PATH_PREFIX } from "../../domain/api.js"
import { stripOAuthCallbackParams } from "../../domain/rules/oauth-redirect.js"

/** OAuth always uses S256 PKCE challenges. @internal */
export const OAUTH_CODE_CHALLENGE_METHOD = "S256"

/** `authenticate` signs in (or up); `link` connects the provider to the signed-in user. */
export type OAuthFlowType = "authenticate" | "link"

export interface AuthorizeUrlInput {
  readonly baseUrl: string
  readonly projectId: string
  /** The publishable client key, or the public-client sentinel. */
  readonly clientSecret: string
  readonly provider: string
  /** Absolute; its `code` and `state` are removed here, so the token call can send the same URL. */
  readonly redirectUrl: string
  readonly errorRedirectUrl: string
  readonly afterCallbackRedirectUrl?: string | undefined
  readonly state: string
  readonly codeChallenge: string
  readonly type: OAuthFlowType
  /** The signed-in user's access token: required for `link`; for `authenticate`, a guest's, to upgrade it. */
  readonly accessToken?: string | undefined
  /** `link` only: extra provider scopes, space separated. */
  readonly providerScope?: string | undefined
}

/**
 * @example
 * authorizeUrl({ baseUrl: "https://api.stack-auth.com", projectId: "p", clientSecret: "pck", provider: "github",
 *   redirectUrl: "https://app.example.com/handler/oauth-callback", errorRedirectUrl: "https://app.example.com/handler/error",
 *   state, codeChallenge, type: "authenticate" })
 * // "https://api.stack-auth.com/api/v1/auth/oauth/authorize/github?client_id=p&client_secret=pck&..."
 */
export const authorizeUrl = (input: AuthorizeUrlInput): string => {
  const params = new URLSearchParams()
  params.set("client_id", input.projectId)
  params.set("client_secret", input.clientSecret)
  params.set("redirect_uri", stripOAuthCallbackParams(input.redirectUrl))
  // The service's own scope; provider scopes travel in provider_scope.
  params.set("scope", "legacy")
  params.set("state", input.state)
  params.set("grant_type", "authorization_code")
  params.set("code_challenge", input.codeChallenge)
  params.set("code_challenge_method", OAUTH_CODE_CHALLENGE_METHOD)
  params.set("response_type", "code")
  params.set("type", input.type)
  params.set("error_redirect_url", input.errorRedirectUrl)
  if (input.afterCallbackRedirectUrl !== undefined) {
    params.set("after_callback_redirect_url", input.afterCallbackRedirectUrl)
  }
  if (input.type === "link" || input.accessToken !== undefined) params.set("token", input.accessToken ?? "")
  if (input.type === "link") {
    if (input.providerScope !== undefined) params.set("provider_scope", input.providerScope)
  }
  const provider = encodeURIComponent(input.provider.toLowerCase())
  return `${input.baseUrl}${API_PATH_PREFIX}/auth/oauth/authorize/${provider}?${params.toString()}`
}
