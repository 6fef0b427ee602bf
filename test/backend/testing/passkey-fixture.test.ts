/**
 * The testing kit's passkey fixture: a user created with a registered passkey (through the client tier's own
 * registration, with the kit's software authenticator), signed in by it in a fresh session, and an app's own
 * passkey flow run against the same passkey.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { CurrentUser, Passkeys, WebAuthn } from "stackfx"
import { StackTest } from "../../../backend/src/testing/index.js"

describe("the passkey fixture", () => {
  it.layer(StackTest.layer({ passkeyEnabled: true }))((it) => {
    it.effect("creates a user with a registered passkey and signs them in by it in a fresh session", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const user = yield* stack.createUser({ passkey: true })
        assert.isDefined(user.passkey)
        assert.deepStrictEqual(user.passkey?.authenticator.credentialIds(), [user.passkey?.credentialId])

        const signedIn = yield* stack.signInWithPasskey(user)
        assert.strictEqual(signedIn.id, user.id)
        assert.notStrictEqual(signedIn.refreshToken, user.refreshToken)
        const me = yield* CurrentUser.use((current) => current.get).pipe(Effect.provide(stack.client(signedIn)))
        assert.strictEqual(me?.id, user.id)
        assert.isTrue(me?.passkeyAuthEnabled)
      })
    )

    it.effect("hands the passkey to an app's own sign-in flow as the page's WebAuthn", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const user = yield* stack.createUser({ passkey: true, password: null })
        const webAuthn = user.passkey?.webAuthn
        assert.isDefined(webAuthn)
        if (webAuthn === undefined) return
        const answer = yield* Passkeys.use((passkeys) => passkeys.signIn).pipe(
          Effect.provide(stack.client()),
          Effect.provideService(WebAuthn, webAuthn)
        )
        assert.deepStrictEqual(answer, { userId: user.id, isNewUser: false })
      })
    )

    it.effect("refuses a passkey sign-in for a user created without one", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const user = yield* stack.createUser()
        const error = yield* Effect.flip(stack.signInWithPasskey(user))
        assert.strictEqual(error._tag, "FixtureRefused")
        assert.strictEqual(error.fixture, "signInWithPasskey")
        assert.include(error.message, "passkey: true")
      })
    )
  })
})
