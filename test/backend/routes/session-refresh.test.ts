import { assert, describe, it } from "@effect/vitest"
import { useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

describe("POST /auth/sessions/current/refresh", () => {
  it("gives a new access token for the refresh token header", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const res = await backend.call(project, "POST", "/auth/sessions/current/refresh", {
      refreshToken: user.refreshToken
    })
    assert.strictEqual(res.status, 200)
    assert.deepStrictEqual(Object.keys(res.body), ["access_token"])
    const me = await backend.call(project, "GET", "/users/me", { accessToken: res.body.access_token })
    assert.strictEqual(me.status, 200)
    assert.strictEqual(me.body.id, user.userId)
  })

  it("refuses an unknown refresh token and one of another project", async () => {
    const project = await backend.createProject()
    const other = await backend.createProject()
    const user = await backend.signUp(other)
    for (const refreshToken of ["something-invalid", user.refreshToken]) {
      const res = await backend.call(project, "POST", "/auth/sessions/current/refresh", { refreshToken })
      assert.strictEqual(res.status, 401)
      assert.strictEqual(res.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
    }
  })

  it("refuses a signed-out session", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const signOut = await backend.call(project, "DELETE", "/auth/sessions/current", {
      accessToken: user.accessToken,
      refreshToken: user.refreshToken
    })
    assert.strictEqual(signOut.status, 200)
    assert.deepStrictEqual(signOut.body, { success: true })
    const res = await backend.call(project, "POST", "/auth/sessions/current/refresh", {
      refreshToken: user.refreshToken
    })
    assert.strictEqual(res.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
  })

  it("needs the refresh token header", async () => {
    const project = await backend.createProject()
    const res = await backend.call(project, "POST", "/auth/sessions/current/refresh")
    assert.strictEqual(res.status, 400)
    assert.strictEqual(res.knownError, "SCHEMA_ERROR")
    assert.include(res.body.details.message, "headers.x-stack-refresh-token must be defined")
  })
})

describe("DELETE /auth/sessions/current", () => {
  it("ends the access token's session, whatever refresh token is sent beside it", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const other = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email: user.email, password: user.password }
    })
    assert.strictEqual(other.status, 200)
    // The refresh token header names the other session: the access token's session ends, not that one.
    const out = await backend.call(project, "DELETE", "/auth/sessions/current", {
      accessToken: user.accessToken,
      refreshToken: other.body.refresh_token
    })
    assert.strictEqual(out.status, 200)
    const ended = await backend.call(project, "POST", "/auth/sessions/current/refresh", {
      refreshToken: user.refreshToken
    })
    assert.strictEqual(ended.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
    const kept = await backend.call(project, "POST", "/auth/sessions/current/refresh", {
      refreshToken: other.body.refresh_token
    })
    assert.strictEqual(kept.status, 200)
    // Its session is over: again is REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED.
    const again = await backend.call(project, "DELETE", "/auth/sessions/current", { accessToken: user.accessToken })
    assert.strictEqual(again.status, 401)
    assert.strictEqual(again.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
  })

  it("refuses a sign-out without an access token as the service does (ACCESS_TOKEN_EXPIRED)", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const result = await backend.call(project, "DELETE", "/auth/sessions/current", { refreshToken: user.refreshToken })
    assert.strictEqual(result.status, 401)
    assert.strictEqual(result.knownError, "ACCESS_TOKEN_EXPIRED")
    assert.isNumber(result.body.details.expired_at_millis)
    // The refresh token's session is untouched.
    const live = await backend.call(project, "POST", "/auth/sessions/current/refresh", {
      refreshToken: user.refreshToken
    })
    assert.strictEqual(live.status, 200)
  })
})
