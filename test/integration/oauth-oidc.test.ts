/**
 * A standard provider (the project's own client id and secret) through OpenID Connect, against a local
 * provider served by oauth2-mock-server, whose issuer is set with the local backend's provider-issuer endpoint.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { expectStatus, uniqueEmail, useKitBackend, type TestProject } from "../support/local-backend.js"
import { type OidcMock, oidcMock } from "../support/oidc-mock.js"
import { authorizeUrl, Browser, exchangeCode, pkcePair } from "./support/oauth-browser.js"

const backend = useKitBackend()

const REDIRECT = "http://localhost:3000/handler/oauth-callback"
const ERROR_URL = "http://localhost:3000/handler/error"

const googleProject = (issuer: string) =>
  Effect.promise(async () => {
    const project = await backend.createProject({
      config: {
        oauth_providers: [
          { id: "google", type: "standard", client_id: "stackfx-client", client_secret: "stackfx-secret" }
        ]
      }
    })
    const set = await backend.call(project, "PUT", "/local-backend/oauth-providers/google", {
      accessType: "admin",
      body: { issuer: `${issuer}/` }
    })
    expectStatus(set, 200)
    return project
  })

/** authorize -> the mock's authorize endpoint -> the backend's callback -> the client's redirect URI. */
const flow = (project: TestProject) =>
  Effect.promise(async () => {
    const pkce = pkcePair()
    const browser = new Browser()
    const url = authorizeUrl(backend.localBackend(), project, {
      provider: "google",
      redirectUri: REDIRECT,
      errorRedirectUrl: ERROR_URL,
      state: "client-state",
      challenge: pkce.challenge
    })
    const toProvider = await browser.request(url)
    if (toProvider.location === null) throw new Error(`authorize answered ${toProvider.status}: ${toProvider.text}`)
    const providerUrl = new URL(toProvider.location)
    const toCallback = await browser.request(providerUrl.toString())
    const done = await browser.request(toCallback.location ?? "")
    return { providerUrl, landed: new URL(done.location ?? ""), pkce }
  })

const signedUp = (mock: OidcMock, project: TestProject, email: string) =>
  Effect.gen(function* () {
    mock.setTokenClaims({ email, email_verified: true, name: "Grace Hopper" })
    const { providerUrl, landed, pkce } = yield* flow(project)
    assert.strictEqual(providerUrl.origin, mock.issuer)
    assert.strictEqual(providerUrl.searchParams.get("client_id"), "stackfx-client")
    assert.strictEqual(providerUrl.searchParams.get("code_challenge_method"), "S256")
    assert.include(providerUrl.searchParams.get("scope") ?? "", "openid")
    assert.isString(providerUrl.searchParams.get("nonce"))
    assert.strictEqual(landed.searchParams.get("state"), "client-state")
    const tokens = yield* Effect.promise(() =>
      exchangeCode(backend.localBackend(), project, {
        code: landed.searchParams.get("code") ?? "",
        verifier: pkce.verifier,
        redirectUri: REDIRECT
      })
    )
    assert.strictEqual(tokens.status, 200, JSON.stringify(tokens.body))
    return tokens.body as { access_token: string; is_new_user: boolean }
  })

describe("OAuth with a standard OpenID Connect provider", () => {
  it.live("signs up from the verified id_token and keeps the provider's token", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const project = yield* googleProject(mock.issuer)
      const email = uniqueEmail("oidc")
      const tokens = yield* signedUp(mock, project, email)
      assert.isTrue(tokens.is_new_user)
      const me = yield* Effect.promise(() =>
        backend.call(project, "GET", "/users/me", { accessToken: tokens.access_token })
      )
      assert.deepInclude(me.body, { display_name: "Grace Hopper", primary_email: email, primary_email_verified: true })
      assert.deepStrictEqual(me.body.oauth_providers, [{ id: "google", account_id: "johndoe", email }])

      const connected = yield* Effect.promise(() =>
        backend.call(project, "POST", "/connected-accounts/me/google/access-token", {
          accessToken: tokens.access_token,
          body: { scope: "email" }
        })
      )
      assert.strictEqual(connected.status, 201, connected.text)
      assert.match(connected.body.access_token, /^ey/) // the mock's own JWT access token

      const again = yield* signedUp(mock, project, email)
      assert.isFalse(again.is_new_user)
    })
  )

  it.live("refuses an id_token for another client", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const project = yield* googleProject(mock.issuer)
      mock.setTokenClaims({ email: uniqueEmail(), email_verified: true, aud: "someone-else" })
      const { landed } = yield* flow(project)
      assert.strictEqual(`${landed.origin}${landed.pathname}`, ERROR_URL)
      assert.strictEqual(landed.searchParams.get("error"), "OAUTH_PROVIDER_ACCESS_DENIED")
      assert.include(landed.searchParams.get("error_description") ?? "", "id_token")
    })
  )

  it.live("reports an unreachable provider and guards the issuer setting", () =>
    Effect.gen(function* () {
      const project = yield* googleProject("http://127.0.0.1:9")
      const response = yield* Effect.promise(() =>
        fetch(
          authorizeUrl(backend.localBackend(), project, {
            provider: "google",
            redirectUri: REDIRECT,
            state: "s",
            challenge: pkcePair().challenge
          }),
          { redirect: "manual" }
        )
      )
      assert.strictEqual(response.status, 503)
      assert.strictEqual(response.headers.get("x-stack-known-error"), "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE")

      const read = yield* Effect.promise(() =>
        backend.call(project, "GET", "/local-backend/oauth-providers/google", { accessType: "admin" })
      )
      assert.deepStrictEqual(read.body, { provider_id: "google", issuer: "http://127.0.0.1:9" })
      const asClient = yield* Effect.promise(() =>
        backend.call(project, "PUT", "/local-backend/oauth-providers/google", { body: { issuer: null } })
      )
      assert.strictEqual(asClient.knownError, "INSUFFICIENT_ACCESS_TYPE")
      const notUrl = yield* Effect.promise(() =>
        backend.call(project, "PUT", "/local-backend/oauth-providers/google", {
          accessType: "admin",
          body: { issuer: "ftp://x" }
        })
      )
      assert.strictEqual(notUrl.knownError, "SCHEMA_ERROR")
      const cleared = yield* Effect.promise(() =>
        backend.call(project, "PUT", "/local-backend/oauth-providers/google", {
          accessType: "admin",
          body: { issuer: null }
        })
      )
      assert.deepStrictEqual(cleared.body, { provider_id: "google", issuer: null })
    })
  )
})
