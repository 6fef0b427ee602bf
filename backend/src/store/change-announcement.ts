/**
 * What a process announces on PostgreSQL when it writes, so the others drop what they cached of it: its own
 * id (it ignores its own announcements) and the read-cache keys the write may change, or none for "anything"
 * (a write outside `Db.writesOnly`). Sent with the write: inside its transaction, which PostgreSQL delivers
 * at COMMIT and never when it rolls back.
 */
import * as Schema from "effect/Schema"

/** The `LISTEN` / `NOTIFY` channel every process on one database shares. */
export const CHANGES_CHANNEL = "stackfx_changes"

/** The statement that announces; its parameters are the channel and `encodeAnnouncement`'s payload. */
export const ANNOUNCE_SQL = "select pg_notify($1, $2)"

// PostgreSQL refuses a payload of 8000 bytes or more; a longer list of keys is announced as "anything".
const MAX_PAYLOAD = 7_000

const Announcement = Schema.Struct({
  instance: Schema.String,
  keys: Schema.NullOr(Schema.Array(Schema.String))
})
const decodeJson = Schema.decodeUnknownOption(Schema.fromJsonString(Announcement))

export interface Announcement {
  readonly instance: string
  /** `undefined`: anything may have changed. */
  readonly keys: ReadonlyArray<string> | undefined
}

export const encodeAnnouncement = (instance: string, keys: ReadonlyArray<string> | undefined): string => {
  const full = JSON.stringify({ instance, keys: keys ?? null })
  return full.length < MAX_PAYLOAD ? full : JSON.stringify({ instance, keys: null })
}

/** An announcement, or `undefined` for a payload no stackfx process wrote. */
export const decodeAnnouncement = (payload: string | undefined): Announcement | undefined => {
  if (payload === undefined) return undefined
  const decoded = decodeJson(payload)
  return decoded._tag === "None"
    ? undefined
    : { instance: decoded.value.instance, keys: decoded.value.keys ?? undefined }
}
