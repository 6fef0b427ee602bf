import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyUpdate } from "../../src/domain/api-key.js"

describe("API keys", () => {
  it("a listed key set shows only the last four characters", () => {
    const wire = {
      id: "key-1",
      description: "CI",
      expires_at_millis: 1800000000000,
      created_at_millis: 1700000000000,
      publishable_client_key: { last_four: "a1b2" },
      secret_server_key: { last_four: "c3d4" }
    }
    const key = Schema.decodeUnknownSync(ApiKey)(wire)
    assert.deepStrictEqual(key, {
      id: "key-1",
      description: "CI",
      expiresAt: new Date(1800000000000),
      manuallyRevokedAt: null,
      createdAt: new Date(1700000000000),
      publishableClientKey: { lastFour: "a1b2" },
      secretServerKey: { lastFour: "c3d4" },
      superSecretAdminKey: null
    })
    assert.deepStrictEqual(Schema.encodeSync(ApiKey)(key), {
      ...wire,
      manually_revoked_at_millis: null,
      super_secret_admin_key: null
    })
  })

  it("reads the revocation time", () => {
    const key = Schema.decodeUnknownSync(ApiKey)({
      id: "key-1",
      description: "CI",
      expires_at_millis: 1800000000000,
      manually_revoked_at_millis: 1750000000000,
      created_at_millis: 1700000000000,
      publishable_client_key: null,
      secret_server_key: null,
      super_secret_admin_key: { last_four: "zzzz" }
    })
    assert.deepStrictEqual(key.manuallyRevokedAt, new Date(1750000000000))
  })

  it("the create answer carries the full strings", () => {
    const key = Schema.decodeUnknownSync(ApiKeyCreated)({
      id: "key-2",
      description: "deploy",
      expires_at_millis: 1800000000000,
      created_at_millis: 1700000000000,
      publishable_client_key: "pck_0123456789abcdef",
      secret_server_key: "ssk_0123456789abcdef"
    })
    assert.strictEqual(key.publishableClientKey, "pck_0123456789abcdef")
    assert.strictEqual(key.secretServerKey, "ssk_0123456789abcdef")
    assert.strictEqual(key.superSecretAdminKey, null)
  })

  it("create and revoke bodies", () => {
    assert.deepStrictEqual(
      Schema.encodeSync(ApiKeyCreate)({
        description: "CI",
        expiresAt: new Date(1800000000000),
        hasPublishableClientKey: true,
        hasSecretServerKey: true,
        hasSuperSecretAdminKey: false
      }),
      {
        description: "CI",
        expires_at_millis: 1800000000000,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: false
      }
    )
    assert.deepStrictEqual(Schema.encodeSync(ApiKeyUpdate)({ revoked: true }), { revoked: true })
  })
})
