import { assert, describe, it } from "@effect/vitest"
import { useEmulator } from "../../support/emulator.js"

const backend = useEmulator()

const patchCurrent = (project: Parameters<typeof backend.call>[0], body: unknown) =>
  backend.call(project, "PATCH", "/projects/current", { accessType: "admin", body })

const schemaLines = (...lines: ReadonlyArray<string>) =>
  `Request validation failed on PATCH /api/v1/projects/current:\n${lines.map((l) => `  - ${l}`).join("\n")}`

describe("the admin view of a project", () => {
  it("has an empty description rather than none, and OAuth providers sorted by id", async () => {
    const project = await backend.createProject({
      config: {
        oauth_providers: [
          { id: "spotify", type: "shared", enabled: true },
          { id: "github", type: "standard", enabled: false, client_id: "cid", client_secret: "secret" },
          { id: "google", type: "shared", enabled: true }
        ]
      }
    })
    const admin = await backend.call(project, "GET", "/projects/current", { accessType: "admin" })
    assert.strictEqual(admin.body.description, "")
    assert.deepStrictEqual(admin.body.config.oauth_providers.map((p: { id: string }) => p.id), ["github", "google", "spotify"])
    assert.deepStrictEqual(admin.body.config.enabled_oauth_providers, [{ id: "google" }, { id: "spotify" }])
    const client = await backend.call(project, "GET", "/projects/current", { accessType: "client" })
    assert.deepStrictEqual(client.body.config.enabled_oauth_providers, [{ id: "google" }, { id: "spotify" }])
    const cleared = await patchCurrent(project, { description: null })
    assert.strictEqual(cleared.body.description, "")
  })

  it("accepts production mode whatever the domains (the admin client checks them first)", async () => {
    const project = await backend.createProject({ config: { allow_localhost: true, domains: [{ domain: "http://a.example.com", handler_path: "/handler" }] } })
    const res = await patchCurrent(project, { is_production_mode: true })
    assert.strictEqual(res.status, 200, res.text)
    assert.isTrue(res.body.is_production_mode)
  })
})

describe("project config rules of the hosted schema", () => {
  it("a trusted domain must be an http(s) URL", async () => {
    const project = await backend.createProject()
    const res = await patchCurrent(project, {
      config: { domains: [{ domain: "whatever://disallowed.example.com", handler_path: "/handler" }] }
    })
    assert.strictEqual(res.status, 400)
    assert.strictEqual(res.knownError, "SCHEMA_ERROR")
    assert.strictEqual(res.body.details.message, schemaLines("URL must start with http:// or https://"))
  })

  it("a standard email server needs a host", async () => {
    const project = await backend.createProject()
    const res = await patchCurrent(project, {
      config: {
        email_config: {
          type: "standard",
          host: "",
          port: 587,
          username: "user",
          password: "secret",
          sender_name: "Sender",
          sender_email: "sender@example.test"
        }
      }
    })
    assert.strictEqual(res.status, 400)
    assert.strictEqual(res.body.details.message, schemaLines("body.config.email_config.host must not be empty"))
  })

  it("an OAuth provider on the project's own keys needs a client secret", async () => {
    const project = await backend.createProject()
    const res = await patchCurrent(project, {
      config: { oauth_providers: [{ id: "google", type: "standard", enabled: true, client_id: "client_id", client_secret: "" }] }
    })
    assert.strictEqual(res.status, 400)
    assert.strictEqual(res.body.details.message, schemaLines("body.config.oauth_providers[0].client_secret must not be empty"))
  })

  it("the same rules hold when a project is created", async () => {
    const owner = await backend.signUp(backend.internal())
    const res = await backend.call(backend.internal(), "POST", "/internal/projects", {
      accessToken: owner.accessToken,
      body: { display_name: "P", config: { domains: [{ domain: "ftp://files.example.com", handler_path: "/handler" }] } }
    })
    assert.strictEqual(res.status, 400)
    assert.strictEqual(
      res.body.details.message,
      "Request validation failed on POST /api/v1/internal/projects:\n  - URL must start with http:// or https://"
    )
  })
})

describe("API key sets", () => {
  it("leave manually_revoked_at_millis out until revoked", async () => {
    const project = await backend.createProject()
    const listed = await backend.call(project, "GET", "/internal/api-keys", { accessType: "admin" })
    const key = listed.body.items[0]
    assert.notProperty(key, "manually_revoked_at_millis")
    const one = await backend.call(project, "GET", `/internal/api-keys/${key.id}`, { accessType: "admin" })
    assert.notProperty(one.body, "manually_revoked_at_millis")
    const revoked = await backend.call(project, "PATCH", `/internal/api-keys/${key.id}`, { accessType: "admin", body: { revoked: true } })
    assert.isNumber(revoked.body.manually_revoked_at_millis)
  })
})

describe("JWKS", () => {
  it("publishes kty, crv, x, y, kid and alg only", async () => {
    const project = await backend.createProject()
    const res = await backend.call(project, "GET", `/projects/${project.id}/.well-known/jwks.json`, { accessType: "none" })
    assert.strictEqual(res.status, 200)
    for (const key of res.body.keys) assert.deepStrictEqual(Object.keys(key).sort(), ["alg", "crv", "kid", "kty", "x", "y"])
  })
})
