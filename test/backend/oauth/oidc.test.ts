import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { newCodeVerifier, s256Challenge } from "../../../backend/src/oauth/protocol/pkce.js"
import {
  authorizationUrl,
  discover,
  knownIssuer,
  oidcErrorToKnown,
  type OidcDiscovery
} from "../../../backend/src/oauth/protocol/oidc.js"
import { completeOidcSignIn, verifyIdToken } from "../../../backend/src/oauth/protocol/oidc-sign-in.js"
import { type OidcMock, oidcMock } from "../../support/oidc-mock.js"

const clientId = "stackfx-client"
const clientSecret = "stackfx-secret"
const redirectUri = "http://127.0.0.1:8102/api/v1/auth/oauth/callback/google"

/** Run the browser half against the mock: the code for a fresh authorization request. */
const authorize = (mock: OidcMock, discovery: OidcDiscovery, options: { nonce?: string; verifier?: string } = {}) =>
  Effect.promise(() =>
    mock.authorize(
      authorizationUrl(discovery, {
        clientId,
        redirectUri,
        scope: "email profile",
        state: "inner-state",
        nonce: options.nonce,
        codeChallenge: options.verifier === undefined ? undefined : s256Challenge(options.verifier)
      })
    )
  )

const signIn = (mock: OidcMock, options: { nonce?: string; sentNonce?: string } = {}) =>
  Effect.gen(function* () {
    const discovery = yield* discover(mock.issuer)
    const verifier = yield* newCodeVerifier
    const { code, state } = yield* authorize(mock, discovery, {
      verifier,
      ...(options.sentNonce === undefined ? {} : { nonce: options.sentNonce })
    })
    assert.strictEqual(state, "inner-state")
    return yield* completeOidcSignIn(discovery, {
      providerId: "google",
      clientId,
      clientSecret,
      code,
      redirectUri,
      codeVerifier: verifier,
      nonce: options.nonce
    })
  })

