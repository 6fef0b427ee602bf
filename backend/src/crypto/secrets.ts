/** Random secrets and their stored form: sha256 hex, compared in constant time. */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto"
import * as Effect from "effect/Effect"

/** A URL-safe random string carrying `bytes` bytes of entropy (refresh tokens, codes, API keys). */
export const randomSecret = (bytes = 32): Effect.Effect<string> =>
  Effect.sync(() => randomBytes(bytes).toString("base64url"))

/** A random UUID v4 (row ids). */
export const randomId: Effect.Effect<string> = Effect.sync(() => randomUUID())

/** What the database keeps instead of a secret. */
export const sha256Hex = (value: string): string => createHash("sha256").update(value, "utf8").digest("hex")

/** Equality of two hex digests without an early exit (a length mismatch is not secret). */
export const digestsEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a, "hex")
  const right = Buffer.from(b, "hex")
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}

/** True when `secret` hashes to `storedHash`, compared in constant time. */
export const secretMatches = (secret: string, storedHash: string | null | undefined): boolean =>
  storedHash !== null && storedHash !== undefined && digestsEqual(sha256Hex(secret), storedHash)

/** The last four characters shown for a stored key. */
export const lastFour = (secret: string): string => secret.slice(-4)

/** `bytes` random bytes (a claim code's letters are drawn from them). */
export const randomBytesOf = (bytes: number): Effect.Effect<Uint8Array> =>
  Effect.sync(() => new Uint8Array(randomBytes(bytes)))
