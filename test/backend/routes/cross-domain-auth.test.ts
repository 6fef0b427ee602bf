/**
 * `POST /auth/oauth/cross-domain/authorize`, as the hosted service answers it (its own end-to-end tests,
 * apps/e2e/tests/backend/endpoints/api/v1/auth/oauth/cross-domain-authorize.test.ts): a one-time code for
 * the signed-in user, redeemed with PKCE at the token endpoint; untrusted URLs, a missing user and a
 * session that does not match are refused before any code is issued.
 */
import { assert, describe, it } from "@effect/vitest"
import { s256Challenge } from "../../../backend/src/oauth/protocol/pkce.js"
import { type TestProject, type TestUser, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const verifier = "W2LPAD4M4ES-3wBjzU6J5ApykmuxQy5VTs3oSmtboDM"
const redirectUri = "https://app.example.com/handler/oauth-callback?stack_cross_domain_auth=1"
const afterCallback = "https://app.example.com/after-sign-in"

const trustedProject = () =>
  backend.createProject({
    config: { allow_localhost: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] }
  })

const authorize = (
  project: TestProject,
  tokens: { readonly accessToken?: string; readonly refreshToken?: string },
  body: Record<string, unknown> = {}
) =>
  backend.call(project, "POST", "/auth/oauth/cross-domain/authorize", {
    ...tokens,
    body: {
      redirect_uri: redirectUri,
      state: "cross-domain-state",
      code_challenge: s256Challenge(verifier),
      code_challenge_method: "S256",
      after_callback_redirect_url: afterCallback,
      ...body
    }
  })

const exchange = async (project: TestProject, code: string, codeVerifier = verifier) => {
  const response = await fetch(`${backend.localBackend().apiUrl}/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
      client_id: project.id,
      client_secret: project.publishableClientKey
    })
  })
  return {
    status: response.status,
    knownError: response.headers.get("x-stack-known-error"),
    body: await response.json()
  }
}

const codeOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get("code") ?? ""

const signedIn = (user: TestUser) => ({ accessToken: user.accessToken, refreshToken: user.refreshToken })

describe("POST /auth/oauth/cross-domain/authorize", () => {
  it("issues a one-time code for the redirect URI, which signs the same user in once with the PKCE verifier", async () => {
    const project = await trustedProject()
    const user = await backend.signUp(project)
    const res = await authorize(project, signedIn(user))
    assert.strictEqual(res.status, 200)
    assert.deepStrictEqual(Object.keys(res.body), ["redirect_url"])
    const target = new URL(res.body.redirect_url)
    assert.strictEqual(target.origin + target.pathname, "https://app.example.com/handler/oauth-callback")
    assert.strictEqual(target.searchParams.get("state"), "cross-domain-state")
    assert.strictEqual(target.searchParams.get("stack_cross_domain_auth"), "1")

    const tokens = await exchange(project, codeOf(res.body.redirect_url))
    assert.strictEqual(tokens.status, 200)
    assert.strictEqual(tokens.body.after_callback_redirect_url, afterCallback)
    const me = await backend.call(project, "GET", "/users/me", { accessToken: tokens.body.access_token })
    assert.strictEqual(me.body.id, user.userId)

    const again = await exchange(project, codeOf(res.body.redirect_url))
    assert.strictEqual(again.status, 400)
    assert.strictEqual(again.knownError, "INVALID_AUTHORIZATION_CODE")
  })

  it("refuses the code with another PKCE verifier", async () => {
    const project = await trustedProject()
    const res = await authorize(project, signedIn(await backend.signUp(project)))
    const tokens = await exchange(project, codeOf(res.body.redirect_url), "this-is-an-invalid-pkce-verifier")
    assert.strictEqual(tokens.knownError, "INVALID_AUTHORIZATION_CODE")
  })

  it("refuses an untrusted redirect URI or after-callback URL before issuing a code", async () => {
    const project = await trustedProject()
    const user = await backend.signUp(project)
    for (const body of [
      { redirect_uri: "https://evil.example.com/oauth/callback" },
      { after_callback_redirect_url: "https://evil.example.com/post-auth" }
    ]) {
      const res = await authorize(project, signedIn(user), body)
      assert.strictEqual(res.status, 400)
      assert.strictEqual(res.knownError, "REDIRECT_URL_NOT_WHITELISTED")
    }
  })

  it("accepts a native app's own callback URL without a trusted domain", async () => {
    const project = await trustedProject()
    const res = await authorize(project, signedIn(await backend.signUp(project)), {
      redirect_uri: "stack-auth-mobile-oauth-url://callback"
    })
    assert.strictEqual(res.status, 200)
    assert.isTrue(res.body.redirect_url.startsWith("stack-auth-mobile-oauth-url://callback"))
  })

  it("needs a signed-in user: no tokens, or only a refresh token, is USER_AUTHENTICATION_REQUIRED", async () => {
    const project = await trustedProject()
    const user = await backend.signUp(project)
    for (const tokens of [{}, { refreshToken: user.refreshToken }]) {
      const res = await authorize(project, tokens)
      assert.strictEqual(res.status, 401)
      assert.strictEqual(res.knownError, "USER_AUTHENTICATION_REQUIRED")
    }
  })

  it("needs the current refresh token, and refuses one of another session", async () => {
    const project = await trustedProject()
    const user = await backend.signUp(project)
    const missing = await authorize(project, { accessToken: user.accessToken })
    assert.strictEqual(missing.status, 400)
    assert.strictEqual(missing.text, "Cross-domain auth handoff requires passing the current refresh token.")
    const other = await backend.signUp(project)
    for (const refreshToken of ["this-refresh-token-does-not-match-the-current-session", other.refreshToken]) {
      const res = await authorize(project, { accessToken: user.accessToken, refreshToken })
      assert.strictEqual(res.status, 401)
      assert.strictEqual(res.text, "Cross-domain auth handoff refresh token does not match the authenticated session.")
    }
  })

  it("refuses a session that has ended", async () => {
    const project = await trustedProject()
    const user = await backend.signUp(project)
    await backend.call(project, "DELETE", "/auth/sessions/current", signedIn(user))
    const res = await authorize(project, signedIn(user))
    assert.strictEqual(res.status, 401)
    assert.strictEqual(res.text, "Cross-domain auth handoff refresh token is not valid.")
  })
})
