import { assert, describe, it } from "@effect/vitest"
import { expectStatus, uniqueEmail, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const refresh = async (projectId: string, clientSecret: string, refreshToken: string) => {
  const response = await fetch(`${backend.localBackend().apiUrl}/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: projectId,
      client_secret: clientSecret
    })
  })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

describe("password sign-up, sign-in, refresh and sign-out", () => {
  it("signs up, reads the user, signs in again, refreshes and signs out", async () => {
    const project = await backend.createProject()
    const email = uniqueEmail()
    const signUp = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: { email, password: "password-123" }
    })
    assert.strictEqual(signUp.status, 200)
    assert.deepStrictEqual(Object.keys(signUp.body).sort(), ["access_token", "refresh_token", "user_id"])

    const me = await backend.call(project, "GET", "/users/me", { accessToken: signUp.body.access_token })
    assert.strictEqual(me.status, 200)
    assert.strictEqual(me.body.id, signUp.body.user_id)
    assert.strictEqual(me.body.primary_email, email)
    assert.strictEqual(me.body.has_password, true)
    assert.strictEqual(me.body.auth_with_email, true)
    assert.isUndefined(me.body.server_metadata, "the client view has no server fields")
    assert.strictEqual(me.headers.get("cache-control"), "no-store")

    const signIn = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email, password: "password-123" }
    })
    assert.strictEqual(signIn.status, 200)
    assert.strictEqual(signIn.body.user_id, signUp.body.user_id)
    assert.notStrictEqual(signIn.body.refresh_token, signUp.body.refresh_token)

    const refreshed = await refresh(project.id, project.publishableClientKey, signIn.body.refresh_token)
    assert.strictEqual(refreshed.status, 200)
    assert.strictEqual(refreshed.body.token_type, "Bearer")
    assert.strictEqual(refreshed.body.expires_in, 600)
    assert.strictEqual(refreshed.body.refresh_token, signIn.body.refresh_token, "refresh tokens do not rotate")
    const again = await backend.call(project, "GET", "/users/me", { accessToken: refreshed.body.access_token })
    assert.strictEqual(again.body.id, signUp.body.user_id)

    const signOut = await backend.call(project, "DELETE", "/auth/sessions/current", {
      accessToken: refreshed.body.access_token,
      refreshToken: signIn.body.refresh_token
    })
    assert.strictEqual(signOut.status, 200)
    assert.deepStrictEqual(signOut.body, { success: true })

    const revoked = await refresh(project.id, project.publishableClientKey, signIn.body.refresh_token)
    assert.strictEqual(revoked.status, 401)
    assert.strictEqual(revoked.body.code, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
    assert.strictEqual(revoked.headers.get("x-stack-known-error"), "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")

    // the sign-up session is still alive: sign-out revokes one session only
    const other = await refresh(project.id, project.publishableClientKey, signUp.body.refresh_token)
    assert.strictEqual(other.status, 200)

    // a second sign-out with the ended session's access token is refused as the hosted service refuses it (the
    // client tier still ends its session on this answer)
    const twice = await backend.call(project, "DELETE", "/auth/sessions/current", {
      accessToken: refreshed.body.access_token
    })
    assert.strictEqual(twice.status, 401)
    assert.strictEqual(twice.body.code, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
  })

  it("rejects a wrong password and an unknown email with the same error", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    for (const body of [
      { email: user.email, password: "wrong-password" },
      { email: uniqueEmail(), password: user.password }
    ]) {
      const result = await backend.call(project, "POST", "/auth/password/sign-in", { body })
      assert.strictEqual(result.status, 400)
      assert.strictEqual(result.httpStatus, 200, "the override header turns 4xx into 200")
      assert.strictEqual(result.knownError, "EMAIL_PASSWORD_MISMATCH")
      assert.deepStrictEqual(result.body, { code: "EMAIL_PASSWORD_MISMATCH", error: "Wrong e-mail or password." })
    }
  })

  it("signs in with the email in another case", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project, { email: uniqueEmail("MixedCase") })
    const result = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email: user.email.toUpperCase(), password: user.password }
    })
    assert.strictEqual(result.status, 200)
    assert.strictEqual(result.body.user_id, user.userId)
  })

  it("refuses a second account with the same email", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const result = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: { email: user.email, password: "another-password" }
    })
    assert.strictEqual(result.status, 409)
    assert.strictEqual(result.body.code, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")
    assert.deepStrictEqual(result.body.details, {
      type: "email",
      contact_channel_value: user.email,
      would_work_if_email_was_verified: false
    })
  })

  it("reports password length errors with their details", async () => {
    const project = await backend.createProject()
    const short = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: { email: uniqueEmail(), password: "1234567" }
    })
    assert.strictEqual(short.status, 400)
    assert.deepStrictEqual(short.body, {
      code: "PASSWORD_TOO_SHORT",
      details: { min_length: 8 },
      error: "Password too short. Minimum length is 8."
    })
    const long = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: { email: uniqueEmail(), password: "x".repeat(71) }
    })
    assert.strictEqual(long.status, 400)
    assert.strictEqual(long.body.code, "PASSWORD_TOO_LONG")
    assert.deepStrictEqual(long.body.details, { maxLength: 70 })
    const edges = await Promise.all(
      [8, 70].map((length) =>
        backend.call(project, "POST", "/auth/password/sign-up", {
          body: { email: uniqueEmail(), password: "y".repeat(length) }
        })
      )
    )
    assert.deepStrictEqual(
      edges.map((r) => r.status),
      [200, 200]
    )
  })

  it("answers SIGN_UP_NOT_ENABLED and PASSWORD_AUTHENTICATION_NOT_ENABLED", async () => {
    const closed = await backend.createProject({ config: { sign_up_enabled: false } })
    const signUp = await backend.call(closed, "POST", "/auth/password/sign-up", {
      body: { email: uniqueEmail(), password: "password-123" }
    })
    assert.strictEqual(signUp.status, 400)
    assert.strictEqual(signUp.body.code, "SIGN_UP_NOT_ENABLED")
    assert.strictEqual(
      signUp.body.error,
      "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it."
    )

    const noPasswords = await backend.createProject({ config: { credential_enabled: false } })
    for (const path of ["/auth/password/sign-up", "/auth/password/sign-in"]) {
      const result = await backend.call(noPasswords, "POST", path, {
        body: { email: uniqueEmail(), password: "password-123" }
      })
      assert.strictEqual(result.body.code, "PASSWORD_AUTHENTICATION_NOT_ENABLED", path)
    }
  })

  it("refuses a verification callback URL outside the trusted domains", async () => {
    const project = await backend.createProject({
      config: { allow_localhost: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] }
    })
    const bad = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: {
        email: uniqueEmail(),
        password: "password-123",
        verification_callback_url: "https://evil.example.org/verify"
      }
    })
    assert.strictEqual(bad.body.code, "REDIRECT_URL_NOT_WHITELISTED")
    const good = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: {
        email: uniqueEmail(),
        password: "password-123",
        verification_callback_url: "https://app.example.com/handler/email-verification"
      }
    })
    assert.strictEqual(good.status, 200)
  })

  it("asks for MFA when the user has a TOTP secret", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const patched = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { totp_secret_base64: Buffer.from("12345678901234567890").toString("base64") }
    })
    assert.strictEqual(patched.body.requires_totp_mfa, true)
    const result = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email: user.email, password: user.password }
    })
    assert.strictEqual(result.status, 400)
    assert.strictEqual(result.body.code, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    assert.isString(result.body.details.attempt_code)
    assert.isAbove(result.body.details.attempt_code.length, 20)
  })

  it("creates a personal team on sign-up when the project says so", async () => {
    const project = await backend.createProject({ config: { create_team_on_sign_up: true } })
    const user = await backend.signUp(project)
    const me = await backend.call(project, "GET", "/users/me", { accessToken: user.accessToken })
    assert.isString(me.body.selected_team_id)
    assert.strictEqual(me.body.selected_team.display_name, `${user.email}'s Team`)
    const plain = await backend.createProject()
    const other = await backend.signUp(plain)
    const otherMe = await backend.call(plain, "GET", "/users/me", { accessToken: other.accessToken })
    assert.isNull(otherMe.body.selected_team_id)
    assert.isNull(otherMe.body.selected_team)
  })
})

