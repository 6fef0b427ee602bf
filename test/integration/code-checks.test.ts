/**
 * CodeChecks: an e-mailed code checked without using it, against the local backend through the testing kit.
 * A fresh code checks valid and stays usable; once used, or when it never existed, the check names why.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { StackTest, uniqueEmail } from "../../backend/src/testing/index.js"
import { Auth } from "../../src/services/generated/auth.js"
import { CodeChecks } from "../../src/services/generated/code-checks.js"

const verifyUrl = "http://localhost:3000/handler/email-verification"
const magicUrl = "http://localhost:3000/handler/magic-link-callback"

describe("CodeChecks", () => {
  it.layer(StackTest.layer({ magicLinkEnabled: true }))((it) => {
    it.effect("a magic-link code checks valid, still signs in after the check, and is then used", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const email = uniqueEmail("check-magic")
        const outcome = yield* Effect.gen(function* () {
          const auth = yield* Auth
          const checks = yield* CodeChecks
          yield* auth.sendMagicLinkEmail(email, { callbackUrl: magicUrl })
          const magicCode = (yield* stack.mailbox.magicLink(email)).code
          yield* checks.magicLink(magicCode)
          yield* checks.magicLink(magicCode)
          const signedIn = yield* auth.signInWithMagicLink(magicCode)
          const afterUse = yield* Effect.flip(checks.magicLink(magicCode))
          return { isNewUser: signedIn.isNewUser, afterUse: afterUse._tag }
        }).pipe(Effect.provide(stack.client()))
        assert.deepStrictEqual(outcome, { isNewUser: true, afterUse: "VerificationCodeAlreadyUsed" })
      })
    )

    it.effect("an e-mail verification code checks valid until it verifies the address", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const email = uniqueEmail("check-verify")
        const outcome = yield* Effect.gen(function* () {
          const auth = yield* Auth
          const checks = yield* CodeChecks
          yield* auth.signUpWithCredential({ email, password: "a fine password", verificationCallbackUrl: verifyUrl })
          const verifyCode = (yield* stack.mailbox.verificationLink(email)).code
          yield* checks.emailVerification(verifyCode)
          yield* auth.verifyEmail(verifyCode)
          return (yield* Effect.flip(checks.emailVerification(verifyCode)))._tag
        }).pipe(Effect.provide(stack.client()))
        assert.strictEqual(outcome, "VerificationCodeAlreadyUsed")
      })
    )

    it.effect("codes that were never sent are VerificationCodeNotFound, for each kind", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const unknown = "a".repeat(45)
        const outcome = yield* Effect.gen(function* () {
          const checks = yield* CodeChecks
          return [
            (yield* Effect.flip(checks.magicLink(unknown)))._tag,
            (yield* Effect.flip(checks.emailVerification(unknown)))._tag,
            (yield* Effect.flip(checks.mfa(unknown)))._tag
          ]
        }).pipe(Effect.provide(stack.client()))
        assert.deepStrictEqual(outcome, [
          "VerificationCodeNotFound",
          "VerificationCodeNotFound",
          "VerificationCodeNotFound"
        ])
      })
    )
  })
})
