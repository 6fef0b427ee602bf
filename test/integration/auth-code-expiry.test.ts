/**
 * Emailed codes expire: written with the testing kit (stackfx-backend/testing), whose backend follows the
 * test's clock, so a week passes with `TestClock.adjust` instead of a real wait on shortened lifetimes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import { StackTest, uniqueEmail } from "../../backend/src/testing/index.js"
import { Auth } from "../../src/services/generated/auth.js"

const verifyUrl = "http://localhost:3000/handler/email-verification"
const resetUrl = "http://localhost:3000/handler/password-reset"
const magicUrl = "http://localhost:3000/handler/magic-link-callback"

describe("expired codes", () => {
  it.layer(StackTest.layer({ magicLinkEnabled: true }))((it) => {
    it.effect(
      "verification, reset and magic-link codes fail with VERIFICATION_CODE_EXPIRED once their lifetime (a week) is over",
      () =>
        Effect.gen(function* () {
          const stack = yield* StackTest
          const email = uniqueEmail("expiry")
          const magicEmail = uniqueEmail("expiry-magic")
          const outcome = yield* Effect.gen(function* () {
            const auth = yield* Auth
            yield* auth.signUpWithCredential({ email, password: "first password", verificationCallbackUrl: verifyUrl })
            const verifyCode = (yield* stack.mailbox.verificationLink(email)).code
            yield* auth.sendMagicLinkEmail(magicEmail, { callbackUrl: magicUrl })
            const magicCode = (yield* stack.mailbox.magicLink(magicEmail)).code
            yield* auth.sendForgotPasswordEmail(email, { callbackUrl: resetUrl })
            const resetCode = (yield* stack.mailbox.resetLink(email)).code
            // A fresh code is valid (checked without using it), and still six days later ...
            yield* auth.verifyPasswordResetCode(resetCode)
            yield* TestClock.adjust("6 days")
            yield* auth.verifyPasswordResetCode(resetCode)
            yield* TestClock.adjust("1 day")
            // ... and expired ones are refused, whichever call redeems them.
            return [
              yield* Effect.flip(auth.verifyEmail(verifyCode)),
              yield* Effect.flip(auth.verifyPasswordResetCode(resetCode)),
              yield* Effect.flip(auth.resetPassword({ code: resetCode, password: "second password" })),
              yield* Effect.flip(auth.signInWithMagicLink(magicCode))
            ]
          }).pipe(Effect.provide(stack.client()))
          assert.deepStrictEqual(
            outcome.map((e) => e._tag),
            ["VerificationCodeExpired", "VerificationCodeExpired", "VerificationCodeExpired", "VerificationCodeExpired"]
          )
        })
    )
  })
})
