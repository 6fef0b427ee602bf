/**
 * The seeded projects: `internal` as the hosted service's development seed makes it, `demo` with every
 * feature the demo and the examples show, each with its own local keys; and the PGlite template key that
 * follows the seed's content.
 */
import { assert, describe, it } from "@effect/vitest"
import { DEMO_PROJECT_KEYS } from "../../../src/domain/local-keys.js"
import {
  DEMO_PROJECT,
  INTERNAL_PROJECT,
  SEED_KEY,
  SEEDED_PROJECTS,
  seedKeyOf
} from "../../../backend/src/operations/projects/seed.js"
import { expectStatus, uniqueEmail, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const demo = () => ({ ...backend.localBackend().demoProject })

describe("the seeded internal project", () => {
  it("is what the hosted development seed makes (client view)", async () => {
    const res = expectStatus(await backend.call(backend.internal(), "GET", "/projects/current"), 200)
    assert.deepStrictEqual(res.body, {
      id: "internal",
      display_name: "Stack Dashboard",
      is_development_environment: false,
      pushed_config_error: null,
      config_warnings: [],
      config: {
        sign_up_enabled: true,
        credential_enabled: true,
        magic_link_enabled: true,
        passkey_enabled: false,
        client_team_creation_enabled: true,
        client_user_deletion_enabled: false,
        allow_user_api_keys: false,
        allow_team_api_keys: false,
        enabled_oauth_providers: [{ id: "github" }, { id: "google" }, { id: "microsoft" }, { id: "spotify" }],
        domains: [],
        allow_localhost: true,
        allow_promo_codes: false,
        allow_stacking_promo_codes: false
      }
    })
  })

  it("has the hosted description, a team on sign-up and the default team permissions (admin view)", async () => {
    const res = expectStatus(
      await backend.call(backend.internal(), "GET", "/internal/projects/current", { accessType: "admin" }),
      200
    )
    assert.strictEqual(res.body.description, "Stack's admin dashboard")
    // Seeded projects belong to no team, as on the service.
    assert.isNull(res.body.owner_team_id)
    assert.strictEqual(res.body.is_production_mode, false)
    // As the service's development seed: a new dashboard user owns a team to create projects in.
    assert.strictEqual(res.body.config.create_team_on_sign_up, true)
    assert.strictEqual(res.body.config.allow_localhost, true)
    assert.deepStrictEqual(res.body.config.team_creator_default_permissions, [{ id: "team_admin" }])
    assert.deepStrictEqual(res.body.config.team_member_default_permissions, [{ id: "team_member" }])
    assert.deepStrictEqual(res.body.config.email_config, { type: "shared" })
    assert.isTrue(res.body.config.oauth_providers.every((p: { type: string }) => p.type === "shared"))
  })

  it("signs a user up with a personal team", async () => {
    const user = await backend.signUp(backend.internal(), { email: uniqueEmail("internal-team") })
    const teams = expectStatus(
      await backend.call(backend.internal(), "GET", "/teams?user_id=me", { accessToken: user.accessToken }),
      200
    )
    assert.lengthOf(teams.body.items, 1)
  })
})

describe("the seeded demo project", () => {
  it("answers to its own local keys, on every tier", async () => {
    assert.deepStrictEqual(demo(), {
      id: DEMO_PROJECT_KEYS.projectId,
      publishableClientKey: DEMO_PROJECT_KEYS.publishableClientKey,
      secretServerKey: DEMO_PROJECT_KEYS.secretServerKey,
      superSecretAdminKey: DEMO_PROJECT_KEYS.superSecretAdminKey
    })
    for (const accessType of ["client", "server", "admin"] as const) {
      const res = expectStatus(await backend.call(demo(), "GET", "/projects/current", { accessType }), 200)
      assert.strictEqual(res.body.id, "demo", accessType)
    }
    // The internal keys are not the demo's.
    const crossed = await backend.call(
      { ...demo(), publishableClientKey: backend.internal().publishableClientKey },
      "GET",
      "/projects/current"
    )
    assert.strictEqual(crossed.status, 401)
  })

  it("has the features the demo shows turned on", async () => {
    const res = expectStatus(
      await backend.call(demo(), "GET", "/internal/projects/current", { accessType: "admin" }),
      200
    )
    assert.strictEqual(res.body.display_name, "stackfx demo")
    const config = res.body.config
    for (const flag of [
      "sign_up_enabled",
      "credential_enabled",
      "magic_link_enabled",
      "passkey_enabled",
      "client_team_creation_enabled",
      "create_team_on_sign_up",
      "allow_localhost"
    ]) {
      assert.isTrue(config[flag], flag)
    }
    // Off until an admin allows it, as on any new project; the demo's account page then offers it.
    assert.isFalse(config.client_user_deletion_enabled)
    assert.deepStrictEqual(config.enabled_oauth_providers, [
      { id: "github" },
      { id: "google" },
      { id: "microsoft" },
      { id: "spotify" }
    ])
  })

  it("gives a new user a personal team", async () => {
    const user = await backend.signUp(demo(), { email: uniqueEmail("demo-team") })
    const teams = expectStatus(
      await backend.call(demo(), "GET", "/teams?user_id=me", { accessToken: user.accessToken }),
      200
    )
    assert.lengthOf(teams.body.items, 1)
  })
})

describe("the seed key of the PGlite template", () => {
  it("is the digest of the seeded projects as they are now", () => {
    assert.strictEqual(SEED_KEY, seedKeyOf(SEEDED_PROJECTS))
  })

  it("changes with any change to a seeded project, and with the seeding code's version", () => {
    const changed: ReadonlyArray<ReadonlyArray<typeof INTERNAL_PROJECT>> = [
      [{ ...INTERNAL_PROJECT, displayName: "Stack Dashboard (old)" }, DEMO_PROJECT],
      [INTERNAL_PROJECT, { ...DEMO_PROJECT, config: { ...DEMO_PROJECT.config, passkeyEnabled: false } }],
      [INTERNAL_PROJECT],
      [INTERNAL_PROJECT, { ...DEMO_PROJECT, keys: { ...DEMO_PROJECT.keys, publishableClientKey: "another" } }]
    ]
    const keys = new Set([SEED_KEY, ...changed.map((projects) => seedKeyOf(projects)), seedKeyOf(SEEDED_PROJECTS, -1)])
    assert.strictEqual(keys.size, changed.length + 2)
  })
})
