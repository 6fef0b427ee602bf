/** A session that `ServerSessions` / `ActiveSessions` cannot find. */
import * as Schema from "effect/Schema"

/**
 * The session does not exist, has ended, or belongs to another user. The API answers this with a plain
 * 404 rather than a known error, so the client names it.
 */
export class SessionNotFound extends Schema.TaggedError<SessionNotFound>()("SessionNotFound", {
  sessionId: Schema.String,
  message: Schema.String
}) {}
