/**
 * The client's Passkeys service against the local backend, with the browser's WebAuthn ceremonies played by
 * the software authenticator on a page at `http://localhost:<port>`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { Passkeys } from "../../src/services/generated/passkey.js"
import { WebAuthn, type WebAuthnBrowser } from "../../src/services/passkeys/passkey-ceremony.js"
import { Session } from "../../src/services/session/session.js"
import { clientCore } from "../support/clients.js"
import { type TestProject, useKitBackend } from "../support/local-backend.js"
import { SoftAuthenticator } from "../support/soft-authenticator.js"

const backend = useKitBackend()

const client = (project: TestProject) =>
  Layer.mergeAll(Passkeys.layer, CurrentUser.layer).pipe(Layer.provideMerge(clientCore(backend, project)))

/** A page on localhost whose WebAuthn is the software authenticator. */
const softBrowser = (authenticator: SoftAuthenticator): WebAuthnBrowser => {
  const origin = `http://localhost:${new URL(backend.localBackend().url).port}`
  return {
    isSupported: () => true,
    hostname: () => "localhost",
    startRegistration: async (options) => authenticator.register(options, origin),
    startAuthentication: async (options) => authenticator.authenticate(options, origin)
  }
}

const register = Effect.gen(function* () {
  return yield* (yield* Passkeys).register
})
const signIn = Effect.gen(function* () {
  return yield* (yield* Passkeys).signIn
})

const project = (passkeyEnabled: boolean) =>
  Effect.promise(() => backend.createProject({ config: { passkey_enabled: passkeyEnabled } }))

describe("Passkeys client against the local backend", () => {
  it.live("registers a passkey, then signs in with it in a fresh session", () =>
    Effect.gen(function* () {
      const p = yield* project(true)
      const user = yield* Effect.promise(() => backend.signUp(p))
      const authenticator = new SoftAuthenticator()
      yield* Effect.gen(function* () {
        yield* (yield* Session).setTokens({ accessToken: user.accessToken, refreshToken: user.refreshToken })
        yield* (yield* Passkeys).register
        const me = yield* (yield* CurrentUser).get
        assert.isTrue(me?.passkeyAuthEnabled)
      }).pipe(Effect.provide(client(p)), Effect.provideService(WebAuthn, softBrowser(authenticator)))

      yield* Effect.gen(function* () {
        const signedIn = yield* (yield* Passkeys).signIn
        assert.deepStrictEqual(signedIn, { userId: user.userId, isNewUser: false })
        const me = yield* (yield* CurrentUser).get
        assert.strictEqual(me?.id, user.userId)
      }).pipe(Effect.provide(client(p)), Effect.provideService(WebAuthn, softBrowser(authenticator)))
    })
  )

  it.live("typed failures: not signed in, turned off, unknown passkey", () =>
    Effect.gen(function* () {
      const open = yield* project(true)
      const closed = yield* project(false)
      const authenticator = new SoftAuthenticator()
      const browser = softBrowser(authenticator)

      const anonymous = yield* Effect.flip(register).pipe(
        Effect.provide(client(open)),
        Effect.provideService(WebAuthn, browser)
      )
      assert.strictEqual(anonymous._tag, "UserAuthenticationRequired")

      const off = yield* Effect.flip(signIn).pipe(
        Effect.provide(client(closed)),
        Effect.provideService(WebAuthn, browser)
      )
      assert.strictEqual(off._tag, "PasskeyAuthenticationNotEnabled")

      // a passkey the backend never saw (registered with another project)
      const other = yield* project(true)
      const user = yield* Effect.promise(() => backend.signUp(other))
      yield* Effect.gen(function* () {
        yield* (yield* Session).setTokens({ accessToken: user.accessToken, refreshToken: user.refreshToken })
        yield* (yield* Passkeys).register
      }).pipe(Effect.provide(client(other)), Effect.provideService(WebAuthn, browser))
      const unknown = yield* Effect.flip(signIn).pipe(
        Effect.provide(client(open)),
        Effect.provideService(WebAuthn, browser)
      )
      assert.strictEqual(unknown._tag, "PasskeyAuthenticationFailed")
    })
  )
})
