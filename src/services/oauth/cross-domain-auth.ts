/**
 * The cross-domain sign-in hand-off: a signed-in app on one of the project's domains sends its user to
 * another with a one-time code, so the app there signs the same user in without asking again. Its member is
 * declared in the table below.
 */
import { functionCall, implement } from "../http/service-calls.js"
import type { CrossDomainAuthorizeRequest } from "../../domain/cross-domain-auth.js"
import { CrossDomainAuthApi } from "../../contract/cross-domain-auth.js"

/** Hands the signed-in user's session to another of the project's domains, by a one-time code. */
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

export const makeCrossDomainAuth = implement(CrossDomainAuthCalls)
