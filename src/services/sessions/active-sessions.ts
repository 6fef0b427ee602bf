/**
 * The signed-in user's own sessions (every tier): where they are signed in, and ending any of them but the
 * one making the request. Ending a session revokes its refresh token: the device it belongs to is signed
 * out the next time its access token needs refreshing (the hosted service keeps honouring an access token
 * already minted until it expires, ten minutes at most).
 *
 * @example
 * const sessions = yield* ActiveSessions
 * const others = (yield* sessions.list).filter((s) => !s.isCurrentSession)
 * for (const session of others) yield* sessions.revoke(session.id)
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, custom, effectCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { SessionsApi } from "../../contract/sessions.js"
import type { SessionNotFound } from "./session-not-found.js"
import { endSession } from "./server-sessions.js"

/** The signed-in user's sessions: list them, end the others. */
export const ActiveSessionsCalls = {
  /**
   * The signed-in user's sessions, newest first: created, last used, where from (when the service located
   * the address) and which one is this one (`isCurrentSession`). Impersonation sessions are not listed.
   */
  list: effectCall(SessionsApi.list, "client", {
    input: () => ({ query: { user_id: "me" } }),
    output: (page) => page.items
  }),
  /**
   * Ends one of the signed-in user's other sessions. The current one is refused
   * (`CannotDeleteCurrentSession`: sign out instead); an unknown id, or a session already ended, is
   * `SessionNotFound`.
   */
  revoke: custom<
    (sessionId: string) => Effect.Effect<void, SessionNotFound | CallFailureAt<typeof SessionsApi.delete, "client">>
  >("function", SessionsApi.delete.changes)
}

export const makeActiveSessions = implement(
  ActiveSessionsCalls,
  Effect.gen(function* () {
    const end = endSession(caller(yield* Transport, SessionsApi.delete, "client"))
    return { revoke: (sessionId: string) => end("me", sessionId) }
  })
)
