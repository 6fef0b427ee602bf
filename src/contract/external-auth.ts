/**
 * External authentication (`POST /auth/external/token`, the service since May 2026): an app signed in with
 * Clerk, Better Auth or WorkOS exchanges that provider's session token for a short-lived access token. The
 * project enables the provider's integration app and its settings in the config
 * (`apps.installed.<provider>.enabled`, `<provider>.issuer`, ...); the provider keeps the session, so there is
 * no refresh token.
 */
import { ExternalAuthTokenRequest, ExternalAuthTokenResponse } from "../domain/external-auth.js"
import { ALL } from "./access.js"
import { none } from "./data-keys.js"
import { endpoint } from "./declaration.js"

export const ExternalAuthApi = {
  exchangeToken: endpoint({
    name: "externalAuth.exchangeToken",
    summary: "Exchanges an external auth provider's session token for an access token (the user made on first use)",
    method: "POST",
    path: "/auth/external/token",
    access: ALL,
    body: ExternalAuthTokenRequest,
    success: ExternalAuthTokenResponse,
    errors: [
      "ExternalAuthProviderNotConfigured",
      "InvalidExternalAuthToken",
      // The first exchange of a provider identity makes a user: sign-up must be on and its rules allow it.
      "SignUpNotEnabled",
      "SignUpRejected",
      // A guest (the request's anonymous user) already holds another identity of the provider.
      "OAuthProviderAccountIdAlreadyUsedForSignIn"
    ],
    // The answer is an access token alone: the client stores no session with it, so nothing it reads changes.
    changes: none
  })
}
