/**
 * The OAuth token endpoint (`POST /auth/oauth/token`, form-encoded, no `X-Stack-*` headers): the refresh
 * grant every session sends, and the authorization-code grant that ends an OAuth sign-in. A session's
 * refresh is on every program's first load, so this module imports no schema: it names them
 * (first-load-schemas.ts). A grant it does not take, or a missing field, is an RFC 6749 error answer
 * (`unsupported_grant_type`, `invalid_request`, 400), not a known error.
 */
import { RefreshTokenErrorTags } from "../errors/categories.js"
import { endpoint, schemaRef } from "./declaration.js"

export const OAuthTokenApi = {
  token: endpoint({
    name: "oauth.token",
    method: "POST",
    path: "/auth/oauth/token",
    access: "public",
    body: schemaRef("OAuthTokenForm"),
    bodyEncoding: "form",
    success: schemaRef("TokenEndpointResponse"),
    errors: [
      ...RefreshTokenErrorTags,
      "InvalidOAuthClientIdOrSecret",
      // The project requires a publishable client key and the client sent the public-client sentinel or none.
      "PublishableClientKeyRequiredForProject",
      "InvalidAuthorizationCode",
      "MultiFactorAuthenticationRequired"
    ]
  })
}
