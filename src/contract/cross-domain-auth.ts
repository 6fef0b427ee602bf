/**
 * The cross-domain sign-in hand-off: a signed-in app asks for a one-time authorization code that another
 * of the project's domains redeems at `/auth/oauth/token` (see src/domain/cross-domain-auth.ts).
 */
import { CrossDomainAuthorizeRequest, CrossDomainAuthorizeResponse } from "../domain/cross-domain-auth.js"
import { ALL } from "./access.js"
import { endpoint } from "./declaration.js"

export const CrossDomainAuthApi = {
  authorize: endpoint({
    name: "crossDomainAuth.authorize",
    summary:
      "A one-time authorization code for the signed-in user, for a redirect URI on another trusted domain (PKCE)",
    method: "POST",
    path: "/auth/oauth/cross-domain/authorize",
    access: ALL,
    body: CrossDomainAuthorizeRequest,
    success: CrossDomainAuthorizeResponse,
    errors: ["UserAuthenticationRequired", "RedirectUrlNotWhitelisted"]
  })
}
