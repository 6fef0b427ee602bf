/** The implementation of {@link ServerSessions}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { DEFAULT_SERVER_SESSION_EXPIRY_MS } from "./server-sessions.js"
import { ListResponse } from "../../domain/list.js"
import { SessionInfo } from "../../domain/session.js"
import { SuccessResponse } from "../../domain/success.js"
import { ServerSessionCreate } from "../../domain/session-requests.js"
import { ServerSessionResponse } from "../../domain/tokens.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import { type NewServerSession, SessionNotFound, type ServerSessionsShape } from "./server-sessions.js"
import { jsonBody, Transport } from "../http/transport.js"
import { ServerSessionsErrors } from "./server-sessions-errors.js"
import { encodeInput } from "../http/wire-codec.js"

const SessionList = ListResponse(SessionInfo)

export const makeServerSessions: Effect.Effect<ServerSessionsShape, never, Transport> = Effect.gen(function*() {
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
      documented(...ServerSessionsErrors.create)
    )

  const list = (userId: string) =>
    transport.requestJson({ method: "GET", path: "/auth/sessions", query: { user_id: userId } }, SessionList).pipe(
      Effect.map((page) => page.items),
      documented(...ServerSessionsErrors.list)
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
      documented(...ServerSessionsErrors.delete)
    )

  return { create, list, delete: remove } satisfies ServerSessionsShape
})
