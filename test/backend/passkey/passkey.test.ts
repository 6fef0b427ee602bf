import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import {
  authenticationOptions,
  PASSKEY_RP_ID_SENTINEL,
  registrationOptions
} from "../../../backend/src/passkey/options.js"
import { trustedOriginPolicy } from "../../../backend/src/passkey/origin.js"
import { memoryPasskeyStore } from "../../../backend/src/passkey/store.js"
import { verifyPasskeyAuthentication, verifyPasskeyRegistration } from "../../../backend/src/passkey/verify.js"
import { SoftAuthenticator, withHostname } from "../../support/soft-authenticator.js"

const origin = "http://localhost:3000"
const isTrustedOrigin = trustedOriginPolicy({ allowLocalhost: true, trustedDomains: ["https://app.example.com"] })

const flipLastByte = (b64url: string) => {
  const bytes = Buffer.from(b64url, "base64url")
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0x01
  return bytes.toString("base64url")
}

/** Register a passkey for user u1 on `pageOrigin`; returns the authenticator and store. */
const registered = (pageOrigin = origin) =>
  Effect.gen(function* () {
    const authenticator = new SoftAuthenticator()
    const store = yield* memoryPasskeyStore
    const ceremony = yield* registrationOptions({
      projectDisplayName: "Demo",
      userId: "u1",
      userName: "ada@example.com",
      userDisplayName: "Ada"
    })
    const response = authenticator.register(withHostname(ceremony.options, new URL(pageOrigin).hostname), pageOrigin)
    const passkey = yield* verifyPasskeyRegistration({
      response,
      expectedChallenge: ceremony.challenge,
      userId: "u1",
      isTrustedOrigin
    })
    yield* store.insert(passkey)
    return { authenticator, store, passkey }
  })

const signIn = (authenticator: SoftAuthenticator, pageOrigin = origin) =>
  Effect.gen(function* () {
    const ceremony = yield* authenticationOptions()
    const response = authenticator.authenticate(
      withHostname(ceremony.options, new URL(pageOrigin).hostname),
      pageOrigin
    )
    return { ceremony, response }
  })

describe("passkey options", () => {
  it.effect("use the RP id sentinel and the user id as handle", () =>
    Effect.gen(function* () {
      const reg = yield* registrationOptions({
        projectDisplayName: "Demo",
        userId: "u1",
        userName: "a",
        userDisplayName: "A"
      })
      assert.strictEqual(reg.options.rp.id, "THIS_VALUE_WILL_BE_REPLACED.example.com")
      assert.strictEqual(reg.options.rp.id, PASSKEY_RP_ID_SENTINEL)
      assert.strictEqual(reg.options.user.id, Buffer.from("u1").toString("base64url"))
      assert.strictEqual(reg.options.authenticatorSelection?.residentKey, "required")
      assert.strictEqual(reg.challenge, reg.options.challenge)
      const auth = yield* authenticationOptions()
      assert.strictEqual(auth.options.rpId, PASSKEY_RP_ID_SENTINEL)
      assert.deepStrictEqual(auth.options.allowCredentials, [])
      assert.notStrictEqual(auth.challenge, (yield* authenticationOptions()).challenge)
    })
  )

  it.effect("a user id outside 1..64 bytes is refused", () =>
    Effect.gen(function* () {
      for (const userId of ["", "x".repeat(65)]) {
        const error = yield* Effect.flip(
          registrationOptions({ projectDisplayName: "D", userId, userName: "a", userDisplayName: "A" })
        )
        assert.strictEqual(error._tag, "PasskeyRegistrationFailed")
      }
    })
  )
})

