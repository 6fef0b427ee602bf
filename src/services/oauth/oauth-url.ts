/**
 * The authorize URL: the declared `GET /auth/oauth/authorize/{provider_id}` (contract/oauth.ts, a redirect
 * the browser follows) with exactly the parameters the hosted service reads, in the hosted SDK's order.
 */
import { API_PATH_PREFIX } from "../../domain/api.js"
import { stripOAuthCallbackParams } from "../../domain/rules/oauth-redirect.js"
import { OAuthApi } from "../../contract/oauth.js"
import type { QueryEncoded } from "../../contract/declaration.js"
import type { BotChallengeFields } from "../../domain/bot-challenge.js"

/** A challenge's fields under the query's names. */
const challengeQuery = (fields: BotChallengeFields) => ({
  ...(fields.botChallengeToken === undefined ? {} : { bot_challenge_token: fields.botChallengeToken }),
  ...(fields.botChallengePhase === undefined ? {} : { bot_challenge_phase: fields.botChallengePhase }),
  ...(fields.botChallengeUnavailable === undefined ? {} : { bot_challenge_unavailable: fields.botChallengeUnavailable })
})

/** OAuth always uses S256 PKCE challenges. @internal */
export const OAUTH_CODE_CHALLENGE_METHOD = "S256" as const

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
  /** Extra provider scopes, space separated (a link's own, and the tier's `oauthScopesOnSignIn`). */
  readonly providerScope?: string | undefined
  /** The sign-in's bot challenge, sent as the query's `bot_challenge_*` parameters. */
  readonly botChallenge?: BotChallengeFields | undefined
}

/**
 * @example
 * authorizeUrl({ baseUrl: "https://api.stack-auth.com", projectId: "p", clientSecret: "pck", provider: "github",
 *   redirectUrl: "https://app.example.com/handler/oauth-callback", errorRedirectUrl: "https://app.example.com/handler/error",
 *   state, codeChallenge, type: "authenticate" })
 * // "https://api.stack-auth.com/api/v1/auth/oauth/authorize/github?client_id=p&client_secret=pck&..."
 */
export const authorizeUrl = (input: AuthorizeUrlInput): string => {
  // The declared query (contract/oauth.ts), as it travels, in the hosted SDK's order.
  const query: QueryEncoded<typeof OAuthApi.authorize> = {
    client_id: input.projectId,
    client_secret: input.clientSecret,
    redirect_uri: stripOAuthCallbackParams(input.redirectUrl),
    // The service's own scope; provider scopes travel in provider_scope.
    scope: "legacy",
    state: input.state,
    grant_type: "authorization_code",
    code_challenge: input.codeChallenge,
    code_challenge_method: OAUTH_CODE_CHALLENGE_METHOD,
    response_type: "code",
    type: input.type,
    error_redirect_url: input.errorRedirectUrl,
    ...(input.afterCallbackRedirectUrl === undefined
      ? {}
      : { after_callback_redirect_url: input.afterCallbackRedirectUrl }),
    ...(input.type === "link" || input.accessToken !== undefined ? { token: input.accessToken ?? "" } : {}),
    ...(input.providerScope === undefined ? {} : { provider_scope: input.providerScope }),
    ...challengeQuery(input.botChallenge ?? {})
  }
  const path = OAuthApi.authorize.path.replace("{provider_id}", encodeURIComponent(input.provider.toLowerCase()))
  return `${input.baseUrl}${API_PATH_PREFIX}${path}?${new URLSearchParams(query).toString()}`
}
