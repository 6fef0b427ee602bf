/** The cross-domain sign-in hand-off (`POST /auth/oauth/cross-domain/authorize`). */
import * as Effect from "effect/Effect"
import { CrossDomainAuthApi } from "@stackfx/lib/contract/cross-domain-auth.js"
import { STACK_HEADERS } from "@stackfx/lib/domain/api.js"
import { header } from "../../http/auth.js"
import { serve } from "../../http/serve.js"
import { crossDomainHandoff } from "../../oauth/operations/cross-domain-handoff.js"

export const routes = [
  serve(CrossDomainAuthApi.authorize, ({ auth, body, request }) =>
    Effect.map(
      crossDomainHandoff({ ...auth, refreshToken: header(request.headers, STACK_HEADERS.refreshToken) }, body),
      (redirectUrl) => ({ redirectUrl })
    )
  )
]