describe("passkey ceremonies with a software authenticator", () => {
  it.live("registration then sign-in passes and advances the counter", () =>
    Effect.gen(function* () {
      const { authenticator, store, passkey } = yield* registered()
      assert.strictEqual(passkey.userId, "u1")
      assert.strictEqual(passkey.rpId, "localhost")
      assert.strictEqual(passkey.counter, 0)
      for (const expected of [1, 2]) {
        const { ceremony, response } = yield* signIn(authenticator)
        const result = yield* verifyPasskeyAuthentication({
          response,
          expectedChallenge: ceremony.challenge,
          isTrustedOrigin,
          store
        })
        assert.deepStrictEqual(result, { userId: "u1", credentialId: passkey.credentialId, newCounter: expected })
        assert.strictEqual((yield* store.findByCredentialId(passkey.credentialId))?.counter, expected)
      }
    })
  )

  it.live("works on a trusted domain with its hostname as RP id", () =>
    Effect.gen(function* () {
      const { authenticator, store, passkey } = yield* registered("https://app.example.com")
      assert.strictEqual(passkey.rpId, "app.example.com")
      const { ceremony, response } = yield* signIn(authenticator, "https://app.example.com")
      yield* verifyPasskeyAuthentication({ response, expectedChallenge: ceremony.challenge, isTrustedOrigin, store })
    })
  )

  it.live("a tampered signature fails with PASSKEY_AUTHENTICATION_FAILED and leaves the counter", () =>
    Effect.gen(function* () {
      const { authenticator, store, passkey } = yield* registered()
      const { ceremony, response } = yield* signIn(authenticator)
      const tampered = {
        ...response,
        response: { ...response.response, signature: flipLastByte(response.response.signature) }
      }
      const error = yield* Effect.flip(
        verifyPasskeyAuthentication({
          response: tampered,
          expectedChallenge: ceremony.challenge,
          isTrustedOrigin,
          store
        })
      )
      assert.strictEqual(error._tag, "PasskeyAuthenticationFailed")
      assert.strictEqual((yield* store.findByCredentialId(passkey.credentialId))?.counter, 0)
    })
  )

  it.live("an untrusted origin fails registration and sign-in", () =>
    Effect.gen(function* () {
      const evil = "https://evil.example.net"
      const authenticator = new SoftAuthenticator()
      const ceremony = yield* registrationOptions({
        projectDisplayName: "D",
        userId: "u1",
        userName: "a",
        userDisplayName: "A"
      })
      const response = authenticator.register(withHostname(ceremony.options, "evil.example.net"), evil)
      const regError = yield* Effect.flip(
        verifyPasskeyRegistration({ response, expectedChallenge: ceremony.challenge, userId: "u1", isTrustedOrigin })
      )
      assert.strictEqual(regError._tag, "PasskeyRegistrationFailed")
      assert.include(regError.message, "origin")

      // a localhost credential, asserted on a page that reports the evil origin
      const ok = yield* registered()
      const auth = yield* authenticationOptions()
      const assertion = ok.authenticator.authenticate(
        withHostname(auth.options, "localhost"),
        evil,
        ok.passkey.credentialId
      )
      const authError = yield* Effect.flip(
        verifyPasskeyAuthentication({
          response: assertion,
          expectedChallenge: auth.challenge,
          isTrustedOrigin,
          store: ok.store
        })
      )
      assert.strictEqual(authError._tag, "PasskeyAuthenticationFailed")
    })
  )

  it.live("localhost is refused when the project does not allow it", () =>
    Effect.gen(function* () {
      const { authenticator, store } = yield* registered()
      const { ceremony, response } = yield* signIn(authenticator)
      const strict = trustedOriginPolicy({ allowLocalhost: false, trustedDomains: [] })
      const error = yield* Effect.flip(
        verifyPasskeyAuthentication({ response, expectedChallenge: ceremony.challenge, isTrustedOrigin: strict, store })
      )
      assert.strictEqual(error._tag, "PasskeyAuthenticationFailed")
    })
  )

  it.live("a wrong challenge, an unknown credential, a cloned counter and garbage all fail", () =>
    Effect.gen(function* () {
      const { authenticator, store, passkey } = yield* registered()
      const first = yield* signIn(authenticator)
      const wrongChallenge = yield* Effect.flip(
        verifyPasskeyAuthentication({
          response: first.response,
          expectedChallenge: (yield* authenticationOptions()).challenge,
          isTrustedOrigin,
          store
        })
      )
      assert.strictEqual(wrongChallenge._tag, "PasskeyAuthenticationFailed")

      const other = yield* memoryPasskeyStore
      const unknown = yield* Effect.flip(
        verifyPasskeyAuthentication({
          response: first.response,
          expectedChallenge: first.ceremony.challenge,
          isTrustedOrigin,
          store: other
        })
      )
      assert.include(unknown.message, "not registered")

      const second = yield* signIn(authenticator)
      yield* verifyPasskeyAuthentication({
        response: second.response,
        expectedChallenge: second.ceremony.challenge,
        isTrustedOrigin,
        store
      })
      authenticator.setCounter(passkey.credentialId, 0)
      const replayed = yield* signIn(authenticator)
      const cloned = yield* Effect.flip(
        verifyPasskeyAuthentication({
          response: replayed.response,
          expectedChallenge: replayed.ceremony.challenge,
          isTrustedOrigin,
          store
        })
      )
      assert.strictEqual(cloned._tag, "PasskeyAuthenticationFailed")

      const garbage = yield* Effect.flip(
        verifyPasskeyAuthentication({ response: { id: 1 }, expectedChallenge: "x", isTrustedOrigin, store })
      )
      assert.include(garbage.message, "malformed")
    })
  )

  it.live("registration rejects a response for another challenge", () =>
    Effect.gen(function* () {
      const authenticator = new SoftAuthenticator()
      const ceremony = yield* registrationOptions({
        projectDisplayName: "D",
        userId: "u1",
        userName: "a",
        userDisplayName: "A"
      })
      const other = yield* registrationOptions({
        projectDisplayName: "D",
        userId: "u1",
        userName: "a",
        userDisplayName: "A"
      })
      const response = authenticator.register(withHostname(ceremony.options, "localhost"), origin)
      const error = yield* Effect.flip(
        verifyPasskeyRegistration({ response, expectedChallenge: other.challenge, userId: "u1", isTrustedOrigin })
      )
      assert.strictEqual(error._tag, "PasskeyRegistrationFailed")
      assert.strictEqual(error.code, "PASSKEY_REGISTRATION_FAILED")
    })
  )
})

