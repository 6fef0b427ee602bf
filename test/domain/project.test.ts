import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import {
  AdminProject,
  AdminProjectCreate,
  AdminProjectUpdate,
  ClientProject,
  ProjectTransferResponse
} from "../../src/domain/project.js"

// The client view as the hosted service sends it today (projectsCrudClientReadSchema).
const clientConfigWire = {
  sign_up_enabled: true,
  credential_enabled: true,
  magic_link_enabled: false,
  passkey_enabled: false,
  client_team_creation_enabled: true,
  client_user_deletion_enabled: false,
  allow_user_api_keys: false,
  allow_team_api_keys: true,
  enabled_oauth_providers: [{ id: "github" }, { id: "microsoft" }],
  domains: [{ domain: "https://music.example.com", handler_path: "/handler" }]
}

// The admin read as the hosted service sends it today (projectsCrudAdminReadSchema): no user_count,
// config.id, legacy_global_jwt_signing or provider `enabled`.
const adminWire = {
  id: "e0b52f4d-dece-408c-af49-d23061bb0f8d",
  display_name: "MyMusic",
  description: "A music streaming service",
  created_at_millis: 1630000000000,
  is_production_mode: false,
  logo_url: "https://music.example.com/logo.png",
  logo_full_url: null,
  logo_dark_mode_url: null,
  logo_full_dark_mode_url: null,
  owner_team_id: "5f0c7c53-1d1b-4bc3-9f5d-3d1f0c8f4a11",
  onboarding_status: "completed",
  config: {
    ...clientConfigWire,
    allow_localhost: true,
    oauth_providers: [
      { provider_config_id: "github", id: "github", type: "shared" },
      {
        provider_config_id: "microsoft",
        id: "microsoft",
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
    email_theme: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
    create_team_on_sign_up: false,
    team_creator_default_permissions: [{ id: "team_admin" }],
    team_member_default_permissions: [{ id: "team_member" }],
    user_default_permissions: [],
    oauth_account_merge_strategy: "link_method"
  }
} satisfies typeof AdminProject.Encoded

describe("ClientProject", () => {
  it("decodes GET /projects/current (the same view for every access type)", () => {
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
        allowUserApiKeys: false,
        allowTeamApiKeys: true,
        enabledOauthProviders: [{ id: "github" }, { id: "microsoft" }],
        domains: [{ domain: "https://music.example.com", handlerPath: "/handler" }]
      }
    })
  })

  it("reads allow_localhost when a newer service sends it", () => {
    const wire = { id: "p", display_name: "P", config: { ...clientConfigWire, allow_localhost: false } }
    assert.strictEqual(Schema.decodeUnknownSync(ClientProject)(wire).config.allowLocalhost, false)
  })
})

