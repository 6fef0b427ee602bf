import { assert, describe, it } from "@effect/vitest"
import { useEmulator } from "../../support/emulator.js"

const backend = useEmulator()

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
  it("refuses a refresh token the project does not know, or one already signed out", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const bad = await backend.call(project, "DELETE", "/auth/sessions/current", {
      accessToken: user.accessToken,
      refreshToken: "something-invalid"
    })
    assert.strictEqual(bad.status, 401)
    assert.strictEqual(bad.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
    // The session of the bad call is untouched.
    const live = await backend.call(project, "POST", "/auth/sessions/current/refresh", {
      refreshToken: user.refreshToken
    })
    assert.strictEqual(live.status, 200)

    const first = await backend.call(project, "DELETE", "/auth/sessions/current", { refreshToken: user.refreshToken })
    assert.strictEqual(first.status, 200)
    const second = await backend.call(project, "DELETE", "/auth/sessions/current", { refreshToken: user.refreshToken })
    assert.strictEqual(second.status, 401)
    assert.strictEqual(second.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
  })
})