describe("the refresh grant", () => {
  it("checks the client id and secret", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const wrongSecret = await refresh(project.id, "not-the-key", user.refreshToken)
    assert.strictEqual(wrongSecret.status, 400)
    assert.strictEqual(wrongSecret.body.code, "INVALID_OAUTH_CLIENT_ID_OR_SECRET")
    const otherProject = await refresh(
      backend.internal().id,
      backend.internal().publishableClientKey,
      user.refreshToken
    )
    assert.strictEqual(otherProject.status, 401)
    assert.strictEqual(otherProject.body.code, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
    const unknown = await refresh(project.id, project.publishableClientKey, "no-such-token")
    assert.strictEqual(unknown.body.code, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
  })

  it("takes the public-client sentinel as the secret unless the project requires a publishable key", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const accepted = await refresh(project.id, "__stack_public_client__", user.refreshToken)
    assert.strictEqual(accepted.status, 200)
    assert.isString(accepted.body.access_token)

    const required = await backend.call(project, "PATCH", "/internal/config/override/project", {
      accessType: "admin",
      body: { config_override_string: JSON.stringify({ "project.requirePublishableClientKey": true }) }
    })
    expectStatus(required, 200)
    const refused = await refresh(project.id, "__stack_public_client__", user.refreshToken)
    assert.strictEqual(refused.status, 401)
    assert.strictEqual(refused.body.code, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT")
    const withKey = await refresh(project.id, project.publishableClientKey, user.refreshToken)
    assert.strictEqual(withKey.status, 200)
    const wrongKey = await refresh(project.id, "not-the-key", user.refreshToken)
    assert.strictEqual(wrongKey.body.code, "INVALID_OAUTH_CLIENT_ID_OR_SECRET")
  })

  it("answers OAuth errors for unsupported grants and missing fields", async () => {
    const project = await backend.createProject()
    const response = await fetch(`${backend.localBackend().apiUrl}/auth/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: project.id,
        client_secret: project.publishableClientKey
      })
    })
    assert.strictEqual(response.status, 400)
    assert.strictEqual((await response.json()).error, "unsupported_grant_type")
    const missing = await fetch(`${backend.localBackend().apiUrl}/auth/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: project.id,
        client_secret: project.publishableClientKey
      })
    })
    assert.strictEqual((await missing.json()).error, "invalid_request")
  })
})
