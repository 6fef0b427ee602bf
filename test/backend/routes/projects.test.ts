import { assert, describe, it } from "@effect/vitest"
import { useKitBackend } from "../../support/local-backend.js"
import { EMAIL_THEMES } from "../../../backend/src/mail/themes.js"

const backend = useKitBackend()

const CURRENT = "/internal/projects/current"

const patchCurrent = (project: Parameters<typeof backend.call>[0], body: unknown) =>
  backend.call(project, "PATCH", CURRENT, { accessType: "admin", body })

const schemaLines = (...lines: ReadonlyArray<string>) =>
  `Request validation failed on PATCH /api/v1/internal/projects/current:\n${lines.map((l) => `  - ${l}`).join("\n")}`

const DEFAULT_THEME = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac"

describe("the admin view of a project", () => {
  it("has the service's current shape: no user count, config id, legacy signing or provider enabled flag", async () => {
    // Owned by a user of internal's team, as the dashboard makes a project (the kit's own have no owner).
    const project = await backend.createProjectOwnedBy(await backend.signUp(backend.internal()), {
      displayName: "Shape"
    })
    const res = await backend.call(project, "GET", CURRENT, { accessType: "admin" })
    assert.strictEqual(res.status, 200, res.text)
    const body = res.body
    assert.deepStrictEqual(Object.keys(body).sort(), [
      "config",
      "config_warnings",
      "created_at_millis",
      "description",
      "display_name",
      "id",
      "is_development_environment",
      "is_production_mode",
      "logo_dark_mode_url",
      "logo_full_dark_mode_url",
      "logo_full_url",
      "logo_url",
      "onboarding_status",
      "owner_team_id",
      "pushed_config_error"
    ])
    assert.strictEqual(body.owner_team_id, project.owner?.teamId)
    assert.strictEqual(body.onboarding_status, "completed")
    assert.isNull(body.logo_url)
    // The service's config state since April 2026: nothing pushed here, nothing to warn about.
    assert.deepInclude(body, { is_development_environment: false, pushed_config_error: null, config_warnings: [] })
    assert.deepStrictEqual(Object.keys(body.config).sort(), [
      "allow_localhost",
      "allow_promo_codes",
      "allow_stacking_promo_codes",
      "allow_team_api_keys",
      "allow_user_api_keys",
      "client_team_creation_enabled",
      "client_user_deletion_enabled",
      "create_team_on_sign_up",
      "credential_enabled",
      "domains",
      "email_config",
      "email_theme",
      "enabled_oauth_providers",
      "magic_link_enabled",
      "oauth_account_merge_strategy",
      "oauth_providers",
      "passkey_enabled",
      "sign_up_enabled",
      "team_creator_default_permissions",
      "team_member_default_permissions",
      "user_default_permissions"
    ])
    assert.strictEqual(body.config.email_theme, DEFAULT_THEME)
    assert.strictEqual(body.config.oauth_account_merge_strategy, "link_method")
    assert.isTrue(body.config.allow_localhost)
    assert.deepStrictEqual(body.config.user_default_permissions, [])
  })

  it("has an empty description rather than none, and OAuth providers sorted by id, each with its config id", async () => {
    const project = await backend.createProject({
      config: {
        oauth_providers: [
          { id: "spotify", type: "shared" },
          { id: "github", type: "standard", client_id: "cid", client_secret: "secret" },
          { id: "google", type: "shared" }
        ]
      }
    })
    const admin = await backend.call(project, "GET", CURRENT, { accessType: "admin" })
    assert.strictEqual(admin.body.description, "")
    assert.deepStrictEqual(admin.body.config.oauth_providers, [
      { provider_config_id: "github", id: "github", type: "standard", client_id: "cid", client_secret: "secret" },
      { provider_config_id: "google", id: "google", type: "shared" },
      { provider_config_id: "spotify", id: "spotify", type: "shared" }
    ])
    assert.deepStrictEqual(admin.body.config.enabled_oauth_providers, [
      { id: "github" },
      { id: "google" },
      { id: "spotify" }
    ])
    const cleared = await patchCurrent(project, { description: null })
    assert.strictEqual(cleared.body.description, "")
  })

  it("GET /projects/current is the client view for every access type", async () => {
    const project = await backend.createProject({
      config: {
        oauth_providers: [{ id: "github", type: "shared" }],
        domains: [{ domain: "https://b.example.com", handler_path: "/h" }]
      }
    })
    for (const accessType of ["client", "server", "admin"] as const) {
      const res = await backend.call(project, "GET", "/projects/current", { accessType })
      assert.strictEqual(res.status, 200, res.text)
      assert.deepStrictEqual(Object.keys(res.body).sort(), [
        "config",
        "config_warnings",
        "display_name",
        "id",
        "is_development_environment",
        "pushed_config_error"
      ])
      assert.deepStrictEqual(res.body.config.enabled_oauth_providers, [{ id: "github" }])
      assert.deepStrictEqual(res.body.config.domains, [{ domain: "https://b.example.com", handler_path: "/h" }])
      assert.isFalse(res.body.config.allow_user_api_keys)
      assert.isFalse(res.body.config.allow_team_api_keys)
      assert.notProperty(res.body.config, "oauth_providers")
    }
  })

  it("answers PATCH and DELETE at /projects/current with an empty 405, as the hosted route exports GET only", async () => {
    const project = await backend.createProject()
    for (const method of ["PATCH", "DELETE"]) {
      const res = await backend.call(project, method, "/projects/current", {
        accessType: "admin",
        body: method === "PATCH" ? {} : undefined
      })
      assert.strictEqual(res.status, 405, `${method}: ${res.text}`)
      assert.strictEqual(res.text, "")
      assert.isNull(res.knownError)
    }
    // Before any authentication, as Next.js answers it.
    const anonymous = await fetch(`${backend.localBackend().apiUrl}/projects/current`, { method: "DELETE" })
    assert.strictEqual(anonymous.status, 405)
    const still = await backend.call(project, "GET", CURRENT, { accessType: "admin" })
    assert.strictEqual(still.status, 200)
  })

  it("answers /internal/projects/current to admins only", async () => {
    const project = await backend.createProject()
    for (const accessType of ["client", "server"] as const) {
      for (const method of ["GET", "PATCH", "DELETE"]) {
        const res = await backend.call(project, method, CURRENT, {
          accessType,
          body: method === "PATCH" ? {} : undefined
        })
        assert.strictEqual(res.status, 401, res.text)
        assert.strictEqual(res.knownError, "INSUFFICIENT_ACCESS_TYPE")
        assert.deepStrictEqual(res.body.details.allowed_access_types, ["admin"])
      }
    }
  })

  it("updates the new fields, replaces whole lists, and keeps require_email_verification write-only", async () => {
    const project = await backend.createProject({ config: { oauth_providers: [{ id: "github", type: "shared" }] } })
    const res = await patchCurrent(project, {
      logo_url: "https://example.com/logo.png",
      onboarding_status: "welcome",
      config: {
        allow_user_api_keys: true,
        allow_team_api_keys: true,
        oauth_account_merge_strategy: "raise_error",
        user_default_permissions: [],
        email_theme: DEFAULT_THEME,
        require_email_verification: true,
        oauth_providers: [{ id: "google", type: "shared" }],
        domains: [
          { domain: "https://b.example.com", handler_path: "/handler" },
          { domain: "https://a.example.com", handler_path: "/handler" }
        ]
      }
    })
    assert.strictEqual(res.status, 200, res.text)
    assert.strictEqual(res.body.logo_url, "https://example.com/logo.png")
    assert.strictEqual(res.body.onboarding_status, "welcome")
    assert.isTrue(res.body.config.allow_user_api_keys)
    assert.strictEqual(res.body.config.oauth_account_merge_strategy, "raise_error")
    assert.deepStrictEqual(res.body.config.enabled_oauth_providers, [{ id: "google" }])
    assert.deepStrictEqual(
      res.body.config.domains.map((d: { domain: string }) => d.domain),
      ["https://a.example.com", "https://b.example.com"]
    )
    assert.notProperty(res.body.config, "require_email_verification")
    const client = await backend.call(project, "GET", "/projects/current", { accessType: "client" })
    assert.isTrue(client.body.config.allow_user_api_keys)
  })

  it("no longer refuses repeated domains or unknown default permissions", async () => {
    const project = await backend.createProject()
    const dup = await patchCurrent(project, {
      config: {
        domains: [
          { domain: "https://a.example.com", handler_path: "/h" },
          { domain: "https://a.example.com", handler_path: "/h" }
        ]
      }
    })
    assert.strictEqual(dup.status, 200, dup.text)
    const perms = await patchCurrent(project, {
      config: { team_member_default_permissions: [{ id: "nobody_defined_this" }] }
    })
    assert.strictEqual(perms.status, 200, perms.text)
  })

  it("refuses an email theme that does not exist with the plain 400", async () => {
    const project = await backend.createProject()
    const res = await patchCurrent(project, { config: { email_theme: "00000000-0000-4000-8000-000000000000" } })
    assert.strictEqual(res.status, 400)
    assert.isNull(res.knownError)
    assert.include(res.text, "Invalid email theme")
  })

  it("selects each of the service's built-in email themes", async () => {
    const project = await backend.createProject()
    for (const theme of EMAIL_THEMES.keys()) {
      const res = await patchCurrent(project, { config: { email_theme: theme } })
      assert.strictEqual(res.status, 200, res.text)
      assert.strictEqual(res.body.config.email_theme, theme)
    }
  })

  it("refuses the keys the service dropped with SCHEMA_ERROR, as it refuses any unknown key", async () => {
    const project = await backend.createProject()
    const legacy = await patchCurrent(project, { config: { legacy_global_jwt_signing: false } })
    assert.strictEqual(legacy.status, 400, legacy.text)
    assert.strictEqual(legacy.knownError, "SCHEMA_ERROR")
    assert.strictEqual(
      legacy.body.details.message,
      schemaLines("body.config contains unknown properties: legacy_global_jwt_signing")
    )
    const enabled = await patchCurrent(project, {
      config: { oauth_providers: [{ id: "github", type: "shared", enabled: true }] }
    })
    assert.strictEqual(enabled.knownError, "SCHEMA_ERROR")
    assert.strictEqual(
      enabled.body.details.message,
      schemaLines("body.config.oauth_providers[0] contains unknown properties: enabled")
    )
    const top = await patchCurrent(project, { user_count: 3 })
    assert.strictEqual(top.body.details.message, schemaLines("body contains unknown properties: user_count"))
  })

  it("accepts production mode whatever the domains (the admin client checks them first)", async () => {
    const project = await backend.createProject({
      config: { allow_localhost: true, domains: [{ domain: "http://a.example.com", handler_path: "/handler" }] }
    })
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

  it("an OAuth provider on the project's own keys needs a client secret, or for Apple all three keys", async () => {
    const project = await backend.createProject()
    const required =
      "client_secret is required for standard providers, unless the provider is apple with all Apple key credentials set"
    const res = await patchCurrent(project, {
      config: { oauth_providers: [{ id: "google", type: "standard", client_id: "client_id", client_secret: "" }] }
    })
    assert.strictEqual(res.status, 400)
    assert.strictEqual(res.body.details.message, schemaLines(required))
    const apple = { id: "apple", type: "standard", client_id: "com.example.web", client_secret: "" }
    const partial = await patchCurrent(project, { config: { oauth_providers: [{ ...apple, apple_team_id: "TEAM" }] } })
    assert.strictEqual(partial.body.details.message, schemaLines(required))
    const keys = {
      apple_team_id: "TEAM123456",
      apple_key_id: "KEY1234567",
      apple_private_key: "-----BEGIN PRIVATE KEY-----"
    }
    const withKeys = await patchCurrent(project, { config: { oauth_providers: [{ ...apple, ...keys }] } })
    assert.strictEqual(withKeys.status, 200, withKeys.text)
  })

  it("the same rules hold when a project is created", async () => {
    const owner = await backend.signUp(backend.internal())
    const teamId = await backend.createOwnerTeam(owner)
    const res = await backend.call(backend.internal(), "POST", "/internal/projects", {
      accessToken: owner.accessToken,
      body: {
        display_name: "P",
        owner_team_id: teamId,
        config: { domains: [{ domain: "ftp://files.example.com", handler_path: "/handler" }] }
      }
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
    const revoked = await backend.call(project, "PATCH", `/internal/api-keys/${key.id}`, {
      accessType: "admin",
      body: { revoked: true }
    })
    assert.isNumber(revoked.body.manually_revoked_at_millis)
  })
})

describe("JWKS", () => {
  it("publishes kty, crv, x, y, kid and alg only", async () => {
    const project = await backend.createProject()
    const res = await backend.call(project, "GET", `/projects/${project.id}/.well-known/jwks.json`, {
      accessType: "none"
    })
    assert.strictEqual(res.status, 200)
    for (const key of res.body.keys)
      assert.deepStrictEqual(Object.keys(key).sort(), ["alg", "crv", "kid", "kty", "x", "y"])
  })
})
