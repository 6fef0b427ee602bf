/**
 * The testing kit's errors for bad use, each a typed value whose message says what to change: a fixture for a
 * sign-in method the project turned off, a mailbox read of an address that never got mail (after the timeout,
 * naming the address), a fault on a route the backend does not serve. The same errors reach the Promise API.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  Fault,
  FixtureRefused,
  MailTimeout,
  StackTest,
  startStackTest,
  UnknownRoute
} from "../../../backend/src/testing/index.js"

describe("bad use of the testing kit", () => {
  it.layer(StackTest.layer({ credentialEnabled: false, passkeyEnabled: false }))((it) => {
    it.effect("a fixture for a sign-in method the project turned off is FixtureRefused naming the option", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const password = yield* Effect.flip(stack.createUser())
        assert.instanceOf(password, FixtureRefused)
        assert.strictEqual(password.fixture, "createUser")
        assert.include(password.message, "credentialEnabled: false")

        const passkey = yield* Effect.flip(stack.createUser({ password: null, passkey: true }))
        assert.instanceOf(passkey, FixtureRefused)
        assert.include(passkey.message, "passkeyEnabled: true")

        // What the project allows still works: a user without a password.
        const user = yield* stack.createUser({ password: null })
        assert.isNull(user.password)
      })
    )

    it.effect("a mailbox read of an address that never got mail is MailTimeout naming it, after the timeout", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const started = Date.now()
        const error = yield* Effect.flip(stack.mailbox.otpCode("nobody@example.test", { timeoutMillis: 60 }))
        assert.isAtLeast(Date.now() - started, 60)
        assert.instanceOf(error, MailTimeout)
        if (!(error instanceof MailTimeout)) return
        assert.strictEqual(error.address, "nobody@example.test")
        assert.strictEqual(error.timeoutMillis, 60)
        assert.strictEqual(error.message, "no sign-in (magic link / OTP) mail reached nobody@example.test within 60 ms")
      })
    )

    it.effect("a fault on a route the backend does not serve is UnknownRoute, listing its neighbours", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const error = yield* Effect.flip(stack.fault("POST /users/me/avatar", Fault.serverError()))
        assert.instanceOf(error, UnknownRoute)
        assert.strictEqual(error.route, "POST /users/me/avatar")
        assert.include(error.message, "routes under /users: ")
        const method = yield* Effect.flip(stack.fault("PUT /users/me", Fault.serverError()))
        assert.strictEqual(method.route, "PUT /users/me")
        // A served route with a parameter is accepted.
        yield* stack.fault("GET /users/:user_id", Fault.serverError())
      })
    )
  })

  it("rejects the Promise API's calls with the same typed errors", async () => {
    await using test = await startStackTest({ credentialEnabled: false })
    const refused: unknown = await test.createUser().catch((error: unknown) => error)
    assert.instanceOf(refused, FixtureRefused)
    const unknown: unknown = await test
      .fault("GET /no/such/route", Fault.serverError())
      .catch((error: unknown) => error)
    assert.instanceOf(unknown, UnknownRoute)
    const timeout: unknown = await test.mailbox
      .latest("nobody@example.test", { timeoutMillis: 20 })
      .catch((error: unknown) => error)
    assert.instanceOf(timeout, MailTimeout)
  })
})
