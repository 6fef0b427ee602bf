/** Passkey registration and sign-in over real HTTP with a software authenticator. */
import { describe, expect, it } from "vitest"
import { expectStatus, type TestProject, type TestUser, useKitBackend } from "../support/local-backend.js"
import { SoftAuthenticator, withHostname } from "../support/soft-authenticator.js"

const backend = useKitBackend()

const SENTINEL = "THIS_VALUE_WILL_BE_REPLACED.example.com"

const origin = () => `http://localhost:${new URL(backend.localBackend().url).port}`

const passkeyProject = (config: Record<string, unknown> = {}) =>
  backend.createProject({ config: { passkey_enabled: true, ...config } })

const register = async (
  project: TestProject,
  user: TestUser,
  authenticator: SoftAuthenticator,
  pageOrigin = origin()
) => {
  const started = expectStatus(
    await backend.call(project, "POST", "/auth/passkey/initiate-passkey-registration", {
      accessToken: user.accessToken,
      body: {}
    }),
    200
  )
  expect(started.body.options_json.rp.id).toBe(SENTINEL)
  const credential = authenticator.register(
    withHostname(started.body.options_json, new URL(pageOrigin).hostname),
    pageOrigin
  )
  return {
    credential,
    result: await backend.call(project, "POST", "/auth/passkey/register", {
      accessToken: user.accessToken,
      body: { credential, code: started.body.code }
    })
  }
}

/** `rpHost` differs from the page's host only when a test plays a page lying about where it runs. */
const signIn = async (
  project: TestProject,
  authenticator: SoftAuthenticator,
  pageOrigin = origin(),
  rpHost = new URL(pageOrigin).hostname
) => {
  const started = expectStatus(
    await backend.call(project, "POST", "/auth/passkey/initiate-passkey-authentication", { body: {} }),
    200
  )
  expect(started.body.options_json.rpId).toBe(SENTINEL)
  const response = authenticator.authenticate(withHostname(started.body.options_json, rpHost), pageOrigin)
  const body = { authentication_response: response, code: started.body.code }
  return { body, result: await backend.call(project, "POST", "/auth/passkey/sign-in", { body }) }
}

