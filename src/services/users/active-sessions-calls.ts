/**
 * The members of {@link ActiveSessions}, calls of the declared endpoints (contract/sessions.ts). The
 * service's shape and implementation derive from this table.
 */
import type * as Effect from "effect/Effect"
import { SessionsApi } from "../../contract/sessions.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, effectCall } from "../http/service-calls.js"
import type { SessionNotFound } from "./server-sessions.js"

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
