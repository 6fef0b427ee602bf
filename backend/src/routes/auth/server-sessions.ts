/**
 * A user's sessions: `GET /auth/sessions?user_id=` lists them and `DELETE /auth/sessions/{id}?user_id=`
 * ends one, as the hosted service does. Server and admin reach any user; a client only its own sessions.
 * Only admins see impersonation sessions. Creating one (`POST /auth/sessions`) lives in sessions.ts; the
 * declarations in contract/sessions.ts.
 */
import * as Effect from "effect/Effect"
import { SessionsApi } from "@stackfx/lib/contract/sessions.js"
import { serve } from "../../http/serve.js"
import { endSession } from "../../operations/auth/sessions.js"
import { sessionOwner, sessionsSeenBy } from "../../operations/auth/session-actors.js"

export const routes = [
  serve(SessionsApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const userId = yield* sessionOwner(auth, query.user_id)
      const items = (yield* sessionsSeenBy(auth, userId)).map((row) => ({
        id: row.id,
        userId: row.userId,
        createdAt: row.createdAt,
        lastUsedAt: row.lastUsedAt,
        isImpersonation: row.isImpersonation,
        agentName: row.agentName,
        isCurrentSession: row.id === auth.refreshTokenId
      }))
      return { items, isPaginated: false as const }
    })
  ),
  serve(SessionsApi.delete, ({ auth, params, query }) =>
    Effect.gen(function* () {
      const userId = yield* sessionOwner(auth, query.user_id)
      yield* endSession(auth.project.id, userId, params.id, auth.refreshTokenId)
      return { success: true as const }
    })
  )
]
