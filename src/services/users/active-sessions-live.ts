/** The implementation of {@link ActiveSessions}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { SessionsApi } from "../../contract/sessions.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { ActiveSessionsCalls } from "./active-sessions-calls.js"
import { endSession } from "./server-sessions-live.js"

export const makeActiveSessions = implement(
  ActiveSessionsCalls,
  Effect.gen(function* () {
    const end = endSession(caller(yield* Transport, SessionsApi.delete, "client"))
    return { revoke: (sessionId: string) => end("me", sessionId) }
  })
)