describe("passkeys", () => {
  it("registers a passkey and signs in with it", async () => {
    const project = await passkeyProject()
    const user = await backend.signUp(project)
    const authenticator = new SoftAuthenticator()
    const { credential, result } = await register(project, user, authenticator)
    expect(expectStatus(result, 200).body).toEqual({ user_handle: credential.id })
    const me = expectStatus(await backend.call(project, "GET", "/users/me", { accessToken: user.accessToken }), 200)
    expect(me.body.passkey_auth_enabled).toBe(true)

    const { body, result: signedIn } = await signIn(project, authenticator)
    expect(expectStatus(signedIn, 200).body).toMatchObject({ user_id: user.userId, is_new_user: false })
    const viaPasskey = expectStatus(
      await backend.call(project, "GET", "/users/me", { accessToken: signedIn.body.access_token }),
      200
    )
    expect(viaPasskey.body.id).toBe(user.userId)

    // the ceremony's code is single use
    expect((await backend.call(project, "POST", "/auth/passkey/sign-in", { body })).knownError).toBe(
      "VERIFICATION_CODE_ALREADY_USED"
    )
  })

  it("refuses untrusted origins, clones and unknown passkeys", async () => {
    const project = await passkeyProject({
      allow_localhost: false,
      domains: [{ domain: "https://app.example.com", handler_path: "/handler" }]
    })
    const user = await backend.signUp(project)
    const authenticator = new SoftAuthenticator()
    const local = await register(project, user, authenticator)
    expect(local.result.knownError).toBe("PASSKEY_REGISTRATION_FAILED")
    expect(local.result.body.error).toContain("origin")

    const trusted = await register(project, user, authenticator, "https://app.example.com")
    expectStatus(trusted.result, 200)
    expectStatus(await signIn(project, authenticator, "https://app.example.com").then((r) => r.result), 200)
    const evil = await signIn(project, authenticator, "https://evil.example.com", "app.example.com")
    expect(evil.result.knownError).toBe("PASSKEY_AUTHENTICATION_FAILED")
    expect(evil.result.body.error).toContain("origin")

    // a cloned authenticator shows up as a counter that goes back
    authenticator.setCounter(trusted.credential.id, 0)
    const cloned = await signIn(project, authenticator, "https://app.example.com")
    expect(cloned.result.knownError).toBe("PASSKEY_AUTHENTICATION_FAILED")

    const unknown = new SoftAuthenticator()
    unknown.register(
      {
        rp: { name: "Elsewhere", id: "app.example.com" },
        user: { id: "c29tZW9uZQ", name: "someone", displayName: "someone" },
        challenge: "AAAA",
        pubKeyCredParams: [{ type: "public-key", alg: -7 }]
      },
      "https://app.example.com"
    )
    const stranger = await signIn(project, unknown, "https://app.example.com")
    expect(stranger.result.knownError).toBe("PASSKEY_AUTHENTICATION_FAILED")
    expect(stranger.result.body.error).toContain("not registered")
  })

  it("replaces the previous passkey, and needs a signed-in user to register", async () => {
    const project = await passkeyProject()
    const user = await backend.signUp(project)
    const first = new SoftAuthenticator()
    const second = new SoftAuthenticator()
    expectStatus((await register(project, user, first)).result, 200)
    expectStatus((await register(project, user, second)).result, 200)
    expect((await signIn(project, first)).result.knownError).toBe("PASSKEY_AUTHENTICATION_FAILED")
    expectStatus((await signIn(project, second)).result, 200)

    const anonymous = await backend.call(project, "POST", "/auth/passkey/initiate-passkey-registration", { body: {} })
    // The service's request schema requires a user: its SCHEMA_ERROR.
    expect(anonymous.knownError).toBe("SCHEMA_ERROR")
    expect(anonymous.body.details.message).toContain("auth.user must be defined")
    const badCode = await backend.call(project, "POST", "/auth/passkey/register", {
      accessToken: user.accessToken,
      body: { credential: {}, code: "nope" }
    })
    expect(badCode.knownError).toBe("VERIFICATION_CODE_NOT_FOUND")
    const noCredential = await backend.call(project, "POST", "/auth/passkey/register", {
      accessToken: user.accessToken,
      body: { code: "nope" }
    })
    expect(noCredential.knownError).toBe("SCHEMA_ERROR")

    // a code issued to one user is worthless to another
    const other = await backend.signUp(project)
    const started = expectStatus(
      await backend.call(project, "POST", "/auth/passkey/initiate-passkey-registration", {
        accessToken: user.accessToken,
        body: {}
      }),
      200
    )
    const credential = new SoftAuthenticator().register(withHostname(started.body.options_json, "localhost"), origin())
    const stolen = await backend.call(project, "POST", "/auth/passkey/register", {
      accessToken: other.accessToken,
      body: { credential, code: started.body.code }
    })
    expect(stolen.knownError).toBe("VERIFICATION_CODE_NOT_FOUND")
  })

  it("turned off by the project or the user", async () => {
    const closed = await passkeyProject({ passkey_enabled: false })
    const user = await backend.signUp(closed)
    expect(
      (
        await backend.call(closed, "POST", "/auth/passkey/initiate-passkey-registration", {
          accessToken: user.accessToken,
          body: {}
        })
      ).knownError
    ).toBe("PASSKEY_AUTHENTICATION_NOT_ENABLED")
    expect(
      (await backend.call(closed, "POST", "/auth/passkey/initiate-passkey-authentication", { body: {} })).knownError
    ).toBe("PASSKEY_AUTHENTICATION_NOT_ENABLED")

    const project = await passkeyProject()
    const owner = await backend.signUp(project)
    const authenticator = new SoftAuthenticator()
    expectStatus((await register(project, owner, authenticator)).result, 200)
    expectStatus(
      await backend.call(project, "PATCH", "/users/me", {
        accessToken: owner.accessToken,
        body: { passkey_auth_enabled: false }
      }),
      200
    )
    expect((await signIn(project, authenticator)).result.knownError).toBe("PASSKEY_AUTHENTICATION_FAILED")
  })

  it("asks a user with TOTP for the second factor", async () => {
    const project = await passkeyProject()
    const user = await backend.signUp(project)
    const authenticator = new SoftAuthenticator()
    expectStatus((await register(project, user, authenticator)).result, 200)
    const secret = Buffer.from("12345678901234567890").toString("base64")
    expectStatus(
      await backend.call(project, "PATCH", "/users/me", {
        accessToken: user.accessToken,
        body: { totp_secret_base64: secret }
      }),
      200
    )
    const { result } = await signIn(project, authenticator)
    expect(result.knownError).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    expect(typeof result.body.details.attempt_code).toBe("string")
  })
})
