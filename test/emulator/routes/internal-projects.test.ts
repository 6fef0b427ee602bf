import { assert, describe, it } from "@effect/vitest"
import { useEmulator } from "../../support/emulator.js"

const backend = useEmulator()

describe("/internal/projects", () => {
  it("creates projects in the hosted shape; the owner's token makes their first keys", async () => {
    const owner = await backend.signUp(backend.internal())
    const created = await backend.call(backend.internal(), "POST", "/internal/projects", {
      accessToken: owner.accessToken,
      body: { display_name: "Mine", config: { magic_link_enabled: true, oauth_providers: [{ id: "github", type: "shared", enabled: true }] } }
    })
    assert.strictEqual(created.status, 201)
    assert.deepStrictEqual(
      Object.keys(created.body).sort(),
      ["config", "created_at_millis", "description", "display_name", "id", "is_production_mode", "user_count"]
    )
    assert.strictEqual(created.body.display_name, "Mine")
    assert.strictEqual(created.body.description, "")
    assert.strictEqual(created.body.config.magic_link_enabled, true)
    assert.deepStrictEqual(created.body.config.enabled_oauth_providers, [{ id: "github" }])
    assert.strictEqual(created.body.user_count, 0)
    const asOwner = {
      "x-stack-project-id": created.body.id,
      "x-stack-access-type": "admin",
      "x-stack-admin-access-token": owner.accessToken
    }
    // Like a hosted project, it starts without keys.
    const none = await backend.call(backend.internal(), "GET", "/internal/api-keys", { accessType: "none", headers: asOwner })
    assert.deepStrictEqual(none.body.items, [])
    const made = await backend.call(backend.internal(), "POST", "/internal/api-keys", {
      accessType: "none",
      headers: asOwner,
      body: {
        description: "first",
        expires_at_millis: 253_402_300_799_999,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: true
      }
    })
    assert.strictEqual(made.status, 200, made.text)
    const project = {
      id: created.body.id,
      publishableClientKey: made.body.publishable_client_key,
      secretServerKey: made.body.secret_server_key,
      superSecretAdminKey: made.body.super_secret_admin_key
    }
    for (const accessType of ["client", "server", "admin"] as const) {
      const current = await backend.call(project, "GET", "/projects/current", { accessType })
      assert.strictEqual(current.status, 200, accessType)
      assert.strictEqual(current.body.id, project.id)
    }
    const client = await backend.call(project, "GET", "/projects/current", { accessType: "client" })
    assert.deepStrictEqual(Object.keys(client.body).sort(), ["config", "display_name", "id"])
    assert.deepStrictEqual(client.body.config.enabled_oauth_providers, [{ id: "github" }])

    const other = await backend.signUp(backend.internal())
    await backend.call(backend.internal(), "POST", "/internal/projects", { accessToken: other.accessToken, body: { display_name: "Theirs" } })
    const mine = await backend.call(backend.internal(), "GET", "/internal/projects", { accessToken: owner.accessToken })
    assert.strictEqual(mine.body.is_paginated, false)
    assert.deepStrictEqual(mine.body.items.map((p: { display_name: string }) => p.display_name), ["Mine"])
  })

  it("lists the new project in the creator's server_metadata.managedProjectIds, and drops it on delete", async () => {
    const owner = await backend.signUp(backend.internal())
    const metadata = async () =>
      (await backend.call(backend.internal(), "GET", `/users/${owner.userId}`, { accessType: "server" })).body.server_metadata
    await backend.call(backend.internal(), "PATCH", `/users/${owner.userId}`, { accessType: "server", body: { server_metadata: { plan: "pro" } } })
    const first = await backend.createProjectOwnedBy(owner)
    const second = await backend.createProjectOwnedBy(owner)
    assert.deepStrictEqual(await metadata(), { plan: "pro", managedProjectIds: [first.id, second.id] })
    // Listed newest first, like the hosted service.
    const listed = await backend.call(backend.internal(), "GET", "/internal/projects", { accessToken: owner.accessToken })
    assert.deepStrictEqual(listed.body.items.map((p: { id: string }) => p.id), [second.id, first.id])
    const removed = await backend.call(first, "DELETE", "/projects/current", { accessType: "admin" })
    assert.strictEqual(removed.status, 200)
    assert.deepStrictEqual(await metadata(), { plan: "pro", managedProjectIds: [second.id] })
  })

  it("needs a signed-in user of the internal project", async () => {
    const anonymous = await backend.call(backend.internal(), "GET", "/internal/projects")
    assert.strictEqual(anonymous.status, 401)
    assert.strictEqual(anonymous.body.code, "USER_AUTHENTICATION_REQUIRED")
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const elsewhere = await backend.call(project, "GET", "/internal/projects", { accessToken: user.accessToken })
    assert.strictEqual(elsewhere.body.code, "EXPECTED_INTERNAL_PROJECT")
  })

  it("validates the create body", async () => {
    const owner = await backend.signUp(backend.internal())
    const result = await backend.call(backend.internal(), "POST", "/internal/projects", {
      accessToken: owner.accessToken,
      body: { config: { sign_up_enabled: "sometimes" } }
    })
    assert.strictEqual(result.body.code, "SCHEMA_ERROR")
    assert.include(result.body.details.message, "body.display_name")
    assert.include(result.body.details.message, "body.config.sign_up_enabled")
  })
})
