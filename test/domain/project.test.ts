import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { AdminProject, AdminProjectUpdate, ClientProject } from "../../src/domain/project.js"

const clientConfigWire = {
  sign_up_enabled: true,
  credential_enabled: true,
  magic_link_enabled: false,
  passkey_enabled: false,
  client_team_creation_enabled: true,
  client_user_deletion_enabled: false,
  enabled_oauth_providers: [{ id: "github" }, { id: "google" }]
}

const adminWire: typeof AdminProject.Encoded = {
  id: "e0b52f4d-dece-408c-af49-d23061bb0f8d",
  display_name: "MyMusic",
  description: "A music streaming service",
  created_at_millis: 1630000000000,
  user_count: 42,
  is_production_mode: false,
  config: {
    ...clientConfigWire,
    id: "d09201f0-54f5-40bd-89ff-6d1815ddad24",
    allow_localhost: true,
    oauth_providers: [
      { id: "github", enabled: true, type: "shared" },
      {
        id: "microsoft",
        enabled: true,
        type: "standard",
        client_id: "ms-client",
        client_secret: "ms-secret",
        microsoft_tenant_id: "tenant-1"
      }
    ],
    email_config: {
      type: "standard",
      host: "smtp.example.com",
      port: 587,
      username: "smtp-user",
      password: "smtp-password",
      sender_name: "MyMusic",
      sender_email: "noreply@example.com"
    },
    domains: [{ domain: "https://music.example.com", handler_path: "/handler" }],
    create_team_on_sign_up: false,
    team_creator_default_permissions: [{ id: "team_admin" }],
    team_member_default_permissions: [{ id: "team_member" }],
    legacy_global_jwt_signing: false
  }
}

describe("ClientProject", () => {
  it("decodes GET /projects/current as a client", () => {
    const wire = { id: "internal", display_name: "Stack Dashboard", config: clientConfigWire }
    assert.deepStrictEqual(Schema.decodeUnknownSync(ClientProject)(wire), {
      id: "internal",
      displayName: "Stack Dashboard",
      config: {
        signUpEnabled: true,
        credentialEnabled: true,
        magicLinkEnabled: false,
        passkeyEnabled: false,
        clientTeamCreationEnabled: true,
        clientUserDeletionEnabled: false,
        enabledOauthProviders: [{ id: "github" }, { id: "google" }]
      }
    })
  })

  it("is also readable from the admin view (it is a subset)", () => {
    const project = Schema.decodeUnknownSync(ClientProject)(adminWire)
    assert.isFalse("allowLocalhost" in project.config)
  })
})

describe("AdminProject", () => {
  it("decodes every admin field and round-trips", () => {
    const project = Schema.decodeUnknownSync(AdminProject)(adminWire)
    assert.deepStrictEqual(project.createdAt, new Date(1630000000000))
    assert.strictEqual(project.userCount, 42)
    assert.deepStrictEqual(project.config.oauthProviders[1], {
      id: "microsoft",
      enabled: true,
      type: "standard",
      clientId: "ms-client",
      clientSecret: "ms-secret",
      microsoftTenantId: "tenant-1"
    })
    assert.deepStrictEqual(project.config.emailConfig, {
      type: "standard",
      host: "smtp.example.com",
      port: 587,
      username: "smtp-user",
      password: "smtp-password",
      senderName: "MyMusic",
      senderEmail: "noreply@example.com"
    })
    assert.deepStrictEqual(project.config.domains, [{ domain: "https://music.example.com", handlerPath: "/handler" }])
    assert.deepStrictEqual(Schema.encodeSync(AdminProject)(project), adminWire)
  })

  it("accepts the shared email sender and a null description", () => {
    const project = Schema.decodeUnknownSync(AdminProject)({
      ...adminWire,
      description: null,
      config: { ...adminWire.config, email_config: { type: "shared" } }
    })
    assert.deepStrictEqual(project.config.emailConfig, { type: "shared" })
    assert.strictEqual(project.description, null)
  })

  it("rejects a standard provider without its keys and an unknown provider type", () => {
    const withProvider = (p: unknown) => ({ ...adminWire, config: { ...adminWire.config, oauth_providers: [p] } })
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(AdminProject)(
      withProvider({ id: "x", enabled: true, type: "standard" })
    )))
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(AdminProject)(
      withProvider({ id: "x", enabled: true, type: "custom" })
    )))
  })

  it("AdminProjectUpdate writes nested config keys in snake_case, only those set", () => {
    const body = Schema.encodeSync(AdminProjectUpdate)({
      isProductionMode: true,
      config: {
        allowLocalhost: false,
        domains: [{ domain: "https://app.example.com", handlerPath: "/auth" }],
        emailConfig: { type: "shared" },
        teamMemberDefaultPermissions: [{ id: "team_member" }]
      }
    })
    assert.deepStrictEqual(body, {
      is_production_mode: true,
      config: {
        allow_localhost: false,
        domains: [{ domain: "https://app.example.com", handler_path: "/auth" }],
        email_config: { type: "shared" },
        team_member_default_permissions: [{ id: "team_member" }]
      }
    })
  })
})
