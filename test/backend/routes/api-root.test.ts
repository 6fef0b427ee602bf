import { assert, describe, it } from "@effect/vitest"
import { useLocalBackend } from "../../support/local-backend.js"

const backend = useLocalBackend()

const WELCOME = "Welcome to the Hexclave API endpoint! Please refer to the documentation at https://docs.hexclave.com."

describe("GET /api/v1", () => {
  it("answers a request without project headers with the welcome text", async () => {
    const res = await backend.call(backend.internal(), "GET", "", { accessType: "none" })
    assert.strictEqual(res.status, 200)
    assert.strictEqual(res.text, `${WELCOME}\n\nAuthentication: None`)
  })

  it("names the access type, the project and the signed-in user", async () => {
    const project = await backend.createProject()
    const client = await backend.call(project, "GET", "", { accessType: "client" })
    assert.strictEqual(client.text, `${WELCOME}\n\nAuthentication: Client\n  Project: ${project.id}\n  User: None`)
    const admin = await backend.call(project, "GET", "", { accessType: "admin" })
    assert.include(admin.text, "Authentication: Admin\n")
    const user = await backend.signUp(project)
    const signedIn = await backend.call(project, "GET", "", { accessToken: user.accessToken, accessType: "server" })
    assert.strictEqual(
      signedIn.text,
      `${WELCOME}\n\nAuthentication: Server\n  Project: ${project.id}\n  User: ${user.email}`
    )
  })

  it("refuses an access type without a project id", async () => {
    const res = await backend.call(backend.internal(), "GET", "", { headers: { "x-stack-project-id": undefined } })
    assert.strictEqual(res.status, 400)
    assert.strictEqual(res.knownError, "ACCESS_TYPE_WITHOUT_PROJECT_ID")
    assert.deepStrictEqual(res.body.details, { request_type: "client" })
  })

  it("checks the keys like every endpoint", async () => {
    const project = await backend.createProject()
    const wrongKey = await backend.call(project, "GET", "", {
      headers: { "x-stack-publishable-client-key": "publish-key" }
    })
    assert.strictEqual(wrongKey.status, 401)
    assert.strictEqual(wrongKey.knownError, "INVALID_PUBLISHABLE_CLIENT_KEY")
    assert.deepStrictEqual(wrongKey.body.details, { project_id: project.id })
    const noServerKey = await backend.call(project, "GET", "", {
      accessType: "server",
      headers: { "x-stack-secret-server-key": "" }
    })
    assert.strictEqual(noServerKey.status, 401)
    assert.strictEqual(noServerKey.knownError, "SERVER_AUTHENTICATION_REQUIRED")
  })

  it("refuses query parameters, naming them", async () => {
    const res = await backend.call(backend.internal(), "GET", "?extra=param", { accessType: "none" })
    assert.strictEqual(res.status, 400)
    assert.strictEqual(res.knownError, "SCHEMA_ERROR")
    assert.strictEqual(
      res.body.details.message,
      "Request validation failed on GET /api/v1:\n  - query contains unknown properties: extra"
    )
  })
})

describe("the testing kit's control routes", () => {
  // Only a backend the kit starts in test mode has them (backend/src/testing/control-server.ts).
  it("are not there in a normal start, whatever secret a request carries", async () => {
    for (const secret of [undefined, "guess"]) {
      const response = await fetch(`${backend.localBackend().url}/__stackfx-test/projects`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(secret === undefined ? {} : { "x-stackfx-test-secret": secret })
        },
        body: JSON.stringify({ displayName: "Not allowed", config: {} })
      })
      assert.strictEqual(response.status, 404)
    }
  })
})
