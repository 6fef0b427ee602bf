/** A user's session (one refresh token) as `GET /auth/sessions?user_id=` lists it. */
import * as Schema from "effect/Schema"
import { defaultedKey, Millis, optionalWireKey, wireStruct } from "./wire.js"

const nullableString = Schema.optionalKey(Schema.NullOr(Schema.String))
const nullableNumber = Schema.optionalKey(Schema.NullOr(Schema.Finite))

/**
 * Where a session was last used from, as the hosted service located its IP. Its keys are camelCase on the
 * wire too (the service passes its geo lookup through as is), so they are not renamed.
 */
export const SessionIpInfo = Schema.Struct({
  ip: Schema.String,
  countryCode: nullableString,
  regionCode: nullableString,
  cityName: nullableString,
  latitude: nullableNumber,
  longitude: nullableNumber,
  tzIdentifier: nullableString
})
export type SessionIpInfo = typeof SessionIpInfo.Type

/**
 * Unlike most timestamps of the API these carry no `_millis` suffix on the wire (`created_at`,
 * `last_used_at`), but they are epoch milliseconds all the same. The hosted schema marks `last_used_at`
 * and `is_current_session` optional (it sends both today), so their absence is tolerated.
 */
export const SessionInfo = wireStruct({
  id: Schema.String,
  userId: Schema.String,
  createdAt: Millis,
  lastUsedAt: optionalWireKey(Millis),
  isImpersonation: Schema.Boolean,
  /**
   * The AI agent the session was opened for through the service's agent sign-in, `null` for a person's
   * session (and from services older than April 2026, which do not send it).
   */
  agentName: defaultedKey(Schema.NullOr(Schema.String), null),
  /** The session whose access token made the request; false when the service does not say. */
  isCurrentSession: defaultedKey(Schema.Boolean, false),
  /** Where the session was last used from; the hosted service sends it when it located the IP. */
  lastUsedAtEndUserIpInfo: Schema.optionalKey(SessionIpInfo)
})
export type SessionInfo = typeof SessionInfo.Type
