/**
 * The pure parts of time-based one-time passwords (RFC 6238 over RFC 4226: HMAC-SHA-1, six digits,
 * 30-second steps, what authenticator apps and the hosted service use) that the handler's two-factor
 * set-up and the local backend share: the time step, the counter's bytes, the dynamic truncation of a MAC
 * into a code, the codes accepted around now, base32 (RFC 4648, what people type into an app) and the
 * `otpauth://` URI. Each side computes the HMAC with what it has (Web Crypto in the browser, node:crypto in
 * the backend) and passes the MAC here, so both agree on every code.
 */

/** Length of a TOTP code typed at the MFA prompt. @internal */
export const TOTP_CODE_LENGTH = 6

/** Seconds per step: a code changes every 30 seconds. */
export const TOTP_STEP_SECONDS = 30
/** 160 bits, the secret size RFC 4226 recommends and authenticator apps expect. */
export const TOTP_SECRET_BYTES = 20
/** Codes of the neighbouring steps count too: phones' clocks drift (up to 30 seconds either way). */
export const TOTP_ALLOWED_DRIFT_STEPS = 1

/** The step (the HOTP counter) at a moment, in milliseconds since the epoch. */
export const totpStepAt = (timestampMillis: number): number => Math.floor(timestampMillis / 1000 / TOTP_STEP_SECONDS)

/** The steps whose codes are accepted at a moment: the current one and its neighbours within the drift. */
export const totpStepsAround = (timestampMillis: number): ReadonlyArray<number> => {
  const now = totpStepAt(timestampMillis)
  const steps: Array<number> = []
  for (let drift = -TOTP_ALLOWED_DRIFT_STEPS; drift <= TOTP_ALLOWED_DRIFT_STEPS; drift++) steps.push(now + drift)
  return steps
}

/** The message the HMAC signs: the counter as 8 big-endian bytes. */
export const totpCounterBytes = (counter: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(8)
  let rest = counter
  for (let i = 7; i >= 0; i--) {
    bytes[i] = rest & 0xff
    rest = Math.floor(rest / 256)
  }
  return bytes
}

/** The code in an HMAC-SHA-1 of the counter (RFC 4226 dynamic truncation), zero-padded to six digits. */
export const totpCodeFromMac = (mac: Uint8Array): string => {
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0)
  return String(binary % 10 ** TOTP_CODE_LENGTH).padStart(TOTP_CODE_LENGTH, "0")
}

const codePattern = new RegExp(`^[0-9]{${TOTP_CODE_LENGTH}}$`)

/** A typed code without its spaces (apps show `123 456`), or `undefined` when it cannot be a code. */
export const normalizeTotpCode = (code: string): string | undefined => {
  const typed = code.replace(/\s+/g, "")
  return codePattern.test(typed) ? typed : undefined
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

/** RFC 4648 base32 without padding: `base32Encode(new Uint8Array([0x66, 0x6f, 0x6f]))` is `"MZXW6"`. */
export const base32Encode = (bytes: Uint8Array): string => {
  let bits = 0
  let value = 0
  let out = ""
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xfff
    bits += 8
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31]
  return out
}

/**
 * The bytes of a base32 text, forgiving case, spaces and trailing padding as people type a key;
 * `undefined` when a character is outside the alphabet. Trailing bits that do not fill a byte are dropped.
 */
export const base32Decode = (text: string): Uint8Array<ArrayBuffer> | undefined => {
  const normalized = text.replace(/\s+/g, "").toUpperCase().replace(/=+$/, "")
  const out = new Uint8Array(Math.floor((normalized.length * 5) / 8))
  let bits = 0
  let value = 0
  let index = 0
  for (const char of normalized) {
    const digit = BASE32_ALPHABET.indexOf(char)
    if (digit === -1) return undefined
    value = ((value << 5) | digit) & 0xfff
    bits += 5
    if (bits >= 8) {
      out[index++] = (value >>> (bits - 8)) & 0xff
      bits -= 8
    }
  }
  return out
}

/**
 * The key URI authenticator apps import (as a QR code or pasted text), for a base32 secret.
 *
 * @example otpauthUri("MZXW6YTBOI", { issuer: "Acme", account: "ann@example.com" })
 * // "otpauth://totp/Acme:ann%40example.com?secret=MZXW6YTBOI&issuer=Acme&algorithm=SHA1&digits=6&period=30"
 */
export const otpauthUri = (
  base32Secret: string,
  label: { readonly issuer: string; readonly account: string }
): string =>
  `otpauth://totp/${encodeURIComponent(label.issuer)}:${encodeURIComponent(label.account)}` +
  `?secret=${base32Secret}&issuer=${encodeURIComponent(label.issuer)}` +
  `&algorithm=SHA1&digits=${TOTP_CODE_LENGTH}&period=${TOTP_STEP_SECONDS}`
