/**
 * OAuth in the browser: the authorize URL a client sends the browser to (its query built by the client,
 * services/oauth/oauth-url.ts), and the providers' callback. Both answer redirects, not JSON; neither takes
 * project authentication (the authorize query carries the client's credentials). The code exchange that
 * ends the flow is contract/oauth-token.ts.
 *
 * And the native sign-in of apps that sign in with the provider themselves (`OAuthNativeApi`): the app hands
 * over the provider's identity token and gets a session, in JSON.
 */
import { AppleNativeSignInRequest } from "../domain/auth-requests.js"
import { AuthorizeQuery } from "../domain/oauth-authorize-query.js"
import { SignInResponse } from "../domain/tokens.js"
import { ALL } from "./access.js"
import { session } from "./data-keys.js"
import { endpoint } from "./declaration.js"

/** The provider's answer: `code` and `state`, or `error`, in the query (GET) or a form (POST, `form_post`). */
const callback = <const M extends "GET" | "POST">(method: M) =>
  endpoint({
    name: `oauth.callback${method === "GET" ? "" : "Post"}` as M extends "GET"
      ? "oauth.callback"
      : "oauth.callbackPost",
    summary:
      "The provider's answer: a redirect to the client's redirect URL with `code` and `state`, or to its error URL",
    method,
    path: "/auth/oauth/callback/{provider_id}",
    access: "public",
    success: { raw: "redirect" },
    errors: ["OuterOAuthTimeout"]
  })

export const OAuthApi = {
  authorize: endpoint({
    name: "oauth.authorize",
    summary:
      "Starts an OAuth sign-in or link: a 307 to the provider, or its location as JSON (`stack_response_mode=json`)",
    method: "GET",
    path: "/auth/oauth/authorize/{provider_id}",
    access: "public",
    query: AuthorizeQuery,
    // The hosted authorize query is the one request part that tolerates keys it does not know.
    unknownQueryKeys: "ignore",
    success: { raw: "redirect" },
    errors: [
      "InvalidOAuthClientIdOrSecret",
      // A wrong publishable client key, or the public-client sentinel where the project requires a key.
      "InvalidPublishableClientKey",
      "PublishableClientKeyRequiredForProject",
      "RedirectUrlNotWhitelisted",
      "OAuthProviderNotFoundOrNotEnabled",
      "OAuthExtraScopeNotAvailableWithSharedOAuthKeys",
      "OAuthProviderTemporarilyUnavailable",
      // A link's `token`: the signed-in user's access token, and that user.
      "AccessTokenExpired",
      "UnparsableAccessToken",
      "InvalidProjectForAccessToken",
      "UserNotFound",
      // The bot challenge of a sign-up: failed in the invisible phase (a visible one is due), or in the visible one.
      "BotChallengeRequired",
      "BotChallengeFailed"
    ]
  }),
  callback: callback("GET"),
  callbackPost: callback("POST")
}

export const OAuthNativeApi = {
  /**
   * Native Sign in with Apple (iOS and macOS apps, `ASAuthorizationController`): the identity token must be
   * signed by Apple for one of the Bundle IDs of the project's `apple` provider (`apple_bundle_ids`).
   */
  appleSignIn: endpoint({
    name: "oauthNative.appleSignIn",
    summary: "Signs in (or up) with a native Sign in with Apple identity token",
    method: "POST",
    path: "/auth/oauth/callback/apple/native",
    access: ALL,
    body: AppleNativeSignInRequest,
    success: SignInResponse,
    errors: [
      "OAuthProviderNotFoundOrNotEnabled",
      "AppleBundleIdNotConfigured",
      "InvalidAppleCredentials",
      // The OAuth sign-in's rules: a new user needs sign-up, its rules, and an e-mail nobody else signs in with.
      "SignUpNotEnabled",
      "SignUpRejected",
      "ContactChannelAlreadyUsedForAuthBySomeoneElse",
      // Two first sign-ins of one Apple account at once: the second loses.
      "OAuthProviderAccountIdAlreadyUsedForSignIn"
    ],
    changes: session
  })
}
