import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { ClientUser, ServerUser } from "../../src/domain/user.js"
import { ClientUserUpdate, ServerUserCreate, ServerUserUpdate } from "../../src/domain/user-inputs.js"

// Typed as the Encoded side: a misspelt wire name is a compile error, not just a failing test.
const clientWire: typeof ClientUser.Encoded = {
  id: "3241a285-8329-4d69-8f3d-316e08cf140c",
  primary_email: "johndoe@example.com",
  primary_email_verified: true,
  display_name: "John Doe",
  selected_team: {
    id: "6a0a8b4e-5c2e-4f51-9f8e-2f4b1c7d9e10",
    display_name: "Acme",
    profile_image_url: null,
    client_metadata: { plan: "pro" },
    client_read_only_metadata: null
  },
  selected_team_id: "6a0a8b4e-5c2e-4f51-9f8e-2f4b1c7d9e10",
  profile_image_url: "https://example.com/image.jpg",
  signed_up_at_millis: 1630000000000,
  has_password: true,
  otp_auth_enabled: false,
  passkey_auth_enabled: true,
  client_metadata: { theme: "dark", nested: { a: [1, 2] } },
  client_read_only_metadata: { subscription: "active" },
  oauth_providers: [{ id: "github", account_id: "12345", email: "john@users.noreply.github.com" }],
  external_auth_providers: [{ id: "better-auth-integration" }],
  auth_with_email: true,
  requires_totp_mfa: false,
  is_anonymous: false,
  is_restricted: false,
  restricted_reason: null,
  restricted_by_admin: false,
  restricted_by_admin_reason: null
}

const clientDomain: ClientUser = {
  id: "3241a285-8329-4d69-8f3d-316e08cf140c",
  primaryEmail: "johndoe@example.com",
  primaryEmailVerified: true,
  displayName: "John Doe",
  selectedTeam: {
    id: "6a0a8b4e-5c2e-4f51-9f8e-2f4b1c7d9e10",
    displayName: "Acme",
    profileImageUrl: null,
    clientMetadata: { plan: "pro" },
    clientReadOnlyMetadata: null
  },
  selectedTeamId: "6a0a8b4e-5c2e-4f51-9f8e-2f4b1c7d9e10",
  profileImageUrl: "https://example.com/image.jpg",
  signedUpAt: new Date(1630000000000),
  hasPassword: true,
  otpAuthEnabled: false,
  passkeyAuthEnabled: true,
  clientMetadata: { theme: "dark", nested: { a: [1, 2] } },
  clientReadOnlyMetadata: { subscription: "active" },
  oauthProviders: [{ id: "github", accountId: "12345", email: "john@users.noreply.github.com" }],
  externalAuthProviders: [{ id: "better-auth-integration" }],
  emailAuthEnabled: true,
  isMultiFactorRequired: false,
  isAnonymous: false,
  isRestricted: false,
  restrictedReason: null,
  restrictedByAdmin: false,
  restrictedByAdminReason: null
}

const serverWire: typeof ServerUser.Encoded = {
  ...clientWire,
  selected_team: { ...clientWire.selected_team!, created_at_millis: 1620000000000, server_metadata: { crm: 7 } },
  primary_email_auth_enabled: true,
  server_metadata: { stripeCustomerId: "cus_123" },
  last_active_at_millis: 1700000000000,
  restricted_by_admin_private_details: null
}

