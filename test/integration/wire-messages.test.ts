/**
 * Error bodies on the wire say what the hosted service says: known errors raised by the local backend carry
 * the hosted message (with what the request told it), and a path no route serves gets the hosted
 * plain-text 404 page.
 */
import { assert, describe, it } from "@effect/vitest"
import { useLocalBackend } from "../support/local-backend.js"

const backend = useLocalBackend()

describe("error bodies as the hosted service sends them", () => {
  it("answers 'me' without a signed-in user with the hosted message", async () => {
    const res = await backend.call(backend.internal(), "GET", "/users/me")
    assert.strictEqual(res.status, 400)
    assert.deepStrictEqual(res.body, {
      code: "CANNOT_GET_OWN_USER_WITHOUT_USER",
      error: "You have specified 'me' as a userId, but did not provide authentication for a user."
    })
  })

  it("names the bad access type it was sent", async () => {
    const res = await backend.call(backend.internal(), "GET", "/users/me", {
      headers: { "x-stack-access-type": "superuser" }
    })
    assert.strictEqual(res.status, 400)
    assert.deepStrictEqual(res.body, {
      code: "INVALID_ACCESS_TYPE",
      error:
        "The x-hexclave-access-type header must be 'client', 'server', or 'admin', but was 'superuser'. (The legacy " +
        "x-stack-access-type header is also accepted.)"
    })
  })

  it("tells where the REST authentication docs are when the project id is missing", async () => {
    const res = await backend.call(backend.internal(), "GET", "/projects/current", {
      headers: { "x-stack-project-id": undefined }
    })
    assert.strictEqual(res.status, 400)
    assert.deepStrictEqual(res.body, {
      code: "ACCESS_TYPE_WITHOUT_PROJECT_ID",
      details: { request_type: "client" },
      error:
        "The x-hexclave-access-type header was 'client', but the x-hexclave-project-id header was not provided. " +
        "(The legacy x-stack-access-type and x-stack-project-id headers are also accepted.)\n\n" +
        "For more information, see the docs on REST API authentication: " +
        "https://docs.hexclave.com/api/overview#authentication"
    })
  })

  it("answers an unknown API path with the hosted plain-text 404 naming the URL", async () => {
    const res = await backend.call(backend.internal(), "POST", "/no-such-route/here?x=1", { body: {} })
    // An ordinary answer, not an error: the override header leaves its status alone.
    assert.strictEqual(res.httpStatus, 404)
    assert.isUndefined(res.body)
    assert.strictEqual(
      res.text,
      "404 — this page does not exist in Hexclave's API.\n\n" +
        "Please see the API documentation at https://docs.hexclave.com, or visit the Hexclave dashboard at " +
        "https://app.hexclave.com.\n\n" +
        `URL: ${backend.localBackend().apiUrl}/no-such-route/here?x=1`
    )
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain/)
  })

  it("answers plain-text errors with the hosted text", async () => {
    const project = await backend.createProject({ config: { magic_link_enabled: false } })
    const user = await backend.signUp(project)
    const cases = [
      {
        what: "a one-time code where magic links are off",
        res: await backend.call(project, "POST", "/auth/otp/send-sign-in-code", {
          body: { email: user.email, callback_url: "http://localhost:3000/handler/magic-link-callback" }
        }),
        status: 403,
        text: "OTP sign-in is not enabled for this project"
      },
      {
        what: "an email theme that does not exist",
        res: await backend.call(project, "PATCH", "/internal/projects/current", {
          accessType: "admin",
          body: { config: { email_theme: "7b3f1f4e-0000-4000-8000-000000000000" } }
        }),
        status: 400,
        text: "Invalid email theme"
      },
      {
        what: "a contact channel the user already has",
        res: await backend.call(project, "POST", "/contact-channels", {
          accessToken: user.accessToken,
          body: { user_id: "me", type: "email", value: user.email, used_for_auth: false }
        }),
        status: 400,
        text: "Contact channel already exists"
      },
      {
        what: "a client listing every team",
        res: await backend.call(project, "GET", "/teams", { accessToken: user.accessToken }),
        status: 403,
        text: 'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user'
      }
    ]
    for (const { what, res, status, text } of cases) {
      assert.strictEqual(res.status, status, `${what}: ${res.text}`)
      assert.isNull(res.knownError, what)
      assert.strictEqual(res.text, text, what)
    }
  })
})