describe("OpenID Connect against a local provider", () => {
  it.live("discovery reads the endpoints and checks the issuer", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const discovery = yield* discover(`${mock.issuer}/`)
      assert.strictEqual(discovery.issuer, mock.issuer)
      assert.strictEqual(discovery.token_endpoint, `${mock.issuer}/token`)
      assert.strictEqual(discovery.jwks_uri, `${mock.issuer}/jwks`)
      const port = new URL(mock.issuer).port
      const wrong = yield* Effect.flip(discover(`http://localhost:${port}`))
      assert.strictEqual(wrong.stage, "discovery")
      assert.include(wrong.message, "issuer")
      assert.strictEqual(oidcErrorToKnown(wrong)._tag, "OAuthProviderTemporarilyUnavailable")
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )

  it.live("code exchange with PKCE and nonce gives the identity from the verified id_token", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      mock.setTokenClaims({
        email: "ada@example.com",
        email_verified: true,
        name: "Ada Lovelace",
        picture: "https://img.test/ada.png"
      })
      const identity = yield* signIn(mock, { nonce: "n-123", sentNonce: "n-123" })
      assert.deepStrictEqual(
        { ...identity, accessToken: identity.accessToken.length > 0, refreshToken: identity.refreshToken !== null },
        {
          providerId: "google",
          accountId: "johndoe",
          email: "ada@example.com",
          displayName: "Ada Lovelace",
          emailVerified: true,
          profileImageUrl: "https://img.test/ada.png",
          accessToken: true,
          refreshToken: true,
          scopes: ["dummy"] // what the mock says it granted
        }
      )
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )

  it.live("the userinfo endpoint fills in what the id_token lacks", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      mock.setUserinfo({ sub: "johndoe", email: "info@example.com", name: "From Userinfo" })
      const identity = yield* signIn(mock)
      assert.strictEqual(identity.email, "info@example.com")
      assert.strictEqual(identity.displayName, "From Userinfo")
      assert.isFalse(identity.emailVerified)
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )

  it.live("a userinfo subject that differs from the id_token is refused", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      mock.setUserinfo({ sub: "somebody-else", email: "x@example.com" })
      const error = yield* Effect.flip(signIn(mock))
      assert.strictEqual(error.stage, "userinfo")
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )

  it.live("a nonce mismatch, a foreign audience and an expired id_token are refused", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const nonce = yield* Effect.flip(signIn(mock, { nonce: "expected", sentNonce: "other" }))
      assert.strictEqual(nonce.stage, "id_token")
      assert.include(nonce.message, "nonce")
      const missingNonce = yield* Effect.flip(signIn(mock, { nonce: "expected" }))
      assert.strictEqual(missingNonce.stage, "id_token")

      mock.setTokenClaims({ aud: "another-client" })
      const audience = yield* Effect.flip(signIn(mock))
      assert.strictEqual(audience.stage, "id_token")
      assert.strictEqual(oidcErrorToKnown(audience)._tag, "OAuthProviderAccessDenied")

      const past = Math.floor(Date.now() / 1000) - 3600
      mock.setTokenClaims({ exp: past, iat: past - 60 })
      const expired = yield* Effect.flip(signIn(mock))
      assert.strictEqual(expired.stage, "id_token")
      assert.match(expired.message, /exp/)
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )

  it.live("a tampered id_token fails its signature check; a good one passes verifyIdToken", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const discovery = yield* discover(mock.issuer)
      const good = yield* Effect.promise(() =>
        mock.server.issuer.buildToken({ scopesOrTransform: (_h, p) => Object.assign(p, { sub: "u1", aud: clientId }) })
      )
      const claims = yield* verifyIdToken(discovery, { idToken: good, clientId })
      assert.strictEqual(claims.sub, "u1")
      const [header, payload, signature] = good.split(".")
      const forged = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), sub: "admin" })
      ).toString("base64url")
      const error = yield* Effect.flip(
        verifyIdToken(discovery, { idToken: `${header}.${forged}.${signature}`, clientId })
      )
      assert.strictEqual(error.stage, "id_token")
      assert.match(error.message, /signature/i)
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )

  it.live("a rejected code is invalid_grant, a wrong PKCE verifier is refused by the provider", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const discovery = yield* discover(mock.issuer)
      const verifier = yield* newCodeVerifier
      const { code } = yield* authorize(mock, discovery, { verifier })
      const wrongVerifier = yield* Effect.flip(
        completeOidcSignIn(discovery, {
          providerId: "google",
          clientId,
          clientSecret,
          code,
          redirectUri,
          codeVerifier: yield* newCodeVerifier
        })
      )
      assert.strictEqual(wrongVerifier.stage, "token")
      assert.strictEqual(wrongVerifier.providerError, "invalid_request")

      mock.server.service.once("beforeResponse", (response: { statusCode: number; body: unknown }) => {
        response.statusCode = 400
        response.body = { error: "invalid_grant", error_description: "The code was already used." }
      })
      const second = yield* authorize(mock, discovery, { verifier })
      const rejected = yield* Effect.flip(
        completeOidcSignIn(discovery, {
          providerId: "google",
          clientId,
          clientSecret,
          code: second.code,
          redirectUri,
          codeVerifier: verifier
        })
      )
      assert.strictEqual(rejected.providerError, "invalid_grant")
      assert.strictEqual(rejected.message, "The code was already used.")
      assert.strictEqual(oidcErrorToKnown(rejected)._tag, "InvalidAuthorizationCode")
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )

  it.live("an unreachable issuer is a discovery error", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(discover("http://127.0.0.1:1"))
      assert.strictEqual(error.stage, "discovery")
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )
})

describe("authorization URL", () => {
  const discovery: OidcDiscovery = {
    issuer: "https://id.example.com",
    authorization_endpoint: "https://id.example.com/authorize?tenant=x",
    token_endpoint: "https://id.example.com/token",
    jwks_uri: "https://id.example.com/jwks"
  }

  it("carries client, redirect, openid scope, state, nonce and the S256 challenge", () => {
    const url = new URL(
      authorizationUrl(discovery, {
        clientId: "cid",
        redirectUri: "http://cb.test/x",
        scope: "email",
        state: "st",
        nonce: "nn",
        codeChallenge: "ch",
        extraParams: { prompt: "consent", state: "ignored" }
      })
    )
    assert.strictEqual(url.searchParams.get("tenant"), "x")
    assert.strictEqual(url.searchParams.get("response_type"), "code")
    assert.strictEqual(url.searchParams.get("client_id"), "cid")
    assert.strictEqual(url.searchParams.get("redirect_uri"), "http://cb.test/x")
    assert.strictEqual(url.searchParams.get("scope"), "openid email")
    assert.strictEqual(url.searchParams.get("state"), "st")
    assert.strictEqual(url.searchParams.get("nonce"), "nn")
    assert.strictEqual(url.searchParams.get("code_challenge"), "ch")
    assert.strictEqual(url.searchParams.get("code_challenge_method"), "S256")
    assert.strictEqual(url.searchParams.get("prompt"), "consent")
  })

  it("knows the issuers of well-known providers", () => {
    assert.strictEqual(knownIssuer("google"), "https://accounts.google.com")
    assert.strictEqual(
      knownIssuer("microsoft", { microsoftTenantId: "t1" }),
      "https://login.microsoftonline.com/t1/v2.0"
    )
    assert.isUndefined(knownIssuer("github"))
  })
})
