/**
 * TOTP set-up in the browser (RFC 6238 with SHA-1, six digits, 30-second steps, what authenticator apps
 * and the service use): a fresh secret, its base32 form and `otpauth://` URI for the app, its base64 form
 * for `PATCH /users/me { totp_secret_base64 }`, and a check of a typed code before the secret is saved, so
 * nobody turns on MFA with an app that produces other codes.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { TOTP_CODE_LENGTH } from "../../domain/constants.js"

/** 160 bits, the size RFC 4226 recommends and authenticator apps expect. */
const SECRET_BYTES = 20
const STEP_SECONDS = 30
/** Codes of the neighbouring steps count too: phones' clocks drift. */
const ALLOWED_DRIFT_STEPS = 1

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

/** The page has no Web Crypto (an insecure origin, or no browser at all). */
export class WebCryptoUnavailable extends Schema.TaggedError<WebCryptoUnavailable>()("WebCryptoUnavailable", {
  message: Schema.String
}) {
  constructor() {
    super({ message: "This page cannot set up two-factor authentication: Web Crypto is unavailable (is it served over https?)." })
  }
}

export interface TotpSecret {
  readonly bytes: Uint8Array<ArrayBuffer>
  /** RFC 4648 base32 without padding, what people type into an authenticator app. */
  readonly base32: string
  /** Standard base64, the wire's `totp_secret_base64`. */
  readonly base64: string
}

const webCrypto = (): Crypto | undefined => (globalThis as { readonly crypto?: Crypto }).crypto

/** `base32Encode(new Uint8Array([0x66, 0x6f, 0x6f]))` is `"MZXW6"`. */
export const base32Encode = (bytes: Uint8Array): string => {
  let bits = 0
  let value = 0
  let out = ""
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31]
  return out
}

export const base64Encode = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))

export const secretFromBytes = (bytes: Uint8Array<ArrayBuffer>): TotpSecret => ({
  bytes,
  base32: base32Encode(bytes),
  base64: base64Encode(bytes)
})

/** A new random secret from the platform's cryptographic generator. */
export const generateTotpSecret: Effect.Effect<TotpSecret, WebCryptoUnavailable> = Effect.suspend(() => {
  const crypto = webCrypto()
  if (crypto === undefined) return Effect.fail(new WebCryptoUnavailable())
  return Effect.sync(() => secretFromBytes(crypto.getRandomValues(new Uint8Array(SECRET_BYTES))))
})

/**
 * The key URI format authenticator apps import (as a QR code or pasted text).
 *
 * @example otpauthUri(secret, { issuer: "Acme", account: "ann@example.com" })
 * // "otpauth://totp/Acme:ann%40example.com?secret=...&issuer=Acme&algorithm=SHA1&digits=6&period=30"
 */
export const otpauthUri = (secret: TotpSecret, label: { readonly issuer: string; readonly account: string }): string =>
  `otpauth://totp/${encodeURIComponent(label.issuer)}:${encodeURIComponent(label.account)}` +
  `?secret=${secret.base32}&issuer=${encodeURIComponent(label.issuer)}` +
  `&algorithm=SHA1&digits=${TOTP_CODE_LENGTH}&period=${STEP_SECONDS}`

const counterBytes = (counter: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(8)
  let rest = counter
  for (let i = 7; i >= 0; i--) {
    bytes[i] = rest & 0xff
    rest = Math.floor(rest / 256)
  }
  return bytes
}

/** The code of one time step (RFC 4226 dynamic truncation). */
export const totpCodeAt = (secret: TotpSecret, counter: number): Effect.Effect<string, WebCryptoUnavailable> =>
  Effect.suspend(() => {
    const subtle = webCrypto()?.subtle
    if (subtle === undefined) return Effect.fail(new WebCryptoUnavailable())
    return Effect.promise(async () => {
      const key = await subtle.importKey("raw", secret.bytes, { name: "HMAC", hash: "SHA-1" }, false, ["sign"])
      const mac = new Uint8Array(await subtle.sign("HMAC", key, counterBytes(counter)))
      const offset = (mac[mac.length - 1] ?? 0) & 0x0f
      const binary = (((mac[offset] ?? 0) & 0x7f) << 24) | ((mac[offset + 1] ?? 0) << 16) |
        ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0)
      return String(binary % 10 ** TOTP_CODE_LENGTH).padStart(TOTP_CODE_LENGTH, "0")
    })
  })

/** Whether `code` is the secret's code now (or one step before or after). */
export const verifyTotpCode = (secret: TotpSecret, code: string): Effect.Effect<boolean, WebCryptoUnavailable> =>
  Effect.gen(function*() {
    const typed = code.replace(/\s+/g, "")
    if (!new RegExp(`^[0-9]{${TOTP_CODE_LENGTH}}$`).test(typed)) return false
    const step = Math.floor((yield* Clock.currentTimeMillis) / 1000 / STEP_SECONDS)
    for (let drift = -ALLOWED_DRIFT_STEPS; drift <= ALLOWED_DRIFT_STEPS; drift++) {
      if ((yield* totpCodeAt(secret, step + drift)) === typed) return true
    }
    return false
  })
