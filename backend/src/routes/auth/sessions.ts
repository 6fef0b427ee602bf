/**
 * Sessions: a new access token for the refresh token of the request, sign-out of the current session, and
 * server-created sessions (impersonation, tests). The declarations: contract/sessions.ts.
 */
import * as Effect from "effect/Effect"
import { SessionsApi } from "@stackfx/lib/contract/sessions.js"
import { CannotGetOwnUserWithoutUser, UserIdDoesNotExist } from "@stackfx/lib/errors/known/users.js"
import { refreshTokenOf } from "../../http/auth.js"
import { type RequestLine, schemaErrorOf } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import { createSession, endCurrentSession, refreshSession } from "../../operations/auth/sessions.js"
import { findUser } from "../../operations/users/user-lookup.js"

/** The refresh endpoint cannot work without the refresh token header: the hosted SCHEMA_ERROR for it. */
const missingRefreshTokenHeader = (request: RequestLine) =>
  schemaErrorOf(request, ["headers.x-stack-refresh-token must be defined"])

export const routes = [
  serve(SessionsApi.refresh, ({ auth, request }) =>
    Effect.gen(function* () {
      const refreshToken = refreshTokenOf(request.headers)
      if (refreshToken === undefined) return yield* Effect.fail(missingRefreshTokenHeader(request))
      return { accessToken: yield* refreshSession(auth.project.id, refreshToken) }
    })
  ),
  serve(SessionsApi.signOut, ({ auth }) =>
    Effect.as(endCurrentSession(auth.project.id, auth.refreshTokenId), { success: true as const })
  ),
  serve(SessionsApi.create, ({ auth, body }) =>
    Effect.gen(function* () {
      const userId = body.userId === "me" ? auth.user?.id : body.userId
      if (userId === undefined) return yield* Effect.fail(new CannotGetOwnUserWithoutUser({}))
      const user = yield* findUser(auth.project.id, userId)
      if (user === undefined) return yield* Effect.fail(new UserIdDoesNotExist({ details: { user_id: userId } }))
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
