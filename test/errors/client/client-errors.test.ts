import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  DuplicateApp,
  HttpError,
  InvalidFreshness,
  InvalidTokenString,
  JwtVerificationError,
  MissingConfiguration,
  NetworkError,
  NoAccessToken,
  NotSignedIn,
  OAuthCallbackError,
  RedirectNotTrusted,
  WebAuthnError
} from "../../../src/errors/index.js"

describe("client-side errors", () => {
  it("carry the hosted SDK's messages", () => {
    assert.strictEqual(new NotSignedIn().message, "User is not signed in but getUser was called with { or: 'throw' }")
    assert.strictEqual(new NoAccessToken().message, "No access token available")
    assert.strictEqual(new OAuthCallbackError({}).message, "Error signing in during OAuth callback. Please try again.")
    const expected = {
      WEBAUTHN_UNSUPPORTED: "WebAuthn is not supported in this browser",
      REGISTRATION_NOT_COMPLETED: "Registration was not completed",
      AUTHENTICATION_NOT_COMPLETED: "Authentication was not completed",
      REGISTRATION_INITIATION_FAILED: "Failed to get initiation options for passkey registration",
      REGISTRATION_FAILED: "Failed to start passkey registration",
      AUTHENTICATION_INITIATION_FAILED: "Failed to get initiation options for passkey authentication",
      AUTHENTICATION_FAILED: "Failed to sign in with passkey"
    } as const
    for (const [code, message] of Object.entries(expected)) {
      assert.strictEqual(new WebAuthnError({ code: code as keyof typeof expected }).message, message)
    }
    assert.include(new WebAuthnError({ code: "ERROR_CEREMONY_ABORTED" }).message, "ERROR_CEREMONY_ABORTED")
  })

  it("say what is wrong", () => {
    const redirect = new RedirectNotTrusted({ url: "https://evil.example/x" })
    assert.include(redirect.message, "https://evil.example/x")
    assert.include(redirect.message, "not trusted")
    assert.include(redirect.message, "should be relative")
    assert.include(new MissingConfiguration({ which: "projectId" }).message, "STACK_PROJECT_ID")
    assert.include(new MissingConfiguration({ which: "secretServerKey" }).message, "STACK_SECRET_SERVER_KEY")
    assert.include(new InvalidFreshness({ requiredFreshnessMs: 60000 }).message, "60000")
    assert.include(new InvalidTokenString().message, "'undefined'")
    assert.include(new DuplicateApp({ uniqueIdentifier: "app-1" }).message, "app-1")
    assert.include(new JwtVerificationError({ reason: "exp claim is in the past" }).message, "exp claim")
    const http = new HttpError({ status: 418, body: "x".repeat(2000), method: "GET", url: "https://api/x" })
    assert.include(http.message, "418")
    assert.isBelow(http.message.length, 600)
    assert.strictEqual(http.body.length, 2000)
    const network = new NetworkError({
      method: "GET",
      url: "https://api/x",
      causeMessage: "fetch failed",
      attempts: 6,
      diagnostics: { offline: true, message: "You appear to be offline.", checks: [{ url: "https://t", ok: false }] }
    })
    assert.include(network.message, "6 attempt")
    assert.include(network.message, "offline")
  })

  it.effect("are tagged, yieldable errors", () =>
    Effect.gen(function* () {
      const e = yield* Effect.flip(Effect.fail(new NotSignedIn()))
      assert.strictEqual(e._tag, "NotSignedIn")
      const caught = yield* Effect.fail(new RedirectNotTrusted({ url: "//x" })).pipe(
        Effect.catchTag("RedirectNotTrusted", (r) => Effect.succeed(r.url))
      )
      assert.strictEqual(caught, "//x")
    })
  )
})
