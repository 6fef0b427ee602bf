/**
 * Requests the hosted service refuses: keys its schemas do not declare (SCHEMA_ERROR, "<where> contains unknown
 * properties: ..."), URL fields that are not absolute URLs (SCHEMA_ERROR) or not on a trusted domain
 * (REDIRECT_URL_NOT_WHITELISTED); and a primary e-mail the user already has as another channel, which the
 * hosted service makes primary.
 */
import { assert, describe, it } from "@effect/vitest"
import { expectStatus, uniqueEmail, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

describe("refused input", () => {
  it("refuses body keys a route does not declare, nested ones too, naming them", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const top = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { display_name: "Ada", auth_with_email: true, nickname: "a" }
    })
    assert.strictEqual(top.status, 400)
    assert.strictEqual(top.body.code, "SCHEMA_ERROR")
    assert.include(top.body.details.message, "body contains unknown properties: auth_with_email, nickname")

    const nested = await backend.call(project, "POST", "/users", {
      accessType: "server",
      body: {
        primary_email: uniqueEmail("n"),
        oauth_providers: [{ id: "github", account_id: "1", email: null, extra: 1 }]
      }
    })
    assert.strictEqual(nested.status, 400)
    assert.strictEqual(nested.body.code, "SCHEMA_ERROR")
    assert.include(nested.body.details.message, "body.oauth_providers[0] contains unknown properties: extra")

    // Metadata is free JSON: its keys are the developer's own.
    const metadata = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { client_metadata: { anything: { goes: true } } }
    })
    assert.strictEqual(metadata.status, 200)
  })

  it("refuses query keys a route does not declare", async () => {
    const project = await backend.createProject()
    const answer = await backend.call(project, "GET", "/users?limit=2&include_everyone=true", { accessType: "server" })
    assert.strictEqual(answer.status, 400)
    assert.strictEqual(answer.body.code, "SCHEMA_ERROR")
    assert.include(answer.body.details.message, "query contains unknown properties: include_everyone")
  })

  it("wants the sign-up verification callback absolute, then trusted", async () => {
    const project = await backend.createProject()
    const signUp = (url: string) =>
      backend.call(project, "POST", "/auth/password/sign-up", {
        body: { email: uniqueEmail("v"), password: "correct horse battery", verification_callback_url: url }
      })
    const relative = await signUp("/handler/email-verification")
    assert.strictEqual(relative.status, 400)
    assert.strictEqual(relative.body.code, "SCHEMA_ERROR")
    assert.include(relative.body.details.message, "body.verification_callback_url")
    const untrusted = await signUp("https://evil.example/handler/email-verification")
    assert.strictEqual(untrusted.status, 400)
    assert.strictEqual(untrusted.body.code, "REDIRECT_URL_NOT_WHITELISTED")
    const spaced = await signUp("http://localhost:3000/a b")
    assert.strictEqual(spaced.body.code, "SCHEMA_ERROR")
    const fine = await signUp("http://localhost:3000/handler/email-verification")
    assert.strictEqual(fine.status, 200)
  })

  it("wants emailed-link callback URLs absolute", async () => {
    const project = await backend.createProject()
    const answer = await backend.call(project, "POST", "/auth/password/send-reset-code", {
      body: { email: uniqueEmail("r"), callback_url: "/handler/password-reset" }
    })
    assert.strictEqual(answer.status, 400)
    assert.strictEqual(answer.body.code, "SCHEMA_ERROR")
    assert.include(answer.body.details.message, "body.callback_url")
  })

  it("makes an address the user already has the primary one, keeping the old primary as another channel", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const second = uniqueEmail("second")
    expectStatus(
      await backend.call(project, "POST", "/contact-channels", {
        accessToken: user.accessToken,
        body: { user_id: "me", type: "email", value: second, used_for_auth: false, is_primary: false }
      }),
      201
    )
    const patched = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { primary_email: second }
    })
    assert.strictEqual(patched.status, 200, JSON.stringify(patched.body))
    assert.strictEqual(patched.body.primary_email, second)
    const channels = expectStatus(
      await backend.call(project, "GET", "/contact-channels?user_id=me", { accessToken: user.accessToken }),
      200
    )
    const primary = channels.body.items.filter((c: { is_primary: boolean }) => c.is_primary)
    assert.deepStrictEqual(
      primary.map((c: { value: string }) => c.value),
      [second]
    )
    assert.strictEqual(channels.body.items.length, 2)
    assert.isTrue(channels.body.items.some((c: { value: string }) => c.value === user.email))
  })
})
