/**
 * TOTP set-up in the browser (RFC 6238 with SHA-1, six digits, 30-second steps, what authenticator apps
 * and the service use): a fresh secret, its base32 form and `otpauth://` URI for the app, its base64 form
 * for `PATCH /users/me { totp_secret_base64 }`, and a check of a typed code before the secret is saved, so
 * nobody turns on MFA with an app that produces other codes.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Base64 from "effect/encoding/Base64"
import * as Schema from "effect/Schema"
import {
  base32Encode,
  normalizeTotpCode,
  otpauthUri as otpauthUriOf,
  TOTP_SECRET_BYTES,
  totpCodeFromMac,
  totpCounterBytes,
  totpStepsAround
} from "../../domain/rules/totp.js"

/** The page has no Web Crypto (an insecure origin, or no browser at all). */
export class WebCryptoUnavailable extends Schema.TaggedError<WebCryptoUnavailable>()("WebCryptoUnavailable", {
  message: Schema.String
}) {
  constructor() {
    super({
      message:
        "This page cannot set up two-factor authentication: Web Crypto is unavailable (is it served over https?)."
    })
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

/** Standard base64 with padding, the wire's `totp_secret_base64`. */
export const base64Encode = (bytes: Uint8Array): string => Base64.encode(bytes)

/** A secret and both of its encodings. */
export const secretFromBytes = (bytes: Uint8Array<ArrayBuffer>): TotpSecret => ({
  bytes,
  base32: base32Encode(bytes),
  base64: base64Encode(bytes)
})

/** A new random secret from the platform's cryptographic generator. */
export const generateTotpSecret: Effect.Effect<TotpSecret, WebCryptoUnavailable> = Effect.suspend(() => {
  const crypto = webCrypto()
  if (crypto === undefined) return Effect.fail(new WebCryptoUnavailable())
  return Effect.sync(() => secretFromBytes(crypto.getRandomValues(new Uint8Array(TOTP_SECRET_BYTES))))
})

/** The key URI authenticator apps import (as a QR code or pasted text). */
export const otpauthUri = (secret: TotpSecret, label: { readonly issuer: string; readonly account: string }): string =>
  otpauthUriOf(secret.base32, label)

/** The code of one time step (RFC 4226 dynamic truncation). */
export const totpCodeAt = (secret: TotpSecret, counter: number): Effect.Effect<string, WebCryptoUnavailable> =>
  Effect.suspend(() => {
    const subtle = webCrypto()?.subtle
    if (subtle === undefined) return Effect.fail(new WebCryptoUnavailable())
    return Effect.promise(async () => {
      const key = await subtle.importKey("raw", secret.bytes, { name: "HMAC", hash: "SHA-1" }, false, ["sign"])
      const mac = new Uint8Array(await subtle.sign("HMAC", key, totpCounterBytes(counter)))
      return totpCodeFromMac(mac)
    })
  })

/** Whether `code` is the secret's code now (or one step before or after). */
export const verifyTotpCode = (secret: TotpSecret, code: string): Effect.Effect<boolean, WebCryptoUnavailable> =>
  Effect.gen(function* () {
    const typed = normalizeTotpCode(code)
    if (typed === undefined) return false
    for (const step of totpStepsAround(yield* Clock.currentTimeMillis)) {
      if ((yield* totpCodeAt(secret, step)) === typed) return true
    }
    return false
  })
