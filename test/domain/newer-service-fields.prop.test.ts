/**
 * The answer fields the service added since April 2026 (issue 28, §1.5 and §2) reach the library's values, and
 * an older service's answer without them still decodes: each new field is read from the wire under its name,
 * through effect's parser and the compiled decoder alike.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import * as D from "../../src/domain/index.js"
import { unsure } from "../../src/domain/wire.js"
import { fastDecoder } from "../../src/services/wire/wire-codec.js"
import type { WireSchema } from "../support/wire-schemas.js"

/** Decodes a wire value both ways; they must agree. */
const decodeBoth = (schema: WireSchema, wire: unknown): unknown => {
  const slow = Schema.decodeUnknownExit(schema)(wire)
  assert.isTrue(Exit.isSuccess(slow), String(slow))
  if (!Exit.isSuccess(slow)) return undefined
  const compiled = fastDecoder(schema)
  if (compiled !== undefined) {
    const fast = compiled(wire)
    if (fast !== unsure) assert.deepStrictEqual(fast, slow.value)
  }
  return slow.value
}

const project = {
  id: "p1",
  display_name: "Project",
  config: {
    sign_up_enabled: true,
    credential_enabled: true,
    magic_link_enabled: false,
    passkey_enabled: false,
    client_team_creation_enabled: false,
    client_user_deletion_enabled: false,
    allow_user_api_keys: false,
    allow_team_api_keys: false,
    enabled_oauth_providers: [],
    domains: []
  }
}

const message = fc.record({ message: fc.string() })

describe("fields of the service since April 2026", () => {
  it("a client project reads is_development_environment, pushed_config_error, config_warnings and the promo-code flags", () =>
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(message, { nil: null }),
        fc.array(message, { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (dev, error, warnings, promo, stacking) => {
          const read = decodeBoth(D.ClientProject as unknown as WireSchema, {
            ...project,
            is_development_environment: dev,
            pushed_config_error: error,
            config_warnings: warnings,
            config: { ...project.config, allow_promo_codes: promo, allow_stacking_promo_codes: stacking }
          }) as D.ClientProject
          assert.strictEqual(read.isDevelopmentEnvironment, dev)
          assert.deepStrictEqual(read.pushedConfigError, error)
          assert.deepStrictEqual(read.configWarnings, warnings)
          assert.strictEqual(read.config.allowPromoCodes, promo)
          assert.strictEqual(read.config.allowStackingPromoCodes, stacking)
          // An older service sends none of them.
          const older = decodeBoth(D.ClientProject as unknown as WireSchema, project) as D.ClientProject
          assert.isUndefined(older.isDevelopmentEnvironment)
          assert.isUndefined(older.configWarnings)
        }
      )
    ))

  it("an OAuth provider reads and writes the Apple key fields", () =>
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (teamId, keyId, privateKey) => {
        const wire = {
          provider_config_id: "apple",
          id: "apple" as const,
          type: "standard" as const,
          client_id: "com.example.app",
          client_secret: "",
          apple_team_id: teamId,
          apple_key_id: keyId,
          apple_private_key: privateKey
        }
        const read = decodeBoth(D.OAuthProviderConfig as unknown as WireSchema, wire) as D.OAuthProviderConfig
        assert.deepInclude(read, { appleTeamId: teamId, appleKeyId: keyId, applePrivateKey: privateKey })
        const { provider_config_id: _, ...write } = wire
        const { providerConfigId: __, ...asWritten } = read
        assert.deepStrictEqual(
          Schema.encodeSync(D.OAuthProviderWrite)({ ...asWritten, id: "apple" } as D.OAuthProviderWrite),
          write
        )
      })
    ))

  it.prop(
    "a session reads agent_name, null when an older service leaves it out",
    [Arbitrary.schema(D.SessionInfo as unknown as WireSchema)],
    ([value]) => {
      const session = value as D.SessionInfo
      const wire = JSON.parse(JSON.stringify(Schema.encodeSync(D.SessionInfo)(session))) as Record<string, unknown>
      assert.strictEqual(wire["agent_name"], session.agentName)
      const { agent_name: _, ...older } = wire
      assert.isNull((decodeBoth(D.SessionInfo as unknown as WireSchema, older) as D.SessionInfo).agentName)
      // Compared as JSON: JSON itself folds -0 into 0 (a session's coordinates may be -0), so both sides go through it.
      const decoded = decodeBoth(D.SessionInfo as unknown as WireSchema, wire) as D.SessionInfo
      assert.deepStrictEqual(JSON.parse(JSON.stringify(Schema.encodeSync(D.SessionInfo)(decoded))), wire)
    }
  )

  it("the webhook portal answer keeps its url when the service sends one", () =>
    fc.assert(
      fc.property(fc.option(fc.webUrl(), { nil: undefined }), (url) => {
        const wire = { token: "tok", ...(url === undefined ? {} : { url }) }
        assert.deepStrictEqual(decodeBoth(D.SvixToken as unknown as WireSchema, wire), wire)
      })
    ))
})
