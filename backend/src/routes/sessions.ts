/**
 * Sessions: a new access token for the refresh token of the request, sign-out of the current session, and
 * server-created sessions (impersonation, tests).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { ServerSessionCreate } from "@stackfx/lib/domain/session-requests.js"
import { ServerSessionResponse } from "@stackfx/lib/domain/tokens.js"
import { RefreshTokenNotFoundOrExpired } from "@stackfx/lib/errors/known/session.js"
import { CannotGetOwnUserWithoutUser, UserIdDoesNotExist } from "@stackfx/lib/errors/known/users.js"
import { refreshTokenOf } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { type RequestLine, schemaErrorOf } from "../http/request.js"
import { encoded, json, success } from "../http/respond.js"
import { createSession, refreshSession } from "../operations/sessions.js"
import { Db } from "../store/db.js"
import { findRefreshToken, revokeRefreshToken } from "../store/refresh-tokens.js"
import { findUserView } from "../store/users.js"
import { ALL, SERVER } from "../http/access.js"

/** The refresh endpoint cannot work without the refresh token header: the hosted SCHEMA_ERROR for it. */
const missingRefreshTokenHeader = (request: RequestLine) =>
  schemaErrorOf(request, ["headers.x-stack-refresh-token must be defined"])

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/sessions/current/refresh",
    access: ALL,
    handler: ({ auth, request }) =>
      Effect.gen(function*() {
        const refreshToken = refreshTokenOf(request.headers)
        if (refreshToken === undefined) return yield* Effect.fail(missingRefreshTokenHeader(request))
        const accessToken = yield* refreshSession(auth.project.id, refreshToken)
        return json({ access_token: accessToken })
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/auth/sessions/current",
    access: ALL,
    handler: ({ auth, request }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const at = new Date(yield* Clock.currentTimeMillis)
        const refreshToken = refreshTokenOf(request.headers)
        if (refreshToken !== undefined) {
          // A refresh token the project does not know (or one already revoked) is refused like the hosted
          // service does; clients treat that answer as "already signed out".
          const row = yield* findRefreshToken(db, auth.project.id, refreshToken)
          const revoked = row === undefined ? false : yield* revokeRefreshToken(db, auth.project.id, row.id, at)
          if (!revoked) return yield* Effect.fail(new RefreshTokenNotFoundOrExpired({}))
        } else if (auth.refreshTokenId !== undefined) {
          // Without a refresh token header (the hosted service refuses that), the access token's session ends.
          yield* revokeRefreshToken(db, auth.project.id, auth.refreshTokenId, at)
        }
        return success
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/sessions",
    access: SERVER,
    body: ServerSessionCreate,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const userId = body.userId === "me" ? auth.user?.id : body.userId
        if (userId === undefined) return yield* Effect.fail(new CannotGetOwnUserWithoutUser({}))
        const user = yield* findUserView(db, auth.project.id, userId)
        if (user === undefined) return yield* Effect.fail(new UserIdDoesNotExist({ details: { user_id: userId } }))
        const session = yield* createSession({
          projectId: auth.project.id,
          userId,
          expiresInMillis: body.expiresInMillis,
          isImpersonation: body.isImpersonation
        })
        return yield* encoded(ServerSessionResponse, { accessToken: session.accessToken, refreshToken: session.refreshToken })
      })
  })
]
