import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Auth } from "../../src/services/users/auth.js"
import { uniqueEmail, useEmulator } from "../support/emulator.js"
import { codeFromMail, latestMailTo } from "../support/mailbox.js"
import { clientLayer } from "./auth-support.js"

// Emailed codes of this backend live 1.5 s, so expiry is observable without a long sleep (and a loaded
// machine still checks a fresh code in time).
const LIFETIME_MS = 1500
const backend = useEmulator({
  codeLifetimesMillis: { emailVerification: LIFETIME_MS, passwordReset: LIFETIME_MS, magicLink: LIFETIME_MS }
})

const verifyUrl = "http://localhost:3000/handler/email-verification"
const resetUrl = "http://localhost:3000/handler/password-reset"
const magicUrl = "http://localhost:3000/handler/magic-link-callback"

const afterExpiry = Effect.sleep(LIFETIME_MS + 200)

describe("expired codes", () => {
  it.live(
    "verification, reset and magic-link codes fail with VERIFICATION_CODE_EXPIRED once their lifetime is over",
    () =>
      Effect.gen(function* () {
        const project = yield* Effect.promise(() => backend.createProject({ config: { magic_link_enabled: true } }))
        const email = uniqueEmail("expiry")
        const magicEmail = uniqueEmail("expiry-magic")
        const outcome = yield* Effect.gen(function* () {
          const auth = yield* Auth
          yield* auth.signUpWithCredential({ email, password: "first password", verificationCallbackUrl: verifyUrl })
          const verifyCode = codeFromMail(yield* latestMailTo(backend, email), verifyUrl)
          yield* auth.sendMagicLinkEmail(magicEmail, { callbackUrl: magicUrl })
          const magicCode = codeFromMail(yield* latestMailTo(backend, magicEmail), magicUrl)
          yield* auth.sendForgotPasswordEmail(email, { callbackUrl: resetUrl })
          const resetCode = codeFromMail(yield* latestMailTo(backend, email), resetUrl)
          // A fresh code is valid (checked without using it) ...
          yield* auth.verifyPasswordResetCode(resetCode)
          yield* afterExpiry
          // ... and expired ones are refused, whichever call redeems them.
          return [
            yield* Effect.flip(auth.verifyEmail(verifyCode)),
            yield* Effect.flip(auth.verifyPasswordResetCode(resetCode)),
            yield* Effect.flip(auth.resetPassword({ code: resetCode, password: "second password" })),
            yield* Effect.flip(auth.signInWithMagicLink(magicCode))
          ]
        }).pipe(Effect.provide(clientLayer(backend, project)))
        assert.deepStrictEqual(
          outcome.map((e) => e._tag),
          ["VerificationCodeExpired", "VerificationCodeExpired", "VerificationCodeExpired", "VerificationCodeExpired"]
        )
      })
  )
})
