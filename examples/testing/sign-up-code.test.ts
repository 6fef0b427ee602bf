import { assert, it } from "@effect/vitest"
import { Effect } from "effect"
import { Auth, CurrentUser } from "stackfx"
import { StackTest, uniqueEmail } from "stackfx-backend/testing"

it.layer(StackTest.layer({ magicLinkEnabled: true }))((it) => {
  it.effect("signs up with the e-mailed code", () =>
    Effect.gen(function* () {
      const stack = yield* StackTest
      const email = uniqueEmail("ada")
      // Outside a browser, say where the mail's link leads: the service requires it (CallbackUrlRequired).
      const callbackUrl = "http://localhost:3000/handler/magic-link-callback"
      const steps = Effect.gen(function* () {
        const auth = yield* Auth
        const { nonce } = yield* auth.sendMagicLinkEmail(email, { callbackUrl })
        const code = yield* stack.mailbox.otpCode(email)
        const signedIn = yield* auth.signInWithOtp(code, nonce)
        const me = yield* (yield* CurrentUser).get
        return { isNewUser: signedIn.isNewUser, email: me?.primaryEmail }
      })
      // One client (one session) for all the steps: each Effect.provide of a tier builds a new one.
      const outcome = yield* Effect.provide(steps, stack.client())
      assert.deepStrictEqual(outcome, { isNewUser: true, email })
    })
  )
})
