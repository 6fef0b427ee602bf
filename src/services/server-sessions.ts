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
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { DEFAULT_SERVER_SESSION_EXPIRY_MS } from "../domain/constants.js"
import { ListResponse } from "../domain/list.js"
import { SessionInfo } from "../domain/session.js"
import { SuccessResponse } from "../domain/success.js"
import { ServerSessionCreate, ServerSessionResponse } from "../domain/tokens.js"
import type { InvalidInput } from "../errors/client/invalid-input.js"
import { type CallFailure, documented, encodeInput } from "./endpoint.js"
import { segment } from "./path-segment.js"
import { jsonBody, Transport } from "./transport.js"

/**
 * The session does not exist, has ended, or belongs to another user. The API answers this with a plain
 * 404 rather than a known error, so the client names it.
 */
export class SessionNotFound extends Schema.TaggedError<SessionNotFound>()("SessionNotFound", {
  sessionId: Schema.String,
  message: Schema.String
}) {}

export interface NewServerSession {
  /** The user to sign in (`"me"` is the tier's own signed-in user). */
  readonly userId: string
  /** Lifetime of the refresh token; default one year (`DEFAULT_SERVER_SESSION_EXPIRY_MS`). */
  readonly expiresInMillis?: number | undefined
}

export interface ServerSessionsShape {
  /** A new session for the user; the tokens are returned, not stored in this tier's own session. */
  readonly create: (
    session: NewServerSession
  ) => Effect.Effect<ServerSessionResponse, InvalidInput | CallFailure<"UserIdDoesNotExist" | "CannotGetOwnUserWithoutUser">>
  /** The user's open sessions, newest first (an unknown user simply has none). */
  readonly list: (userId: string) => Effect.Effect<ReadonlyArray<SessionInfo>, CallFailure<"CannotGetOwnUserWithoutUser">>
  /**
   * Ends one of the user's sessions. The session making this request cannot end itself that way
   * (`CannotDeleteCurrentSession`): sign out instead.
   */
  readonly delete: (
    userId: string,
    sessionId: string
  ) => Effect.Effect<void, SessionNotFound | CallFailure<"CannotDeleteCurrentSession" | "CannotGetOwnUserWithoutUser">>
}

const SessionList = ListResponse(SessionInfo)

export class ServerSessions extends Context.Service<ServerSessions, ServerSessionsShape>()("stackfx/ServerSessions") {
  static readonly layer: Layer.Layer<ServerSessions, never, Transport> = Layer.effect(
    ServerSessions,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encodeCreate = encodeInput(ServerSessionCreate)

      const create = (session: NewServerSession) =>
        encodeCreate({
          userId: session.userId,
          expiresInMillis: session.expiresInMillis ?? DEFAULT_SERVER_SESSION_EXPIRY_MS
        }).pipe(
          Effect.flatMap((body) =>
            transport.requestJson({ method: "POST", path: "/auth/sessions", body: jsonBody(body) }, ServerSessionResponse)
          ),
          documented("UserIdDoesNotExist", "CannotGetOwnUserWithoutUser")
        )

      const list = (userId: string) =>
        transport.requestJson({ method: "GET", path: "/auth/sessions", query: { user_id: userId } }, SessionList).pipe(
          Effect.map((page) => page.items),
          documented("CannotGetOwnUserWithoutUser")
        )

      const remove = (userId: string, sessionId: string) =>
        transport.requestJson(
          { method: "DELETE", path: `/auth/sessions/${segment(sessionId)}`, query: { user_id: userId } },
          SuccessResponse
        ).pipe(
          Effect.asVoid,
          Effect.catchIf(
            (error) => error._tag === "HttpError" && error.status === 404,
            () => Effect.fail(new SessionNotFound({ sessionId, message: `Session ${sessionId} not found.` }))
          ),
          documented("CannotDeleteCurrentSession", "CannotGetOwnUserWithoutUser")
        )

      return ServerSessions.of({ create, list, delete: remove })
    })
  )
}
