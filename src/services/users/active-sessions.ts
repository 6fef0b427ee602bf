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
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { SessionInfo } from "../../domain/session.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ActiveSessionsErrors } from "./active-sessions-errors.js"
import type { SessionNotFound } from "./server-sessions.js"

type Fails<Method extends keyof typeof ActiveSessionsErrors> = FailureOf<typeof ActiveSessionsErrors, Method>

/** What the ActiveSessions service offers; see its tag for the rules. */
export interface ActiveSessionsShape {
  /**
   * The signed-in user's sessions, newest first: created, last used, where from (when the service located
   * the address) and which one is this one (`isCurrentSession`). Impersonation sessions are not listed.
   */
  readonly list: Effect.Effect<ReadonlyArray<SessionInfo>, Fails<"list">>
  /**
   * Ends one of the signed-in user's other sessions. The current one is refused
   * (`CannotDeleteCurrentSession`: sign out instead); an unknown id, or a session already ended, is
   * `SessionNotFound`.
   */
  readonly revoke: (sessionId: string) => Effect.Effect<void, SessionNotFound | Fails<"revoke">>
}

/** The signed-in user's sessions: list them, end the others. */
export class ActiveSessions extends /* @__PURE__ */ Context.Service<ActiveSessions, ActiveSessionsShape>()("stackfx/ActiveSessions") {
  static readonly layer: Layer.Layer<ActiveSessions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ActiveSessions,
    { list: "effect", revoke: "function" },
    () => import("../live.js").then((m) => m.makeActiveSessions)
  )
}
