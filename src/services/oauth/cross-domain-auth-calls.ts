/**
 * The member of {@link CrossDomainAuth}, a call of its declaration (contract/cross-domain-auth.ts).
 */
import type { CrossDomainAuthorizeRequest } from "../../domain/cross-domain-auth.js"
import { CrossDomainAuthApi } from "../../contract/cross-domain-auth.js"
import { functionCall } from "../http/service-calls.js"

export const CrossDomainAuthCalls = {
  /**
   * `authorize({ redirectUri, state, codeChallenge })`: the URL to send the browser to, on the other domain,
   * with a one-time code for the signed-in user. The app there started the hand-off: it chose the state and
   * holds the PKCE verifier of `codeChallenge`, and redeems the code at the token endpoint as it would the
   * code of an OAuth sign-in (`OAuth.callback`). Both URLs must be on a trusted domain of the project (or be
   * a native app's own URL); the session must be one with a refresh token (not a server session).
   */
  authorize: functionCall(
    CrossDomainAuthApi.authorize,
    "client",
    (request: CrossDomainAuthorizeRequest) => ({ body: request }),
    (answer) => answer.redirectUrl
  )
}
