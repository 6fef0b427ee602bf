/**
 * `POST /auth/oauth/token`, served from its declaration (`@stackfx/lib/contract/oauth-token.js`): the
 * refresh grant, and the authorization-code grant that ends an OAuth sign-in. The client authenticates with
 * `client_id` = project id and `client_secret` = a publishable client key (the public-client sentinel where the
 * project does not require one: oauth/operations/oauth-client.ts).
 */
import { OAuthTokenApi } from "@stackfx/lib/contract/oauth-token.js"
import { serve, unreachable } from "../../http/serve.js"
import { grantTokens } from "../operations/oauth-token.js"

export const routes = [
  serve(OAuthTokenApi.token, ({ body }) =>
    // The token check answers a wrong key INVALID_OAUTH_CLIENT_ID_OR_SECRET (authorize's answer is the other).
    grantTokens(body).pipe(unreachable("InvalidPublishableClientKey"))
  )
]
