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
import type * as Layer from "effect/Layer"
import { ActiveSessionsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ActiveSessionsCalls } from "./active-sessions-calls.js"

/** What the ActiveSessions service offers; see its tag for the rules. Its members are declared in active-sessions-calls.ts. */
export type ActiveSessionsShape = ShapeOf<typeof ActiveSessionsCalls>

/** The signed-in user's sessions: list them, end the others. */
export class ActiveSessions
  extends /* @__PURE__ */ Context.Service<ActiveSessions, ActiveSessionsShape>()("stackfx/ActiveSessions")
{
  static readonly layer: Layer.Layer<ActiveSessions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ActiveSessions,
    ActiveSessionsMembers,
    () => import("../live.js").then((m) => m.makeActiveSessions)
  )
}
