/**
 * The members of {@link OAuth}: each a flow step the implementation writes (oauth-live.ts): the starts
 * prepare the authorize URL, the callback redeems the code at the declared token endpoint
 * (contract/oauth-token.ts) and starts the session.
 */
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type { OAuthTokenApi } from "../../contract/oauth-token.js"
import { session } from "../../contract/data-keys.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { NetworkError } from "../../errors/client/network-error.js"
import type { OAuthCallbackError } from "../../errors/client/oauth-callback-error.js"
import type { OAuthNotAvailable } from "../../errors/client/oauth-not-available.js"
import type { NoAccessToken } from "../../errors/client/session.js"
import type { CallFailureAt } from "../http/call.js"
import type { CallFailure } from "../http/error-narrowing.js"
import { custom } from "../http/service-calls.js"
import type { OAuthCallbackOptions, OAuthCallbackResult, OAuthLinkOptions, OAuthStartOptions } from "./oauth.js"

/**
 * Known errors of the code exchange (the token endpoint's, the grant's body being built here always fits).
 * MFA is not a failure of the flow: the UI prompts for the TOTP code.
 */
export type OAuthCallbackFailure = Exclude<CallFailureAt<typeof OAuthTokenApi.token, "client">, InvalidInput>

export const OAuthCalls = {
  /**
   * Prepares a sign-in (or sign-up) and answers the authorize URL to send the browser to.
   *
   * @example
   * const url = yield* oauth.signIn({ provider: "github", redirectUrl: urls.oauthCallback, errorRedirectUrl: urls.error })
   * location.assign(url)
   */
  signIn: custom<(options: OAuthStartOptions) => Effect.Effect<string, OAuthNotAvailable | NetworkError>>("function"),
  /** Like `signIn`, connecting the provider to the signed-in user (whose access token the URL carries). */
  link: custom<(options: OAuthLinkOptions) => Effect.Effect<string, OAuthNotAvailable | NoAccessToken | CallFailure>>(
    "function"
  ),
  /**
   * Finishes the flow on the callback page (`currentUrl` is `location.href`). `None` when the URL is not an
   * OAuth answer meant for this browser (no `code` or `state`, or no verifier cookie for the state): that is
   * logged as a warning and otherwise ignored, e.g. on a reload of the callback page.
   */
  callback: custom<
    (
      currentUrl: string,
      options?: OAuthCallbackOptions
    ) => Effect.Effect<
      Option.Option<OAuthCallbackResult>,
      OAuthCallbackError | OAuthNotAvailable | OAuthCallbackFailure
    >
  >("function", session)
}
