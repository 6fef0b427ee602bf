import { assert, describe, it } from "@effect/vitest"
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  WebAuthnError as SimpleWebAuthnError,
  type WebAuthnErrorCode as SimpleWebAuthnErrorCode
} from "@simplewebauthn/browser"
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential
} from "@simplewebauthn/server"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import fc from "fast-check"
import { Passkeys } from "../../../src/services/generated/passkey.js"
import { PASSKEY_RP_ID_PLACEHOLDER } from "../../../src/domain/api.js"
import type { PasskeyRegistrationFailure, PasskeySignInFailure } from "../../../src/services/passkeys/passkey.js"
import { WebAuthn, type WebAuthnBrowser } from "../../../src/services/passkeys/passkey-ceremony.js"
import { registrationOptionsFor } from "../../../src/services/passkeys/passkey-options.js"
import { Session } from "../../../src/services/session/session.js"
import type { StoredTokens } from "../../../src/services/session/token-store.js"
import { SoftAuthenticator } from "../../support/soft-authenticator.js"
import { clientPipeline } from "../support/client-pipeline.js"
import {
  type Handler,
  json,
  knownErrorReply,
  type LocalServer,
  localServer,
  type Recorded,
  unsignedJwt
} from "../support/local-server.js"

const HOST = "app.example.com"
const ORIGIN = `https://${HOST}`
// Valid for a long while, so no refresh happens before the calls under test.
const accessToken = unsignedJwt({ sub: "user-1", exp: 4_000_000_000 })
const signedIn: StoredTokens = { accessToken, refreshToken: "refresh-1" }

/** A fake passkey service: real SimpleWebAuthn options and verification, with the hosted RP-id placeholder. */
const passkeyService = (overrides: Partial<Record<string, (request: Recorded) => unknown>> = {}) => {
  let registrationChallenge = ""
  let authenticationChallenge = ""
  let stored: WebAuthnCredential | undefined
  const verified: Array<string> = []
  const handler: Handler = async (request) => {
    const path = request.url.replace("/api/v1", "")
    const override = overrides[path]
    if (override !== undefined) return override(request) as ReturnType<Handler>
    if (!path.startsWith("/auth/passkey/")) return { status: 404, body: "not found" }
    const body: Record<string, unknown> = request.body === "" ? {} : JSON.parse(request.body)
    switch (path) {
      case "/auth/passkey/initiate-passkey-registration": {
        const options = await generateRegistrationOptions({
          rpName: "Demo",
          rpID: PASSKEY_RP_ID_PLACEHOLDER,
          userID: new TextEncoder().encode("user-1"),
          userName: "ada@example.com",
          authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
          timeout: 60_000
        })
        registrationChallenge = options.challenge
        return json({ options_json: options, code: "reg-code" })
      }
      case "/auth/passkey/register": {
        assert.strictEqual(body.code, "reg-code")
        const result = await verifyRegistrationResponse({
          response: body.credential as RegistrationResponseJSON,
          expectedChallenge: registrationChallenge,
          expectedOrigin: ORIGIN,
          expectedRPID: HOST,
          requireUserVerification: false
        })
        if (!result.verified) return knownErrorReply("PASSKEY_REGISTRATION_FAILED", 400)
        stored = result.registrationInfo.credential
        verified.push("registration")
        return json({ user_handle: stored.id })
      }
      case "/auth/passkey/initiate-passkey-authentication": {
        const options = await generateAuthenticationOptions({ rpID: PASSKEY_RP_ID_PLACEHOLDER, allowCredentials: [] })
        authenticationChallenge = options.challenge
        return json({ options_json: options, code: "auth-code" })
      }
      case "/auth/passkey/sign-in": {
        assert.strictEqual(body.code, "auth-code")
        if (stored === undefined) return knownErrorReply("PASSKEY_AUTHENTICATION_FAILED", 400)
        const result = await verifyAuthenticationResponse({
          response: body.authentication_response as AuthenticationResponseJSON,
          expectedChallenge: authenticationChallenge,
          expectedOrigin: ORIGIN,
          expectedRPID: HOST,
          credential: stored,
          requireUserVerification: false
        })
        if (!result.verified) return knownErrorReply("PASSKEY_AUTHENTICATION_FAILED", 400)
        verified.push("authentication")
        return json({ access_token: "pk-access", refresh_token: "pk-refresh", user_id: "user-1", is_new_user: false })
      }
      default:
        return { status: 404, body: "not found" }
    }
  }
  return { handler, verified }
}

