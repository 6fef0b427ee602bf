/**
 * Sessions of any user (server tier and above): open one for a user (e.g. to act as them in a test or a
 * support tool), list a user's sessions, and end one of them. Ending a session revokes its refresh token,
 * so the tokens handed out for it stop refreshing; an access token already minted lives until it expires.
 *
 * @example
 * const sessions = yield* ServerSessions
 * const { accessToken, refreshToken } = yield* sessions.create({ userId })
 * const open = yield* sessions.list(userId)
 * yield* sessions.delete(userId, open[0].id)
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, type CallInput, custom, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { SessionsApi } from "../../contract/sessions.js"
import { DEFAULT_SERVER_SESSION_EXPIRY_MS } from "./server-session-defaults.js"
import type { AccessType } from "../../domain/api.js"
import { SessionNotFound } from "./session-not-found.js"

/** What creating a server-side session takes: the user to sign in and the session's options. */
export interface NewServerSession {
  /** The user to sign in (`"me"` is the tier's own signed-in user). */
  readonly userId: string
  /** Lifetime of the refresh token; default one year (`DEFAULT_SERVER_SESSION_EXPIRY_MS`). */
  readonly expiresInMillis?: number | undefined
}

/** Sessions on the server: create one for any user, list and revoke a user's sessions. */
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