describe("AdminProject", () => {
  it("decodes the service's current admin read and round-trips", () => {
    const project = Schema.decodeUnknownSync(AdminProject)(adminWire)
    assert.deepStrictEqual(project.createdAt, new Date(1630000000000))
    assert.strictEqual(project.ownerTeamId, "5f0c7c53-1d1b-4bc3-9f5d-3d1f0c8f4a11")
    assert.strictEqual(project.logoUrl, "https://music.example.com/logo.png")
    assert.strictEqual(project.onboardingStatus, "completed")
    assert.strictEqual(project.config.emailTheme, "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac")
    assert.strictEqual(project.config.oauthAccountMergeStrategy, "link_method")
    assert.isTrue(project.config.allowTeamApiKeys)
    assert.deepStrictEqual(project.config.oauthProviders[1], {
      providerConfigId: "microsoft",
      id: "microsoft",
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
    assert.deepStrictEqual(Schema.encodeSync(AdminProject)(project), adminWire)
  })

  it("takes the logos as absent, and the newer service's extra fields as optional", () => {
    const {
      logo_url: _a,
      logo_full_url: _b,
      logo_dark_mode_url: _c,
      logo_full_dark_mode_url: _d,
      ...withoutLogos
    } = adminWire
    const project = Schema.decodeUnknownSync(AdminProject)({
      ...withoutLogos,
      is_development_environment: true,
      onboarding_state: null
    })
    assert.isNull(project.logoUrl)
    assert.isTrue(project.isDevelopmentEnvironment)
    assert.isNull(project.onboardingState)
  })

  it("accepts the shared email sender, a null description and a shared provider that kept its keys", () => {
    const project = Schema.decodeUnknownSync(AdminProject)({
      ...adminWire,
      description: null,
      config: {
        ...adminWire.config,
        email_config: { type: "shared" },
        oauth_providers: [{ provider_config_id: "google", id: "google", type: "shared", client_id: "old-client" }]
      }
    })
    assert.deepStrictEqual(project.config.emailConfig, { type: "shared" })
    assert.strictEqual(project.description, null)
    assert.strictEqual(project.config.oauthProviders[0]?.clientId, "old-client")
  })

  it("rejects a standard provider without its keys and an unknown provider type", () => {
    const withProvider = (p: unknown) => ({ ...adminWire, config: { ...adminWire.config, oauth_providers: [p] } })
    assert.isTrue(
      Exit.isFailure(
        Schema.decodeUnknownExit(AdminProject)(withProvider({ provider_config_id: "x", id: "x", type: "standard" }))
      )
    )
    assert.isTrue(
      Exit.isFailure(
        Schema.decodeUnknownExit(AdminProject)(withProvider({ provider_config_id: "x", id: "x", type: "custom" }))
      )
    )
  })
})

describe("AdminProjectUpdate", () => {
  it("writes nested config keys in snake_case, only those set", () => {
    const body = Schema.encodeSync(AdminProjectUpdate)({
      isProductionMode: true,
      logoUrl: null,
      config: {
        allowLocalhost: false,
        domains: [{ domain: "https://app.example.com", handlerPath: "/auth" }],
        emailConfig: { type: "shared" },
        teamMemberDefaultPermissions: [{ id: "team_member" }],
        oauthProviders: [{ id: "github", type: "shared" }],
        requireEmailVerification: true
      }
    })
    assert.deepStrictEqual(body, {
      is_production_mode: true,
      logo_url: null,
      config: {
        allow_localhost: false,
        domains: [{ domain: "https://app.example.com", handler_path: "/auth" }],
        email_config: { type: "shared" },
        team_member_default_permissions: [{ id: "team_member" }],
        oauth_providers: [{ id: "github", type: "shared" }],
        require_email_verification: true
      }
    })
  })

  it("has no key the service dropped: legacy_global_jwt_signing, a provider's enabled or provider_config_id", () => {
    const decode = Schema.decodeUnknownExit(AdminProjectUpdate, { onExcessProperty: "error" })
    assert.isTrue(Exit.isFailure(decode({ config: { legacy_global_jwt_signing: true } })))
    assert.isTrue(
      Exit.isFailure(decode({ config: { oauth_providers: [{ id: "github", type: "shared", enabled: true }] } }))
    )
    assert.isTrue(
      Exit.isFailure(
        decode({ config: { oauth_providers: [{ id: "github", type: "shared", provider_config_id: "github" }] } })
      )
    )
    // Only the providers the service knows may be written.
    assert.isTrue(Exit.isFailure(decode({ config: { oauth_providers: [{ id: "my-idp", type: "shared" }] } })))
    assert.isTrue(Exit.isSuccess(decode({ config: { oauth_providers: [{ id: "github", type: "shared" }] } })))
  })
})

describe("AdminProjectCreate and the transfer", () => {
  it("requires the owner team", () => {
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(AdminProjectCreate)({ display_name: "New" })))
    assert.deepStrictEqual(Schema.encodeSync(AdminProjectCreate)({ displayName: "New", ownerTeamId: "t-1" }), {
      display_name: "New",
      owner_team_id: "t-1"
    })
  })

  it("decodes the transfer's string success", () => {
    assert.isTrue(Exit.isSuccess(Schema.decodeUnknownExit(ProjectTransferResponse)({ success: "true" })))
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(ProjectTransferResponse)({ success: true })))
  })
})
