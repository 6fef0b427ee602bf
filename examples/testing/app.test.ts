/**
 * An app's tests with `stackfx-backend/testing` and @effect/vitest: each block gets a project of its own on
 * the run's backend (the global setup's); the tests start from fixtures, read the mailbox, move the test's clock
 * and inject faults.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import { CurrentUser, RequestAuth } from "stackfx"
import { Fault, StackTest, uniqueEmail } from "stackfx-backend/testing"
import { completeSignUp, loadProfile, sendSignUpCode, whoami } from "./app.js"

/** A request to the app's own server carrying the session as the client tier sends it. */
const requestAs = (tokens: { readonly accessToken: string; readonly refreshToken: string | null }) =>
  new Request("http://localhost:3000/api/whoami", {
    headers: { "x-stack-auth": JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }) }
  })

describe("sign-up by e-mailed code", () => {
  it.layer(StackTest.layer({ magicLinkEnabled: true }))((it) => {
    it.effect("creates the account from the code in the mail", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const email = uniqueEmail("signup")
        const client = stack.client()
        const nonce = yield* sendSignUpCode(email).pipe(Effect.provide(client))
        const code = yield* stack.mailbox.otpCode(email)
        const isNew = yield* completeSignUp(code, nonce).pipe(Effect.provide(client))
        assert.isTrue(isNew)
        // The app's webhook endpoint hears of the new user, signed and decoded as verifyWebhook answers it.
        const created = yield* stack.webhooks.next("user.created")
        assert.strictEqual(created.data.primaryEmail, email)
      })
    )
  })
})

describe("the app's server route", () => {
  it.layer(StackTest.layer())((it) => {
    it.effect("answers the caller's e-mail from their token, and 401 without one", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const user = yield* stack.createUser({ email: uniqueEmail("ada") })
        const answer = yield* whoami(requestAs(user)).pipe(Effect.provide(stack.server))
        assert.deepStrictEqual(answer, { status: 200, email: user.email })
        const anonymous = yield* whoami(new Request("http://localhost:3000/api/whoami")).pipe(
          Effect.provide(stack.server)
        )
        assert.strictEqual(anonymous.status, 401)
      })
    )

    it.effect("refuses an access token the test's clock has expired, and the client refreshes its own", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const { user, client } = yield* stack.signedIn()
        // One tier for the whole test, so its session is the one that refreshes.
        const context = yield* Layer.build(client)
        yield* TestClock.adjust("11 minutes")
        const stale = yield* whoami(requestAs({ accessToken: user.accessToken, refreshToken: null })).pipe(
          Effect.provide(stack.server)
        )
        assert.strictEqual(stale.status, 401)
        const me = yield* CurrentUser.use((current) => current.get).pipe(Effect.provideContext(context))
        assert.strictEqual(me?.id, user.id)
        // The server tier refreshes too, when the request carries the refresh token.
        const refreshed = yield* RequestAuth.use((auth) => auth.session({ headers: requestAs(user).headers })).pipe(
          Effect.provide(stack.server)
        )
        assert.isTrue(refreshed.refreshed)
      })
    )
  })
})

describe("faults", () => {
  // The live clock: the client waits the 429's Retry-After (0 s here) on its own clock.
  it.layer(StackTest.layer(), { excludeTestServices: true })((it) => {
    it.effect("the profile is shown after a 429 and a 503", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const { user, client } = yield* stack.signedIn()
        yield* stack.fault("GET /users/me", Fault.rateLimited(0))
        yield* stack.fault("GET /users/me", Fault.serverError(503))
        const profile = yield* loadProfile.pipe(Effect.provide(client))
        assert.strictEqual(profile?.id, user.id)
      })
    )

    it.effect("the profile read gives up on a service that stays down", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const { client } = yield* stack.signedIn()
        yield* stack.fault("GET /users/me", Fault.serverError(503), { times: "always" })
        const exit = yield* Effect.exit(loadProfile.pipe(Effect.provide(client)))
        assert.isTrue(Exit.isFailure(exit))
      })
    )

    it.effect("a fault on a route the backend does not serve is refused", () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        const error = yield* Effect.flip(stack.fault("GET /users/mee/profile", Fault.serverError()))
        assert.strictEqual(error._tag, "UnknownRoute")
        assert.include(error.message, "GET /users/mee/profile")
      })
    )
  })
})