describe("ClientUser", () => {
  it("decodes the client view of /users/me into camelCase with Dates", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(ClientUser)(clientWire), clientDomain)
  })

  it("encodes back to exactly the wire JSON", () => {
    assert.deepStrictEqual(Schema.encodeSync(ClientUser)(clientDomain), clientWire)
  })

  it("ignores fields the hosted service adds, at every level", () => {
    const extended = {
      ...clientWire,
      country_code: "CH",
      selected_team: { ...clientWire.selected_team, created_at_millis: 1 }
    }
    assert.deepStrictEqual(Schema.decodeUnknownSync(ClientUser)(extended), clientDomain)
  })

  it("keeps metadata keys as the developer wrote them", () => {
    const user = Schema.decodeUnknownSync(ClientUser)({ ...clientWire, client_metadata: { someKey: { innerKey: 1 } } })
    assert.deepStrictEqual(user.clientMetadata, { someKey: { innerKey: 1 } })
  })

  it("reads a missing metadata key or OAuth email as null", () => {
    const { client_metadata: _m, ...rest } = clientWire
    const user = Schema.decodeUnknownSync(ClientUser)({ ...rest, oauth_providers: [{ id: "google", account_id: "9" }] })
    assert.strictEqual(user.clientMetadata, null)
    assert.deepStrictEqual(user.oauthProviders, [{ id: "google", accountId: "9", email: null }])
  })

  it("reads a restricted user's reason", () => {
    const user = Schema.decodeUnknownSync(ClientUser)({
      ...clientWire,
      is_restricted: true,
      restricted_reason: { type: "email_not_verified" }
    })
    assert.deepStrictEqual(user.restrictedReason, { type: "email_not_verified" })
  })

  it("reads an administrator's restriction, and its absence from older deployments as none", () => {
    const restricted = Schema.decodeUnknownSync(ClientUser)({
      ...clientWire,
      is_restricted: true,
      restricted_reason: { type: "restricted_by_administrator" },
      restricted_by_admin: true,
      restricted_by_admin_reason: "Spam"
    })
    assert.strictEqual(restricted.restrictedByAdmin, true)
    assert.strictEqual(restricted.restrictedByAdminReason, "Spam")
    const { restricted_by_admin: _a, restricted_by_admin_reason: _r, ...older } = clientWire
    const user = Schema.decodeUnknownSync(ClientUser)(older)
    assert.strictEqual(user.restrictedByAdmin, false)
    assert.strictEqual(user.restrictedByAdminReason, null)
  })

  it("rejects a body without a required field or with a wrong type", () => {
    const { signed_up_at_millis: _s, ...missing } = clientWire
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(ClientUser)(missing)))
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(ClientUser)({ ...clientWire, has_password: "yes" })))
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(ClientUser)({ ...clientWire, signed_up_at_millis: "2021" })))
  })
})

describe("ServerUser", () => {
  it("adds server metadata, last activity and the email-auth switch", () => {
    const user = Schema.decodeUnknownSync(ServerUser)(serverWire)
    assert.strictEqual(user.primaryEmailAuthEnabled, true)
    assert.deepStrictEqual(user.serverMetadata, { stripeCustomerId: "cus_123" })
    assert.deepStrictEqual(user.lastActiveAt, new Date(1700000000000))
    assert.deepStrictEqual(user.selectedTeam?.createdAt, new Date(1620000000000))
    assert.deepStrictEqual(Schema.encodeSync(ServerUser)(user), serverWire)
  })

  it("is not satisfied by the client view", () => {
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(ServerUser)(clientWire)))
  })
})

describe("user inputs", () => {
  it("ClientUserUpdate writes only the keys that are set", () => {
    const body = Schema.encodeSync(ClientUserUpdate)({ displayName: "Jane", selectedTeamId: null })
    assert.deepStrictEqual(body, { display_name: "Jane", selected_team_id: null })
  })

  it("ClientUserUpdate knows every client PATCH field of the hosted API", () => {
    const wire: typeof ClientUserUpdate.Encoded = {
      display_name: "Jane",
      profile_image_url: null,
      client_metadata: { a: 1 },
      selected_team_id: "t",
      totp_secret_base64: "JBSWY3DPEHPK3PXP",
      otp_auth_enabled: true,
      passkey_auth_enabled: false,
      primary_email: "jane@example.com"
    }
    assert.deepStrictEqual(Schema.encodeSync(ClientUserUpdate)(Schema.decodeUnknownSync(ClientUserUpdate)(wire)), wire)
  })

  it("ServerUserUpdate adds the server-only fields", () => {
    const body = Schema.encodeSync(ServerUserUpdate)({
      serverMetadata: { x: 1 },
      clientReadOnlyMetadata: null,
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: false,
      password: "correct horse battery staple"
    })
    assert.deepStrictEqual(body, {
      server_metadata: { x: 1 },
      client_read_only_metadata: null,
      primary_email_verified: true,
      primary_email_auth_enabled: false,
      password: "correct horse battery staple"
    })
  })

  it("ServerUserCreate takes OAuth accounts and no selected team", () => {
    const body = Schema.encodeSync(ServerUserCreate)({
      primaryEmail: "new@example.com",
      primaryEmailAuthEnabled: true,
      oauthProviders: [{ id: "github", accountId: "42", email: null }]
    })
    assert.deepStrictEqual(body, {
      primary_email: "new@example.com",
      primary_email_auth_enabled: true,
      oauth_providers: [{ id: "github", account_id: "42", email: null }]
    })
    const decoded = Schema.decodeUnknownSync(ServerUserCreate)({ primary_email: "a@b.c", selected_team_id: "t" })
    assert.isFalse("selectedTeamId" in decoded)
  })
})