interface Ceremonies {
  readonly registrations: Array<PublicKeyCredentialCreationOptionsJSON>
  readonly authentications: Array<PublicKeyCredentialRequestOptionsJSON>
}

/** The browser, with a software authenticator doing the ceremonies (or `fail` rejecting them). */
const fakeBrowser = (
  overrides: Partial<WebAuthnBrowser> = {},
  authenticator = new SoftAuthenticator()
): WebAuthnBrowser & Ceremonies => {
  const registrations: Array<PublicKeyCredentialCreationOptionsJSON> = []
  const authentications: Array<PublicKeyCredentialRequestOptionsJSON> = []
  return {
    registrations,
    authentications,
    isSupported: () => true,
    hostname: () => HOST,
    startRegistration: async (options) => {
      registrations.push(options)
      return authenticator.register(options, ORIGIN)
    },
    startAuthentication: async (options) => {
      authentications.push(options)
      return authenticator.authenticate(options, ORIGIN)
    },
    ...overrides
  }
}

const withPasskeys = <A, E>(
  handler: Handler,
  browser: WebAuthnBrowser | undefined,
  use: (server: LocalServer) => Effect.Effect<A, E, Passkeys | Session>,
  tokens: StoredTokens = signedIn
) =>
  Effect.scoped(
    Effect.gen(function* () {
      const server = yield* localServer(handler)
      const layer = Passkeys.layer.pipe(Layer.provideMerge(clientPipeline(server.baseUrl, tokens)))
      const program = use(server).pipe(Effect.provide(layer))
      return yield* browser === undefined ? program : Effect.provideService(program, WebAuthn, browser)
    })
  )

const paths = (server: LocalServer) => server.requests.map((r) => r.url.replace("/api/v1", ""))

