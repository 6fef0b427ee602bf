/**
 * The members of {@link ServerSessions}, calls of the declared endpoints (contract/sessions.ts). The
 * service's shape and implementation derive from this table.
 */
import type * as Effect from "effect/Effect"
import { SessionsApi } from "../../contract/sessions.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, functionCall } from "../http/service-calls.js"
import { DEFAULT_SERVER_SESSION_EXPIRY_MS } from "./server-session-defaults.js"
import type { NewServerSession, SessionNotFound } from "./server-sessions.js"

export const ServerSessionsCalls = {
  /** A new session for the user; the tokens are returned, not stored in this tier's own session. */
  create: functionCall(SessionsApi.create, "server", (session: NewServerSession) => ({
    body: { userId: session.userId, expiresInMillis: session.expiresInMillis ?? DEFAULT_SERVER_SESSION_EXPIRY_MS }
  })),
  /** The user's open sessions, newest first (an unknown user simply has none). */
  list: functionCall(
    SessionsApi.list,
    "server",
    (userId: string) => ({ query: { user_id: userId } }),
    (page) => page.items
  ),
  /**
   * Ends one of the user's sessions. The session making this request cannot end itself that way
   * (`CannotDeleteCurrentSession`): sign out instead.
   */
  delete: custom<
    (
      userId: string,
      sessionId: string
    ) => Effect.Effect<void, SessionNotFound | CallFailureAt<typeof SessionsApi.delete, "server">>
  >("function", SessionsApi.delete.changes)
}
