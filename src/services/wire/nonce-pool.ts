/**
 * Nonces drawn in batches. The pool is state, so it belongs to whoever holds the nonce source it makes:
 * `NonceSource`'s default (transport-fetch.ts) makes one for the runtimes that provide none of their own.
 */

const NONCE_BYTES = 16
/** Nonces drawn from one `getRandomValues` call: the call itself, not the bytes, is what costs. */
const NONCES_PER_DRAW = 128
const NONCE_DIGITS = NONCE_BYTES * 2

/** One draw of random bytes, as one string of hex digits. */
const drawPool = (): string => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES * NONCES_PER_DRAW))
  const digits: Array<string> = new Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) digits[i] = (bytes[i] ?? 0).toString(16).padStart(2, "0")
  return digits.join("")
}

/**
 * A source of nonces: each 16 random bytes as hex from Web Crypto (present in browsers, workers and
 * Node >= 20). The bytes come from a pool of its own refilled every 128 nonces, as Node's own `randomUUID`
 * does, kept as hex: a nonce is a slice of it, one string per request instead of sixteen joined. Each byte
 * is used once.
 * @internal
 */
export const makeNoncePool = (): (() => string) => {
  let pool = ""
  let poolOffset = 0
  return () => {
    if (poolOffset + NONCE_DIGITS > pool.length) {
      pool = drawPool()
      poolOffset = 0
    }
    const nonce = pool.slice(poolOffset, poolOffset + NONCE_DIGITS)
    poolOffset += NONCE_DIGITS
    return nonce
  }
}
