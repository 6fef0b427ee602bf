/** The implementation of {@link ActiveSessions}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { ListResponse } from "../../domain/list.js"
import { SessionInfo } from "../../domain/session.js"
import { SuccessResponse } from "../../domain/success.js"
import { announcing } from "../changes/data-changes.js"
import { activeSessionsChanges } from "../changes/write-keys.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import { Transport } from "../http/transport.js"
import type { ActiveSessionsShape } from "./active-sessions.js"
import { ActiveSessionsErrors } from "./active-sessions-errors.js"
import { SessionNotFound } from "./server-sessions.js"

const SessionList = ListResponse(SessionInfo)

export const makeActiveSessions: Effect.Effect<ActiveSessionsShape, never, Transport> = announcing(
  activeSessionsChanges,
  Effect.gen(function*() {
    const transport = yield* Transport

    const list = transport.requestJson({ method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, SessionList).pipe(
      Effect.map((page) => page.items),
      documented(...ActiveSessionsErrors.list)
    )

    const revoke = (sessionId: string) =>
      transport.requestJson(
        { method: "DELETE", path: `/auth/sessions/${segment(sessionId)}`, query: { user_id: "me" } },
        SuccessResponse
      ).pipe(
        Effect.asVoid,
        // The service answers an unknown (or someone else's) session with a plain 404, not a known error.
        Effect.catchIf(
          (error) => error._tag === "HttpError" && error.status === 404,
          () => Effect.fail(new SessionNotFound({ sessionId, message: `Session ${sessionId} not found.` }))
        ),
        documented(...ActiveSessionsErrors.revoke)
      )

    return { list, revoke } satisfies ActiveSessionsShape
  })
)
