/**
 * Sessions: a new access token for the refresh token of the request, sign-out of the current session, and
 * server-created sessions (impersonation, tests). The declarations: contract/sessions.ts.
 */
import * as Effect from "effect/Effect"
import { SessionsApi } from "@stackfx/lib/contract/sessions.js"
import { refreshTokenOf } from "../../http/auth.js"
import { requirePresent } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import { createSession, endCurrentSession, refreshSession } from "../../operations/auth/sessions.js"
import { sessionSubject } from "../../operations/auth/session-actors.js"

export const routes = [
  serve(SessionsApi.refresh, ({ auth, request }) =>
    Effect.gen(function* () {
      // The refresh endpoint cannot work without the refresh token header: the hosted SCHEMA_ERROR for it.
      const refreshToken = yield* requirePresent(
        request,
        refreshTokenOf(request.headers),
        "headers.x-stack-refresh-token must be defined"
      )
      return { accessToken: yield* refreshSession(auth.project.id, refreshToken) }
    })
  ),
  serve(SessionsApi.signOut, ({ auth }) =>
    Effect.as(endCurrentSession(auth.project.id, auth.refreshTokenId), { success: true as const })
  ),
  serve(SessionsApi.create, ({ auth, body }) =>
    Effect.gen(function* () {
      const userId = yield* sessionSubject(auth, body.userId)
      const session = yield* createSession({
        projectId: auth.project.id,
        userId,
        expiresInMillis: body.expiresInMillis,
        isImpersonation: body.isImpersonation
      })
      return { accessToken: session.accessToken, refreshToken: session.refreshToken }
    })
  )
]