describe("passkey registration and sign-in", () => {
  it.live("registers with the hostname as relying party, then signs in and starts the session", () => {
    const service = passkeyService()
    const browser = fakeBrowser()
    return withPasskeys(service.handler, browser, (server) =>
      Effect.gen(function* () {
        const passkeys = yield* Passkeys
        yield* passkeys.register
        assert.strictEqual(browser.registrations[0]?.rp.id, HOST)
        assert.strictEqual(browser.registrations[0]?.authenticatorSelection?.residentKey, "required")
        assert.strictEqual(browser.registrations[0]?.timeout, 60_000)
        const register = server.requests[1]!
        assert.deepStrictEqual(Object.keys(JSON.parse(register.body)).sort(), ["code", "credential"])
        assert.strictEqual(register.headers["x-hexclave-access-token"], accessToken)

        const result = yield* passkeys.signIn
        assert.deepStrictEqual(result, { userId: "user-1", isNewUser: false })
        assert.strictEqual(browser.authentications[0]?.rpId, HOST)
        assert.deepStrictEqual(Object.keys(JSON.parse(server.requests[3]!.body)).sort(), [
          "authentication_response",
          "code"
        ])
        assert.deepStrictEqual(service.verified, ["registration", "authentication"])
        assert.deepStrictEqual(paths(server), [
          "/auth/passkey/initiate-passkey-registration",
          "/auth/passkey/register",
          "/auth/passkey/initiate-passkey-authentication",
          "/auth/passkey/sign-in"
        ])
        const state = yield* (yield* Session).state
        assert.deepStrictEqual(state, {
          _tag: "Active",
          accessToken: "pk-access",
          refreshToken: "pk-refresh",
          accessTokenExpired: false
        })
      })
    )
  })

  it.live("a relying-party id other than the placeholder is refused before any ceremony", () =>
    Effect.gen(function* () {
      const browser = fakeBrowser()
      const service = passkeyService({
        "/auth/passkey/initiate-passkey-registration": () =>
          Effect.runPromise(
            Effect.promise(() =>
              generateRegistrationOptions({
                rpName: "D",
                rpID: "evil.example.com",
                userID: new Uint8Array([1]),
                userName: "a"
              })
            ).pipe(Effect.map((options) => json({ options_json: options, code: "c" })))
          ),
        "/auth/passkey/initiate-passkey-authentication": () =>
          json({ options_json: { challenge: "abc", rpId: "evil.example.com" }, code: "c" })
      })
      yield* withPasskeys(service.handler, browser, (server) =>
        Effect.gen(function* () {
          const passkeys = yield* Passkeys
          const reg = yield* Effect.flip(passkeys.register)
          assert.strictEqual(reg._tag, "WebAuthnError")
          if (reg._tag === "WebAuthnError") {
            assert.strictEqual(reg.code, "REGISTRATION_INITIATION_FAILED")
            assert.match(
              reg.message,
              /^Failed to get initiation options for passkey registration: .*evil\.example\.com/
            )
          }
          const auth = yield* Effect.flip(passkeys.signIn)
          assert.strictEqual(auth._tag === "WebAuthnError" ? auth.code : auth._tag, "AUTHENTICATION_INITIATION_FAILED")
          assert.match(auth.message, /^Failed to get initiation options for passkey authentication/)
          assert.strictEqual(browser.registrations.length + browser.authentications.length, 0)
          assert.deepStrictEqual(paths(server), [
            "/auth/passkey/initiate-passkey-registration",
            "/auth/passkey/initiate-passkey-authentication"
          ])
        })
      )
    })
  )

  it.live("a user id outside 1..64 bytes is refused with ERROR_INVALID_USER_ID_LENGTH", () =>
    Effect.gen(function* () {
      for (const bytes of [0, 65]) {
        const browser = fakeBrowser()
        const service = passkeyService({
          "/auth/passkey/initiate-passkey-registration": () =>
            json({
              options_json: {
                rp: { id: PASSKEY_RP_ID_PLACEHOLDER, name: "D" },
                user: { id: Buffer.alloc(bytes, 7).toString("base64url"), name: "a", displayName: "A" },
                challenge: "Y2hhbGxlbmdl",
                pubKeyCredParams: [{ alg: -7, type: "public-key" }]
              },
              code: "c"
            })
        })
        yield* withPasskeys(service.handler, browser, () =>
          Effect.gen(function* () {
            const error = yield* Effect.flip((yield* Passkeys).register)
            assert.strictEqual(error._tag === "WebAuthnError" ? error.code : error._tag, "ERROR_INVALID_USER_ID_LENGTH")
            assert.strictEqual(browser.registrations.length, 0)
          })
        )
      }
    })
  )

  it("the user-id bound is exactly 1..64 bytes and the hostname replaces the placeholder", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 130 }), fc.domain(), (n, hostname) => {
        const options = {
          rp: { id: PASSKEY_RP_ID_PLACEHOLDER, name: "D" },
          user: { id: Buffer.alloc(n, 1).toString("base64url"), name: "a", displayName: "A" },
          challenge: "abc",
          pubKeyCredParams: [{ alg: -7, type: "public-key" as const }],
          timeout: 1234
        }
        const result = registrationOptionsFor(options, hostname)
        assert.strictEqual(result._tag === "Success", n >= 1 && n <= 64)
        if (result._tag === "Success")
          assert.deepStrictEqual(result.success, { ...options, rp: { id: hostname, name: "D" } })
        else assert.strictEqual(result.failure.code, "ERROR_INVALID_USER_ID_LENGTH")
      })
    )
  })

  it.live("without WebAuthn support (or a page hostname) nothing is sent", () =>
    Effect.gen(function* () {
      const browsers: ReadonlyArray<WebAuthnBrowser | undefined> = [
        fakeBrowser({ isSupported: () => false }),
        fakeBrowser({ hostname: () => undefined }),
        // The default: SimpleWebAuthn in Node, where there is no PublicKeyCredential.
        undefined
      ]
      for (const browser of browsers) {
        yield* withPasskeys(passkeyService().handler, browser, (server) =>
          Effect.gen(function* () {
            const passkeys = yield* Passkeys
            const attempts: ReadonlyArray<Effect.Effect<unknown, PasskeyRegistrationFailure | PasskeySignInFailure>> = [
              passkeys.register,
              passkeys.signIn
            ]
            for (const attempt of attempts) {
              const error = yield* Effect.flip(attempt)
              assert.strictEqual(error._tag === "WebAuthnError" ? error.code : error._tag, "WEBAUTHN_UNSUPPORTED")
              assert.strictEqual(error.message, "WebAuthn is not supported in this browser")
            }
            assert.strictEqual(server.requests.length, 0)
          })
        )
      }
    })
  )
})

