/**
 * A user's sessions: `GET /auth/sessions?user_id=` lists them and `DELETE /auth/sessions/{id}?user_id=`
 * ends one, as the hosted service does. Server and admin reach any user; a client only its own sessions.
 * Only admins see impersonation sessions. Creating one (`POST /auth/sessions`) lives in sessions.ts.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { SessionInfo } from "@stackfx/lib/domain/session.js"
import { CannotDeleteCurrentSession } from "@stackfx/lib/errors/known/session.js"
import { CannotGetOwnUserWithoutUser } from "@stackfx/lib/errors/known/users.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError, success } from "../http/respond.js"
import { Db } from "../store/db.js"
import { findRefreshTokenById, listRefreshTokens, revokeRefreshToken } from "../store/refresh-tokens.js"
import { ALL } from "../http/access.js"

const UserQuery = Schema.Struct({ user_id: Schema.NonEmptyString })

const SessionList = ListResponse(SessionInfo)

/** `me` or an id; a client may only name itself. */
const sessionOwner = (auth: Auth, requested: string) =>
  Effect.gen(function*() {
    if (requested === "me" || auth.accessType === "client") {
      if (auth.user === undefined) return yield* Effect.fail(new CannotGetOwnUserWithoutUser({}))
      if (requested !== "me" && requested !== auth.user.id) {
        return yield* Effect.fail(
          new HttpStatusError({ status: 403, message: "Client can only list sessions for their own user." })
        )
      }
      return auth.user.id
    }
    return requested
  })

const sessionNotFound = new HttpStatusError({ status: 404, message: "Session not found." })

export const routes = [
  endpoint({
    method: "GET",
    path: "/auth/sessions",
    access: ALL,
    query: UserQuery,
    handler: ({ auth, query }) =>
      Effect.gen(function*() {
        const userId = yield* sessionOwner(auth, query.user_id)
        const now = yield* Clock.currentTimeMillis
        const rows = yield* listRefreshTokens(yield* Db, auth.project.id, userId)
        const items = rows
          .filter((row) => row.expiresAt === null || row.expiresAt.getTime() > now)
          .filter((row) => auth.accessType === "admin" || !row.isImpersonation)
          .map((row) => ({
            id: row.id,
            userId: row.userId,
            createdAt: row.createdAt,
            lastUsedAt: row.lastUsedAt,
            isImpersonation: row.isImpersonation,
            isCurrentSession: row.id === auth.refreshTokenId
          }))
        return yield* encoded(SessionList, { items, isPaginated: false })
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/auth/sessions/:sessionId",
    access: ALL,
    query: UserQuery,
    handler: ({ auth, params, query }) =>
      Effect.gen(function*() {
        const userId = yield* sessionOwner(auth, query.user_id)
        const sessionId = params["sessionId"] ?? ""
        const db = yield* Db
        const row = yield* findRefreshTokenById(db, auth.project.id, sessionId)
        // Someone else's session is as absent as one that never existed: no hint that the id is real.
        if (row === undefined || row.revokedAt !== null || row.userId !== userId) {
          return yield* Effect.fail(sessionNotFound)
        }
        if (row.id === auth.refreshTokenId) return yield* Effect.fail(new CannotDeleteCurrentSession({}))
        yield* revokeRefreshToken(db, auth.project.id, row.id, new Date(yield* Clock.currentTimeMillis))
        return success
      })
  })
]
