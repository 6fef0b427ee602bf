/** A user's session (one refresh token) as `GET /auth/sessions?user_id=` lists it. */
import * as Schema from "effect/Schema"
import { Millis, wireStruct } from "./wire.js"

/**
 * Unlike most timestamps of the API these carry no `_millis` suffix on the wire (`created_at`,
 * `last_used_at`), but they are epoch milliseconds all the same.
 */
export const SessionInfo = wireStruct({
  id: Schema.String,
  userId: Schema.String,
  createdAt: Millis,
  lastUsedAt: Millis,
  isImpersonation: Schema.Boolean,
  /** The session whose access token made the request. */
  isCurrentSession: Schema.Boolean
})
export type SessionInfo = typeof SessionInfo.Type