describe("trustedOriginPolicy", () => {
  it("accepts localhost only when allowed, exact trusted origins and wildcards", () => {
    const policy = trustedOriginPolicy({
      allowLocalhost: true,
      trustedDomains: ["https://app.example.com", "https://*.preview.example.com", "not a url"]
    })
    assert.isTrue(policy("http://localhost:5173"))
    assert.isTrue(policy("http://127.0.0.1:8080"))
    assert.isTrue(policy("https://app.example.com"))
    assert.isTrue(policy("https://pr-12.preview.example.com"))
    assert.isFalse(policy("http://app.example.com"))
    assert.isFalse(policy("https://app.example.com.evil.net"))
    assert.isFalse(policy("https://preview.example.com"))
    assert.isFalse(policy("https://example.com"))
    assert.isFalse(policy("garbage"))
    assert.isFalse(trustedOriginPolicy({ allowLocalhost: false, trustedDomains: [] })("http://localhost:3000"))
  })

  it("reads trusted domains as the config stores them: port wildcards, a port, the default port", () => {
    const policy = trustedOriginPolicy({
      allowLocalhost: false,
      trustedDomains: [
        "https://*.example.com:*",
        "http://localhost:*",
        "http://[::1]:*",
        "https://app.example.org:8443"
      ]
    })
    assert.isTrue(policy("https://app.example.com:4443"))
    assert.isTrue(policy("https://app.example.com"))
    assert.isTrue(policy("http://localhost:5173"))
    assert.isTrue(policy("http://[::1]:3000"))
    assert.isTrue(policy("https://app.example.org:8443"))
    assert.isFalse(policy("https://app.example.org"))
    assert.isFalse(policy("http://app.example.com:4443"))
    assert.isFalse(policy("https://example.com.evil.net:443"))
    assert.isFalse(policy("/relative"))
    assert.isFalse(policy("null"))
  })
})
