/**
 * Time-based one-time passwords (RFC 6238: SHA-1, six digits, 30-second steps), as authenticator apps and the
 * hosted service use them. Users set the secret with `PATCH /users/me { totp_secret_base64 }`. The HMAC is
 * node:crypto's; the steps, truncation and base32 are the rules the handler's set-up page uses too
 * (src/domain/rules/totp.ts), so a code the page accepts is one this backend accepts.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { createHmac, randomBytes } from "node:crypto"
import {
  base32Decode,
  base32Encode,
  normalizeTotpCode,
  TOTP_SECRET_BYTES,
  totpCodeFromMac,
  totpCounterBytes,
  totpStepAt,
  totpStepsAround
} from "@stackfx/lib/domain/rules/totp.js"
import { InvalidTotpCode } from "@stackfx/lib/errors/index.js"

/** The raw bytes of a TOTP secret. */
export interface TotpSecret {
  readonly bytes: Uint8Array
}

/** The secret is not valid base64 / base32, or it is empty. */
export class InvalidTotpSecret extends Schema.TaggedError<InvalidTotpSecret>()("InvalidTotpSecret", {
  encoding: Schema.Literals(["base64", "base32"])
}) {}

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/
const base64UrlPattern = /^[A-Za-z0-9_-]*$/
const base32Pattern = /^[A-Z2-7]+=*$/

/** A secret from base64 (standard or URL-safe), the encoding of the wire's `totp_secret_base64`. */
export const totpSecretFromBase64 = (value: string): Effect.Effect<TotpSecret, InvalidTotpSecret> =>
  Effect.suspend(() => {
    const trimmed = value.trim()
    const urlSafe = !base64Pattern.test(trimmed) && base64UrlPattern.test(trimmed)
    if (trimmed === "" || (!base64Pattern.test(trimmed) && !urlSafe)) {
      return Effect.fail(new InvalidTotpSecret({ encoding: "base64" }))
    }
    const bytes = new Uint8Array(Buffer.from(trimmed, urlSafe ? "base64url" : "base64"))
    return bytes.length === 0 ? Effect.fail(new InvalidTotpSecret({ encoding: "base64" })) : Effect.succeed({ bytes })
  })

/** A secret from base32 (RFC 4648, as in `otpauth://` URIs); case, spaces and padding are forgiven. */
export const totpSecretFromBase32 = (value: string): Effect.Effect<TotpSecret, InvalidTotpSecret> =>
  Effect.suspend(() => {
    const normalized = value.replace(/\s+/g, "").toUpperCase()
    if (!base32Pattern.test(normalized)) return Effect.fail(new InvalidTotpSecret({ encoding: "base32" }))
    const bytes = base32Decode(normalized)
    return bytes === undefined || bytes.length === 0
      ? Effect.fail(new InvalidTotpSecret({ encoding: "base32" }))
      : Effect.succeed({ bytes })
  })

/** The base64 form of a secret, as stored and as sent in `totp_secret_base64`. */
export const totpSecretToBase64 = (secret: TotpSecret): string => Buffer.from(secret.bytes).toString("base64")

/** The base32 form of a secret, for `otpauth://` URIs and QR codes. */
export const totpSecretToBase32 = (secret: TotpSecret): string => base32Encode(secret.bytes)

const codeOfStep = (secret: TotpSecret, step: number): string =>
  totpCodeFromMac(createHmac("sha1", secret.bytes).update(totpCounterBytes(step)).digest())

/** The code at a moment (milliseconds since the epoch). */
export const totpCodeAt = (secret: TotpSecret, timestampMillis: number): string =>
  codeOfStep(secret, totpStepAt(timestampMillis))

/** The current code, by the Effect clock (for tests and the demo). */
export const generateTotp = (secret: TotpSecret): Effect.Effect<string> =>
  Effect.map(Clock.currentTimeMillis, (now) => totpCodeAt(secret, now))

/**
 * Check a code against the secret at the current time, accepting the previous and next step as well (clock
 * drift of up to 30 seconds either way). An empty or malformed code is invalid.
 */
export const verifyTotp = (secret: TotpSecret, code: string): Effect.Effect<void, InvalidTotpCode> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) => {
    const typed = normalizeTotpCode(code)
    const valid = typed !== undefined && totpStepsAround(now).some((step) => codeOfStep(secret, step) === typed)
    return valid ? Effect.void : Effect.fail(new InvalidTotpCode({}))
  })

/** A new random secret (20 bytes, the RFC 4226 recommendation). */
export const newTotpSecret: Effect.Effect<TotpSecret> = Effect.sync(() => ({
  bytes: new Uint8Array(randomBytes(TOTP_SECRET_BYTES))
}))