describe("ceremony errors", () => {
  const codes: ReadonlyArray<SimpleWebAuthnErrorCode> = [
    "ERROR_CEREMONY_ABORTED",
    "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT",
    "ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE",
    "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT",
    "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
    "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY",
    "ERROR_MALFORMED_PUBKEYCREDPARAMS",
    "ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG",
    "ERROR_INVALID_DOMAIN",
    "ERROR_INVALID_RP_ID",
    "ERROR_INVALID_USER_ID_LENGTH",
    "ERROR_AUTHENTICATOR_GENERAL_ERROR"
  ]

  /** Runs both flows with ceremonies that reject with `error` (or resolve to `value`). */
  const bothFlowsWith = (outcome: () => Promise<never>) =>
    Effect.gen(function* () {
      const browser = fakeBrowser({ startRegistration: outcome, startAuthentication: outcome })
      return yield* withPasskeys(passkeyService().handler, browser, (server) =>
        Effect.gen(function* () {
          const passkeys = yield* Passkeys
          const reg = yield* Effect.flip(passkeys.register)
          const auth = yield* Effect.flip(passkeys.signIn)
          // A failed ceremony sends nothing further.
          assert.deepStrictEqual(paths(server), [
            "/auth/passkey/initiate-passkey-registration",
            "/auth/passkey/initiate-passkey-authentication"
          ])
          if (reg._tag !== "WebAuthnError" || auth._tag !== "WebAuthnError")
            return assert.fail(`${reg._tag} ${auth._tag}`)
          return { reg, auth }
        })
      )
    })

  it.live("every SimpleWebAuthn code keeps its code and message", () =>
    Effect.gen(function* () {
      for (const code of codes) {
        const { reg, auth } = yield* bothFlowsWith(() =>
          Promise.reject(new SimpleWebAuthnError({ code, message: `browser said ${code}`, cause: new Error("x") }))
        )
        assert.deepStrictEqual([reg.code, reg.message], [code, `browser said ${code}`])
        assert.deepStrictEqual([auth.code, auth.message], [code, `browser said ${code}`])
      }
    })
  )

  it.live("a ceremony that ends without a credential is 'not completed'", () =>
    Effect.gen(function* () {
      const thrown = yield* bothFlowsWith(() => Promise.reject(new Error("Registration was not completed")))
      assert.deepStrictEqual(
        [thrown.reg.code, thrown.reg.message],
        ["REGISTRATION_NOT_COMPLETED", "Registration was not completed"]
      )
      const thrownAuth = yield* bothFlowsWith(() => Promise.reject(new Error("Authentication was not completed")))
      assert.deepStrictEqual(
        [thrownAuth.auth.code, thrownAuth.auth.message],
        ["AUTHENTICATION_NOT_COMPLETED", "Authentication was not completed"]
      )
      const empty = yield* bothFlowsWith(() => Promise.resolve(undefined as never))
      assert.strictEqual(empty.reg.message, "Registration was not completed")
      assert.strictEqual(empty.auth.message, "Authentication was not completed")
    })
  )

  it.live("anything else is the hosted SDK's generic failure of the flow", () =>
    Effect.gen(function* () {
      for (const error of [new TypeError("boom"), "a string", null]) {
        const { reg, auth } = yield* bothFlowsWith(() => Promise.reject(error))
        assert.deepStrictEqual([reg.code, reg.message], ["REGISTRATION_FAILED", "Failed to start passkey registration"])
        assert.deepStrictEqual([auth.code, auth.message], ["AUTHENTICATION_FAILED", "Failed to sign in with passkey"])
      }
    })
  )

  it.live("initiation answers that are not ceremony options are initiation failures", () =>
    withPasskeys(
      passkeyService({
        "/auth/passkey/initiate-passkey-registration": () => json({ options: {} }),
        "/auth/passkey/initiate-passkey-authentication": () =>
          json({ options_json: { rpId: PASSKEY_RP_ID_PLACEHOLDER }, code: 1 })
      }).handler,
      fakeBrowser(),
      () =>
        Effect.gen(function* () {
          const passkeys = yield* Passkeys
          const reg = yield* Effect.flip(passkeys.register)
          assert.strictEqual(reg._tag === "WebAuthnError" ? reg.code : reg._tag, "REGISTRATION_INITIATION_FAILED")
          assert.match(reg.message, /^Failed to get initiation options for passkey registration/)
          const auth = yield* Effect.flip(passkeys.signIn)
          assert.strictEqual(auth._tag === "WebAuthnError" ? auth.code : auth._tag, "AUTHENTICATION_INITIATION_FAILED")
        })
    )
  )
})

