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
import type * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { ServerSessionsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ServerSessionsCalls } from "./server-sessions-calls.js"

export { DEFAULT_SERVER_SESSION_EXPIRY_MS } from "./server-session-defaults.js"

/**
 * The session does not exist, has ended, or belongs to another user. The API answers this with a plain
 * 404 rather than a known error, so the client names it.
 */
export class SessionNotFound extends Schema.TaggedError<SessionNotFound>()("SessionNotFound", {
  sessionId: Schema.String,
  message: Schema.String
}) {}

/** What creating a server-side session takes: the user to sign in and the session's options. */
export interface NewServerSession {
  /** The user to sign in (`"me"` is the tier's own signed-in user). */
  readonly userId: string
  /** Lifetime of the refresh token; default one year (`DEFAULT_SERVER_SESSION_EXPIRY_MS`). */
  readonly expiresInMillis?: number | undefined
}

/** What the ServerSessions service offers; see its tag for the rules. Its members are declared in server-sessions-calls.ts. */
export type ServerSessionsShape = ShapeOf<typeof ServerSessionsCalls>

/** Sessions on the server: create one for any user, list and revoke a user's sessions. */
export class ServerSessions
  extends /* @__PURE__ */ Context.Service<ServerSessions, ServerSessionsShape>()("stackfx/ServerSessions")
{
  static readonly layer: Layer.Layer<ServerSessions, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerSessions,
    ServerSessionsMembers,
    () => import("../live.js").then((m) => m.makeServerSessions)
  )
}
