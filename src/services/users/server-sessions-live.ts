/** The implementation of {@link ServerSessions}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import type { AccessType } from "../../domain/api.js"
import { SessionsApi } from "../../contract/sessions.js"
import { type CallFailureAt, type CallInput, caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { ServerSessionsCalls } from "./server-sessions-calls.js"
import { SessionNotFound } from "./server-sessions.js"

/**
 * Ends a session of `userId` through `call`. The service answers an unknown (or someone else's) session
 * with a plain 404, not a known error: it is `SessionNotFound`.
 */
export const endSession =
  <V extends AccessType>(
    call: (
      input: CallInput<typeof SessionsApi.delete, V>
    ) => Effect.Effect<unknown, CallFailureAt<typeof SessionsApi.delete, V>>
  ) =>
  (
    userId: string,
    sessionId: string
  ): Effect.Effect<void, SessionNotFound | CallFailureAt<typeof SessionsApi.delete, V>> =>
    call({ params: { id: sessionId }, query: { user_id: userId } }).pipe(
      Effect.asVoid,
      Effect.catchIf(
        (error) => error._tag === "HttpError" && error.status === 404,
        () => Effect.fail(new SessionNotFound({ sessionId, message: `Session ${sessionId} not found.` }))
      )
    )

export const makeServerSessions = implement(
  ServerSessionsCalls,
  Effect.gen(function* () {
    return { delete: endSession(caller(yield* Transport, SessionsApi.delete, "server")) }
  })
)
