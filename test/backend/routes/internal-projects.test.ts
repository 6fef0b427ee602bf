import { assert, describe, it } from "@effect/vitest"
import { type TestUser, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend({ ownedProjects: true })

const internalCall = (user: TestUser, method: string, path: string, body?: unknown) =>
  backend.call(backend.internal(), method, path, { accessToken: user.accessToken, body })

/** Adds the user to a team of `internal` as a plain member (the server key of `internal`). */
const addMember = async (teamId: string, user: TestUser) => {
  const res = await backend.call(backend.internal(), "POST", `/team-memberships/${teamId}/${user.userId}`, {
    accessType: "server",
    body: {}
  })
  assert.strictEqual(res.status, 201, res.text)
}

const adminTokenHeaders = (projectId: string, token: string) => ({
  "x-stack-project-id": projectId,
  "x-stack-access-type": "admin",
  "x-stack-admin-access-token": token
})

const asAdminToken = (projectId: string, token: string) =>
  backend.call(backend.internal(), "GET", "/internal/projects/current", {
    accessType: "none",
    headers: adminTokenHeaders(projectId, token)
  })

describe("/internal/projects", () => {
  it("keeps is_development_environment from the create body and reads it back", async () => {
    const owner = await backend.signUp(backend.internal())
    const teamId = await backend.createOwnerTeam(owner)
    const created = await internalCall(owner, "POST", "/internal/projects", {
      display_name: "Development",
      owner_team_id: teamId,
      is_development_environment: true
    })
    assert.strictEqual(created.status, 201, created.text)
    assert.isTrue(created.body.is_development_environment)
    const read = await asAdminToken(created.body.id, owner.accessToken)
    assert.isTrue(read.body.is_development_environment)
  })

  it("creates a project owned by a team of the creator, answering 201 with the admin read; the owner's token makes its first keys", async () => {
    const owner = await backend.signUp(backend.internal())
    const teamId = await backend.createOwnerTeam(owner)
    const created = await internalCall(owner, "POST", "/internal/projects", {
      display_name: "Mine",
      owner_team_id: teamId,
      config: { magic_link_enabled: true, oauth_providers: [{ id: "github", type: "shared" }] }
    })
    assert.strictEqual(created.status, 201, created.text)
    assert.deepStrictEqual(Object.keys(created.body).sort(), [
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
    assert.isFalse(created.body.is_development_environment)
    assert.strictEqual(created.body.owner_team_id, teamId)
    assert.strictEqual(created.body.description, "")
    assert.isTrue(created.body.config.allow_localhost)
    assert.isTrue(created.body.config.magic_link_enabled)
    assert.deepStrictEqual(created.body.config.enabled_oauth_providers, [{ id: "github" }])
    // Like a hosted project, it starts without keys.
    const none = await backend.call(backend.internal(), "GET", "/internal/api-keys", {
      accessType: "none",
      headers: adminTokenHeaders(created.body.id, owner.accessToken)
    })
    assert.deepStrictEqual(none.body.items, [])
  })

  it("refuses an owner team the creator does not belong to, and a body without one", async () => {
    const owner = await backend.signUp(backend.internal())
    const stranger = await backend.signUp(backend.internal())
    const theirTeam = await backend.createOwnerTeam(stranger)
    const refused = await internalCall(owner, "POST", "/internal/projects", {
      display_name: "Nope",
      owner_team_id: theirTeam
    })
    assert.strictEqual(refused.status, 404)
    assert.strictEqual(refused.knownError, "TEAM_MEMBERSHIP_NOT_FOUND")
    assert.deepStrictEqual(refused.body.details, { team_id: theirTeam, user_id: owner.userId })
    const missing = await internalCall(owner, "POST", "/internal/projects", { display_name: "No team" })
    assert.strictEqual(missing.knownError, "SCHEMA_ERROR")
    assert.include(missing.body.details.message, "body.owner_team_id")
  })

  it("lists the projects of every team the user belongs to, and only those", async () => {
    const alice = await backend.signUp(backend.internal())
    const bob = await backend.signUp(backend.internal())
    const shared = await backend.createOwnerTeam(alice, "Shared")
    await addMember(shared, bob)
    const first = await backend.createProjectOwnedBy(alice, { displayName: "Alice's", teamId: shared })
    const second = await backend.createProjectOwnedBy(bob, { displayName: "Bob's own" })
    const forBob = await internalCall(bob, "GET", "/internal/projects")
    assert.strictEqual(forBob.status, 200)
    assert.strictEqual(forBob.body.is_paginated, false)
    assert.deepStrictEqual(forBob.body.items.map((p: { id: string }) => p.id).sort(), [first.id, second.id].sort())
    const forAlice = await internalCall(alice, "GET", "/internal/projects")
    assert.deepStrictEqual(
      forAlice.body.items.map((p: { id: string }) => p.id),
      [first.id]
    )
    assert.strictEqual(forAlice.body.items[0].owner_team_id, shared)
    // Any member of the owner team administers the project with their access token.
    assert.strictEqual((await asAdminToken(first.id, bob.accessToken)).status, 200)
    const notOwner = await asAdminToken(second.id, alice.accessToken)
    assert.strictEqual(notOwner.knownError, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN")
  })

  it("asks for a user first, then for the internal project", async () => {
    const anonymous = await backend.call(backend.internal(), "GET", "/internal/projects")
    assert.strictEqual(anonymous.status, 401)
    assert.strictEqual(anonymous.body.code, "USER_AUTHENTICATION_REQUIRED")
    const project = await backend.createProject()
    const noUserElsewhere = await backend.call(project, "GET", "/internal/projects")
    assert.strictEqual(noUserElsewhere.body.code, "USER_AUTHENTICATION_REQUIRED")
    const user = await backend.signUp(project)
    const elsewhere = await backend.call(project, "GET", "/internal/projects", { accessToken: user.accessToken })
    assert.strictEqual(elsewhere.body.code, "EXPECTED_INTERNAL_PROJECT")
  })

  it("validates the create body", async () => {
    const owner = await backend.signUp(backend.internal())
    const result = await internalCall(owner, "POST", "/internal/projects", { config: { sign_up_enabled: "sometimes" } })
    assert.strictEqual(result.body.code, "SCHEMA_ERROR")
    assert.include(result.body.details.message, "body.display_name")
    assert.include(result.body.details.message, "body.config.sign_up_enabled")
  })

  it("writes nothing to the creator's server metadata (the service no longer keeps managedProjectIds)", async () => {
    const owner = await backend.signUp(backend.internal())
    await backend.createProjectOwnedBy(owner)
    const user = await backend.call(backend.internal(), "GET", `/users/${owner.userId}`, { accessType: "server" })
    assert.isNull(user.body.server_metadata)
  })
})

describe("POST /internal/projects/transfer", () => {
  it('hands the project to another team of the caller, answering the string "true"', async () => {
    const owner = await backend.signUp(backend.internal())
    const project = await backend.createProjectOwnedBy(owner)
    const newTeam = await backend.createOwnerTeam(owner, "New home")
    const res = await internalCall(owner, "POST", "/internal/projects/transfer", {
      project_id: project.id,
      new_team_id: newTeam
    })
    assert.strictEqual(res.status, 200, res.text)
    assert.deepStrictEqual(res.body, { success: "true" })
    const read = await backend.call(project, "GET", "/internal/projects/current", { accessType: "admin" })
    assert.strictEqual(read.body.owner_team_id, newTeam)
  })

  it("refuses as the service does", async () => {
    const owner = await backend.signUp(backend.internal())
    const member = await backend.signUp(backend.internal())
    const project = await backend.createProjectOwnedBy(owner)
    const ownerTeam = project.owner?.teamId ?? ""
    const transfer = (user: TestUser, body: unknown) => internalCall(user, "POST", "/internal/projects/transfer", body)

    const unknown = await transfer(owner, { project_id: "no-such-project", new_team_id: ownerTeam })
    assert.strictEqual(unknown.knownError, "PROJECT_NOT_FOUND")
    const seeded = await transfer(owner, { project_id: "demo", new_team_id: ownerTeam })
    assert.strictEqual(seeded.status, 400)
    assert.include(seeded.text, "Project must have an owner team to be transferred")

    const stranger = await transfer(member, { project_id: project.id, new_team_id: ownerTeam })
    assert.strictEqual(stranger.knownError, "TEAM_MEMBERSHIP_NOT_FOUND")
    await addMember(ownerTeam, member)
    const notAdmin = await transfer(member, { project_id: project.id, new_team_id: ownerTeam })
    assert.strictEqual(notAdmin.knownError, "TEAM_PERMISSION_REQUIRED")

    const foreignTeam = await backend.createOwnerTeam(member)
    const notThere = await transfer(owner, { project_id: project.id, new_team_id: foreignTeam })
    assert.strictEqual(notThere.knownError, "TEAM_MEMBERSHIP_NOT_FOUND")

    const bad = await transfer(owner, { project_id: project.id })
    assert.strictEqual(bad.knownError, "SCHEMA_ERROR")
    const anonymous = await backend.call(backend.internal(), "POST", "/internal/projects/transfer", {
      body: { project_id: project.id, new_team_id: ownerTeam }
    })
    assert.strictEqual(anonymous.knownError, "SCHEMA_ERROR")
  })
})
