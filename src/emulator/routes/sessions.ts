/** Sessions: sign-out of the current one, and server-created sessions (impersonation, tests). */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ServerSessionResponse } from "../../domain/tokens.js"
import { CannotGetOwnUserWithoutUser, UserIdDoesNotExist } from "../../errors/known/users.js"
import { refreshTokenOf } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, success } from "../http/respond.js"
import { createSession } from "../services/sessions.js"
import { Db } from "../store/db.js"
import { findRefreshToken, revokeRefreshToken } from "../store/refresh-tokens.js"
import { findUserView } from "../store/users.js"

const SessionCreateBody = Schema.Struct({
  user_id: Schema.String,
  expires_in_millis: Schema.optionalKey(Schema.Int.check(Schema.makeFilter((n: number) => n > 0 || "must be positive"))),
  is_impersonation: Schema.optionalKey(Schema.Boolean)
})

export const routes = [
  endpoint({
    method: "DELETE",
    path: "/auth/sessions/current",
    access: ["client", "server", "admin"],
    handler: ({ auth, request }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const at = new Date(yield* Clock.currentTimeMillis)
        // Signing out always succeeds: a session that is already gone is as signed out as it gets.
        const refreshToken = refreshTokenOf(request.headers)
        if (refreshToken !== undefined) {
          const row = yield* findRefreshToken(db, auth.project.id, refreshToken)
          if (row !== undefined) yield* revokeRefreshToken(db, auth.project.id, row.id, at)
        }
        if (auth.refreshTokenId !== undefined) yield* revokeRefreshToken(db, auth.project.id, auth.refreshTokenId, at)
        return success
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/sessions",
    access: ["server", "admin"],
    body: SessionCreateBody,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const userId = body.user_id === "me" ? auth.user?.id : body.user_id
        if (userId === undefined) return yield* Effect.fail(new CannotGetOwnUserWithoutUser({}))
        const user = yield* findUserView(db, auth.project.id, userId)
        if (user === undefined) return yield* Effect.fail(new UserIdDoesNotExist({ details: { user_id: userId } }))
        const session = yield* createSession({
          projectId: auth.project.id,
          userId,
          expiresInMillis: body.expires_in_millis,
          isImpersonation: body.is_impersonation
        })
        return yield* encoded(ServerSessionResponse, { accessToken: session.accessToken, refreshToken: session.refreshToken })
      })
  })
]