describe("known errors of the passkey calls", () => {
  it.live("initiation, registration and sign-in errors stay typed; MFA carries the attempt code", () =>
    Effect.gen(function* () {
      yield* withPasskeys(
        passkeyService({
          "/auth/passkey/initiate-passkey-registration": () =>
            knownErrorReply("PASSKEY_AUTHENTICATION_NOT_ENABLED", 400),
          "/auth/passkey/initiate-passkey-authentication": () => knownErrorReply("USER_NOT_FOUND", 404)
        }).handler,
        fakeBrowser(),
        () =>
          Effect.gen(function* () {
            const passkeys = yield* Passkeys
            assert.strictEqual((yield* Effect.flip(passkeys.register))._tag, "PasskeyAuthenticationNotEnabled")
            assert.strictEqual((yield* Effect.flip(passkeys.signIn))._tag, "UnexpectedKnownError")
          })
      )

      yield* withPasskeys(
        passkeyService({
          "/auth/passkey/register": () => knownErrorReply("PASSKEY_REGISTRATION_FAILED", 400),
          "/auth/passkey/sign-in": () =>
            knownErrorReply("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, { details: { attempt_code: "attempt-9" } })
        }).handler,
        fakeBrowser(),
        () =>
          Effect.gen(function* () {
            const passkeys = yield* Passkeys
            assert.strictEqual((yield* Effect.flip(passkeys.register))._tag, "PasskeyRegistrationFailed")
            const mfa = yield* Effect.flip(passkeys.signIn)
            assert.strictEqual(mfa._tag, "MultiFactorAuthenticationRequired")
            if (mfa._tag === "MultiFactorAuthenticationRequired")
              assert.strictEqual(mfa.details.attempt_code, "attempt-9")
            // No session change: the signed-in tokens are the ones the test started with.
            const state = yield* (yield* Session).state
            assert.strictEqual(state._tag === "Active" ? state.accessToken : null, accessToken)
          })
      )
    })
  )
})
