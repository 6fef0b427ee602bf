/**
 * The format of user and team API keys, as the hosted service writes them so secret scanners can recognise
 * them: `<sk|pk>_<45 random base32 chars><the key's id, 32 hex digits without dashes><user|team>` then one
 * flag character, the marker `574ck4u7h` and a CRC-32 (8 hex digits) of everything before it.
 *
 * The flag is a Crockford base32 digit: +1 for a self-hosted key (every key of the local backend; the
 * service sets it only on `api.stack-auth.com`), +2 for a public one. The id inside the key finds the row,
 * whose stored sha256 is then compared in constant time: no lookup by secret, and a key whose checksum or
 * shape is wrong is refused without touching the database.
 */
import { randomBytes } from "node:crypto"
import type { UserTeamApiKeyType } from "@stackfx/lib/domain/user-team-api-key.js"

const MARKER = "574ck4u7h"
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
const SECRET_LENGTH = 45

/** CRC-32 (IEEE, the one `crc/crc32` computes) of the UTF-8 bytes of `text`, as 8 hex digits. */
const crc32Hex = (text: string): string => {
  let crc = 0xffffffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0")
}

/** 45 lower-case Crockford base32 characters; 256 is a multiple of 32, so `byte & 31` is uniform. */
const randomPart = (): string => {
  let out = ""
  for (const byte of randomBytes(SECRET_LENGTH)) out += (CROCKFORD[byte & 31] ?? "0").toLowerCase()
  return out
}

/** A new key for the row `id` (a UUID). */
export const makeUserTeamApiKey = (options: {
  readonly id: string
  readonly type: UserTeamApiKeyType
  readonly isPublic: boolean
}): string => {
  const prefix = options.isPublic ? "pk" : "sk"
  const flag = (CROCKFORD[1 + (options.isPublic ? 2 : 0)] ?? "1").toLowerCase()
  const body = `${prefix}_${randomPart()}${options.id.replace(/-/g, "")}${options.type}${flag}${MARKER}`
  return `${body}${crc32Hex(body)}`
}

const KEY_PATTERN = new RegExp(
  `^([a-zA-Z0-9_]+)_([a-zA-Z0-9_]{${SECRET_LENGTH}})([a-zA-Z0-9_]{32})(user|team)([a-zA-Z0-9_])(${MARKER})([a-zA-Z0-9_]{8})$`
)

/** What a well-formed key says of itself. */
export interface ParsedUserTeamApiKey {
  readonly id: string
  readonly type: UserTeamApiKeyType
}

/**
 * The id and type a key carries, or `undefined` for a string that is not a key of this format or whose
 * checksum does not match (the service answers both API_KEY_NOT_FOUND).
 */
export const parseUserTeamApiKey = (key: string): ParsedUserTeamApiKey | undefined => {
  const match = KEY_PATTERN.exec(key)
  if (match === null) return undefined
  const [, prefix, secret, idPart, type, flag, marker, checksum] = match
  if (crc32Hex(`${prefix}_${secret}${idPart}${type}${flag}${marker}`) !== checksum) return undefined
  const id = (idPart ?? "").replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5")
  return { id, type: type === "team" ? "team" : "user" }
}
