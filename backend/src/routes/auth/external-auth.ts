/**
 * `POST /auth/external/token`: an external auth provider's session token for an access token
 * (`operations/auth/external-auth.ts` verifies it, `operations/auth/external-auth-sessions.ts` signs it in).
 */
import { ExternalAuthApi } from "@stackfx/lib/contract/external-auth.js"
import { serve, unreachable } from "../../http/serve.js"
import { exchangeExternalToken } from "../../operations/auth/external-auth-sessions.js"

export const routes = [
  serve(ExternalAuthApi.exchangeToken, ({ auth, body }) =>
    exchangeExternalToken(auth.project, body.providerId, body.token, auth.user).pipe(
      // The new user has no password, an address nobody signs in with, no team selected; a guest upgraded
      // is the request's own, found a moment ago.
      unreachable("ContactChannelAlreadyUsedForAuthBySomeoneElse", "TeamMembershipNotFound", "UserNotFound")
    )
  )
]
