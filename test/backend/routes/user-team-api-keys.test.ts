/**
 * `/user-api-keys` and `/team-api-keys` as the hosted service answers them (its e2e suite
 * apps/e2e/tests/backend/endpoints/api/v1/api-keys.test.ts is the reference for statuses, codes and bodies).
 */
import { assert, describe, it } from "@effect/vitest"
import { type TestProject, type TestUser, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const enabled = (user = true, team = true) =>
  backend.createProject({ config: { allow_user_api_keys: user, allow_team_api_keys: team } })

/** `sk_`/`pk_`, 45 random, the id without dashes, the kind, a flag, the marker and a CRC-32. */
const keyPattern = (prefix: "sk" | "pk", id: string, type: "user" | "team") =>
  new RegExp(`^${prefix}_[0-9a-z]{45}${id.replace(/-/g, "")}${type}[0-9a-z]574ck4u7h[0-9a-f]{8}$`)

const createUserKey = (project: TestProject, user: TestUser, body: Record<string, unknown> = {}) =>
  backend.call(project, "POST", "/user-api-keys", {
    accessType: "client",
    accessToken: user.accessToken,
    body: { user_id: "me", description: "CLI", expires_at_millis: null, ...body }
  })

const check = (project: TestProject, kind: "user" | "team", apiKey: string) =>
  backend.call(project, "POST", `/${kind}-api-keys/check`, { accessType: "server", body: { api_key: apiKey } })

const errorBody = (code: string, error: string) => ({ code, error })

describe("user API keys", () => {
  it("a project with them off refuses every route with the service's plain 400; team keys still work", async () => {
    const project = await enabled(false, true)
    const user = await backend.signUp(project)
    const created = await createUserKey(project, user)
    assert.strictEqual(created.status, 400)
    assert.strictEqual(created.text, "User API keys are not enabled for this project.")
    assert.isNull(created.knownError)
    const listed = await backend.call(project, "GET", "/user-api-keys?user_id=me", {
      accessType: "client",
      accessToken: user.accessToken
    })
    assert.strictEqual(listed.text, "User API keys are not enabled for this project.")
    const checked = await check(project, "user", "sk_whatever")
    assert.strictEqual(checked.status, 400)

    const team = await backend.createTeam(project, user.userId, "T")
    const teamKey = await backend.call(project, "POST", "/team-api-keys", {
      accessType: "client",
      accessToken: user.accessToken,
      body: { team_id: team.body.id, description: "This should work", expires_at_millis: null }
    })
    assert.strictEqual(teamKey.status, 200, teamKey.text)
    assert.deepStrictEqual(Object.keys(teamKey.body).sort(), [
      "created_at_millis",
      "description",
      "id",
      "is_public",
      "team_id",
      "type",
      "value"
    ])
    assert.match(teamKey.body.value, keyPattern("sk", teamKey.body.id, "team"))

    const off = await enabled(true, false)
    const offUser = await backend.signUp(off)
    const refused = await backend.call(off, "GET", `/team-api-keys?team_id=${team.body.id}`, {
      accessType: "client",
      accessToken: offUser.accessToken
    })
    assert.deepStrictEqual([refused.status, refused.text], [400, "Team API keys are not enabled for this project."])
  })

  it("creates a key shown once, lists it newest first with its last four, reads it, and checks it", async () => {
    const project = await enabled()
    const user = await backend.signUp(project)
    const first = await createUserKey(project, user, { description: "First API Key" })
    const expiresAt = Date.now() + 86_400_000
    const second = await createUserKey(project, user, { description: "Second API Key", expires_at_millis: expiresAt })
    assert.strictEqual(first.status, 200, first.text)
    // A key that never expires and was never revoked has neither field, as the service answers.
    assert.deepStrictEqual(Object.keys(first.body).sort(), [
      "created_at_millis",
      "description",
      "id",
      "is_public",
      "type",
      "user_id",
      "value"
    ])
    assert.deepStrictEqual([first.body.type, first.body.user_id, first.body.is_public], ["user", user.userId, false])
    assert.match(first.body.value, keyPattern("sk", first.body.id, "user"))
    assert.strictEqual(second.body.expires_at_millis, expiresAt)

    const listed = await backend.call(project, "GET", `/user-api-keys?user_id=${user.userId}`, {
      accessType: "client",
      accessToken: user.accessToken
    })
    assert.strictEqual(listed.status, 200, listed.text)
    assert.strictEqual(listed.body.is_paginated, false)
    assert.deepStrictEqual(
      listed.body.items.map((k: { description: string }) => k.description),
      ["Second API Key", "First API Key"]
    )
    assert.deepStrictEqual(listed.body.items[1].value, { last_four: first.body.value.slice(-4) })
    assert.notProperty(listed.body.items[1], "expires_at_millis")

    // Reading needs no user_id, on the client and on the server; another query key is refused.
    const read = await backend.call(project, "GET", `/user-api-keys/${first.body.id}`, {
      accessType: "client",
      accessToken: user.accessToken
    })
    assert.deepStrictEqual(read.body, listed.body.items[1])
    const serverRead = await backend.call(project, "GET", `/user-api-keys/${first.body.id}`, { accessType: "server" })
    assert.deepStrictEqual(serverRead.body, read.body)
    const extra = await backend.call(project, "GET", `/user-api-keys/${first.body.id}?user_id=me&team_id=x`, {
      accessType: "client",
      accessToken: user.accessToken
    })
    assert.deepStrictEqual([extra.status, extra.knownError], [400, "SCHEMA_ERROR"])
    assert.include(extra.body.error, "query contains unknown properties: team_id")

    const checked = await check(project, "user", first.body.value)
    assert.strictEqual(checked.status, 200, checked.text)
    assert.deepStrictEqual(checked.body, read.body)
    // Clients cannot check keys.
    const clientCheck = await backend.call(project, "POST", "/user-api-keys/check", {
      accessType: "client",
      body: { api_key: first.body.value }
    })
    assert.strictEqual(clientCheck.knownError, "INSUFFICIENT_ACCESS_TYPE")
  })

  it("an expiry the database cannot keep is SCHEMA_ERROR, not a server error", async () => {
    const project = await enabled()
    const user = await backend.signUp(project)
    const early = await createUserKey(project, user, { expires_at_millis: -8_640_000_000_000_000 })
    assert.deepStrictEqual([early.status, early.knownError], [400, "SCHEMA_ERROR"])
    assert.include(early.body.error, "body.expires_at_millis")
  })

  it("public keys start with pk_", async () => {
    const project = await enabled()
    const user = await backend.signUp(project)
    const created = await createUserKey(project, user, { is_public: true })
    assert.strictEqual(created.body.is_public, true)
    assert.match(created.body.value, keyPattern("pk", created.body.id, "user"))
  })

  it("refuses unknown, expired, revoked and wrong-kind keys with the service's known errors", async () => {
    const project = await enabled()
    const user = await backend.signUp(project)
    const notFound = await check(project, "user", "sk_this_is_a_fake_api_key_123456789")
    assert.deepStrictEqual(
      [notFound.status, notFound.knownError, notFound.body],
      [404, "API_KEY_NOT_FOUND", errorBody("API_KEY_NOT_FOUND", "API key not found.")]
    )

    const expired = await createUserKey(project, user, { expires_at_millis: Date.now() - 3_600_000 })
    assert.strictEqual(expired.status, 200, expired.text)
    const expiredCheck = await check(project, "user", expired.body.value)
    assert.deepStrictEqual(
      [expiredCheck.status, expiredCheck.body],
      [401, errorBody("API_KEY_EXPIRED", "API key has expired.")]
    )

    // A key with one character changed fails its checksum: not found, as an unknown key.
    const live = await createUserKey(project, user)
    const value: string = live.body.value
    const tampered = value.slice(0, 5) + (value[5] === "a" ? "b" : "a") + value.slice(6)
    assert.strictEqual((await check(project, "user", tampered)).knownError, "API_KEY_NOT_FOUND")

    const revoke = () =>
      backend.call(project, "PATCH", `/user-api-keys/${live.body.id}?user_id=${user.userId}`, {
        accessType: "client",
        accessToken: user.accessToken,
        body: { revoked: true }
      })
    const revoked = await revoke()
    assert.strictEqual(revoked.status, 200, revoked.text)
    assert.isNumber(revoked.body.manually_revoked_at_millis)
    const again = await revoke()
    assert.strictEqual(again.body.manually_revoked_at_millis, revoked.body.manually_revoked_at_millis)
    const revokedCheck = await check(project, "user", value)
    assert.deepStrictEqual(
      [revokedCheck.status, revokedCheck.body],
      [401, errorBody("API_KEY_REVOKED", "API key has been revoked.")]
    )
    // `revoked: false` is not a thing.
    const unrevoke = await backend.call(project, "PATCH", `/user-api-keys/${live.body.id}`, {
      accessType: "server",
      body: { revoked: false }
    })
    assert.strictEqual(unrevoke.knownError, "SCHEMA_ERROR")

    const team = await backend.createTeam(project, user.userId, "T")
    const teamKey = await backend.call(project, "POST", "/team-api-keys", {
      accessType: "server",
      body: { team_id: team.body.id, description: "Team", expires_at_millis: null }
    })
    const wrong = await check(project, "user", teamKey.body.value)
    assert.deepStrictEqual(
      [wrong.status, wrong.body],
      [
        400,
        {
          code: "WRONG_API_KEY_TYPE",
          details: { actual_type: "team", expected_type: "user" },
          error: "This endpoint is for user API keys, but a team API key was provided."
        }
      ]
    )
    const teamCheck = await check(project, "team", teamKey.body.value)
    assert.deepStrictEqual(
      [teamCheck.status, teamCheck.body.team_id, teamCheck.body.value],
      [200, team.body.id, { last_four: teamKey.body.value.slice(-4) }]
    )
  })

  it("a client manages only its own keys; a server anyone's, and must name the user to list", async () => {
    const project = await enabled()
    const ann = await backend.signUp(project)
    const bob = await backend.signUp(project)
    const annKey = await createUserKey(project, ann)
    const forbidden = "Client can only manage their own api keys"

    const forAnn = await createUserKey(project, bob, { user_id: ann.userId })
    assert.deepStrictEqual([forAnn.status, forAnn.text], [403, forbidden])
    const list = await backend.call(project, "GET", `/user-api-keys?user_id=${ann.userId}`, {
      accessType: "client",
      accessToken: bob.accessToken
    })
    assert.deepStrictEqual([list.status, list.text], [403, forbidden])
    const patch = await backend.call(project, "PATCH", `/user-api-keys/${annKey.body.id}?user_id=${ann.userId}`, {
      accessType: "client",
      accessToken: bob.accessToken,
      body: { description: "Unauthorized Update", revoked: true }
    })
    assert.deepStrictEqual([patch.status, patch.text], [403, forbidden])
    assert.strictEqual((await check(project, "user", annKey.body.value)).status, 200)

    const signedOut = await backend.call(project, "GET", `/user-api-keys/${annKey.body.id}`, { accessType: "client" })
    assert.strictEqual(signedOut.knownError, "USER_AUTHENTICATION_REQUIRED")

    const serverMade = await backend.call(project, "POST", "/user-api-keys", {
      accessType: "server",
      body: { user_id: ann.userId, description: "Server-created", expires_at_millis: Date.now() + 86_400_000 }
    })
    assert.strictEqual(serverMade.status, 200, serverMade.text)
    assert.strictEqual(serverMade.body.user_id, ann.userId)

    const unnamed = await backend.call(project, "GET", "/user-api-keys", { accessType: "server" })
    assert.deepStrictEqual(
      [unnamed.status, unnamed.body],
      [
        400,
        {
          code: "SCHEMA_ERROR",
          details: { message: "user_id is required for user API keys" },
          error: "user_id is required for user API keys"
        }
      ]
    )

    const withOwner = await backend.call(project, "PATCH", `/user-api-keys/${annKey.body.id}`, {
      accessType: "client",
      accessToken: ann.accessToken,
      body: { description: "Updated", user_id: bob.userId }
    })
    assert.strictEqual(withOwner.knownError, "SCHEMA_ERROR")
    assert.include(withOwner.body.error, "body contains unknown properties: user_id")

    const renamed = await backend.call(project, "PATCH", `/user-api-keys/${annKey.body.id}`, {
      accessType: "client",
      accessToken: ann.accessToken,
      body: { description: "Renamed" }
    })
    assert.deepStrictEqual([renamed.status, renamed.body.description], [200, "Renamed"])
    assert.notProperty(renamed.body, "manually_revoked_at_millis")

    const badId = await backend.call(project, "GET", "/user-api-keys/not-a-uuid", { accessType: "server" })
    assert.strictEqual(badId.knownError, "SCHEMA_ERROR")
    const unknownId = await backend.call(project, "GET", "/user-api-keys/00000000-0000-4000-8000-000000000000", {
      accessType: "server"
    })
    assert.strictEqual(unknownId.knownError, "API_KEY_NOT_FOUND")
  })
})

describe("team API keys", () => {
  it("need $manage_api_keys, held directly or through another permission; others get API_KEY_NOT_FOUND", async () => {
    const project = await enabled()
    const creator = await backend.signUp(project)
    const member = await backend.signUp(project)
    const outsider = await backend.signUp(project)
    const team = await backend.createTeam(project, creator.userId, "Lab")
    const teamId: string = team.body.id
    await backend.call(project, "POST", `/team-memberships/${teamId}/${member.userId}`, {
      accessType: "server",
      body: {}
    })

    const create = (user: TestUser) =>
      backend.call(project, "POST", "/team-api-keys", {
        accessType: "client",
        accessToken: user.accessToken,
        body: { team_id: teamId, description: "Team API Key", expires_at_millis: Date.now() + 86_400_000 }
      })
    // The creator's default permission contains $manage_api_keys.
    const made = await create(creator)
    assert.strictEqual(made.status, 200, made.text)
    assert.deepStrictEqual([made.body.type, made.body.team_id], ["team", teamId])

    for (const user of [member, outsider]) {
      const refused = await create(user)
      assert.deepStrictEqual(
        [refused.status, refused.body],
        [404, errorBody("API_KEY_NOT_FOUND", "API key not found.")]
      )
      const listed = await backend.call(project, "GET", `/team-api-keys?team_id=${teamId}`, {
        accessType: "client",
        accessToken: user.accessToken
      })
      assert.strictEqual(listed.knownError, "API_KEY_NOT_FOUND")
    }

    // Granted directly, the member may.
    await backend.call(project, "POST", `/team-permissions/${teamId}/${member.userId}/$manage_api_keys`, {
      accessType: "server",
      body: {}
    })
    const listed = await backend.call(project, "GET", `/team-api-keys?team_id=${teamId}`, {
      accessType: "client",
      accessToken: member.accessToken
    })
    assert.strictEqual(listed.status, 200, listed.text)
    assert.deepStrictEqual(
      listed.body.items.map((k: { id: string }) => k.id),
      [made.body.id]
    )
    const revoked = await backend.call(project, "PATCH", `/team-api-keys/${made.body.id}?team_id=${teamId}`, {
      accessType: "client",
      accessToken: member.accessToken,
      body: { revoked: true }
    })
    assert.strictEqual(revoked.status, 200, revoked.text)
    assert.strictEqual((await check(project, "team", made.body.value)).knownError, "API_KEY_REVOKED")

    // The list names its team.
    const unnamed = await backend.call(project, "GET", "/team-api-keys", { accessType: "server" })
    assert.strictEqual(unnamed.knownError, "SCHEMA_ERROR")
    // A user's key is not a team key.
    const userKey = await createUserKey(project, creator)
    const wrongRead = await backend.call(project, "GET", `/team-api-keys/${userKey.body.id}?team_id=${teamId}`, {
      accessType: "server"
    })
    assert.strictEqual(wrongRead.knownError, "API_KEY_NOT_FOUND")
    const wrongCheck = await check(project, "team", userKey.body.value)
    assert.deepStrictEqual(wrongCheck.body.details, { expected_type: "team", actual_type: "user" })
  })

  it("a key from another project is unknown here", async () => {
    const a = await enabled()
    const b = await enabled()
    const user = await backend.signUp(a)
    const key = await createUserKey(a, user)
    assert.strictEqual((await check(b, "user", key.body.value)).knownError, "API_KEY_NOT_FOUND")
    const read = await backend.call(b, "GET", `/user-api-keys/${key.body.id}`, { accessType: "server" })
    assert.strictEqual(read.knownError, "API_KEY_NOT_FOUND")
  })
})
