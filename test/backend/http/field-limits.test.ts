/**
 * Field limits: metadata and string lengths (SCHEMA_ERROR, nothing stored), the hosted 367-day limit of
 * server-created sessions, and API key expiry dates the database can keep.
 */
import { assert, describe, it } from "@effect/vitest"
import { MAX_METADATA_BYTES, MAX_STRING_LENGTH } from "../../../backend/src/http/input-limits.js"
import { type CallResult, expectStatus, type TestProject, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const DAY = 86_400_000

const assertSchemaError = (result: CallResult, where: string) => {
  assert.strictEqual(result.status, 400, result.text.slice(0, 300))
  assert.strictEqual(result.body.code, "SCHEMA_ERROR")
  assert.include(result.body.details.message, where)
}

/** A JSON object whose serialised form is exactly `bytes` long. */
const metadataOfSize = (bytes: number) => ({ v: "x".repeat(bytes - '{"v":""}'.length) })

describe("field limits", () => {
  it("refuses metadata over the limit in every metadata field, and keeps one at the limit", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const atLimit = metadataOfSize(MAX_METADATA_BYTES)
    const overLimit = metadataOfSize(MAX_METADATA_BYTES + 1)
    for (const field of ["client_metadata", "client_read_only_metadata", "server_metadata"]) {
      assertSchemaError(
        await backend.call(project, "PATCH", `/users/${user.userId}`, {
          accessType: "server",
          body: { [field]: overLimit }
        }),
        `body.${field}: must be at most ${MAX_METADATA_BYTES} bytes of JSON`
      )
    }
    assertSchemaError(
      await backend.call(project, "POST", "/teams", {
        accessType: "server",
        body: { display_name: "T", client_metadata: overLimit }
      }),
      "body.client_metadata"
    )
    const unchanged = expectStatus(
      await backend.call(project, "GET", `/users/${user.userId}`, { accessType: "server" }),
      200
    )
    assert.strictEqual(unchanged.body.server_metadata, null)
    const teams = expectStatus(await backend.call(project, "GET", "/teams", { accessType: "server" }), 200)
    assert.deepStrictEqual(teams.body.items, [])

    const kept = expectStatus(
      await backend.call(project, "PATCH", "/users/me", {
        accessToken: user.accessToken,
        body: { client_metadata: atLimit }
      }),
      200
    )
    assert.deepStrictEqual(kept.body.client_metadata, atLimit)
  })

  it("refuses a string over the length limit", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    assertSchemaError(
      await backend.call(project, "POST", "/teams", {
        accessType: "server",
        body: { display_name: "n".repeat(MAX_STRING_LENGTH + 1), creator_user_id: user.userId }
      }),
      `body.display_name: must be at most ${MAX_STRING_LENGTH} characters long`
    )
    const teams = expectStatus(await backend.call(project, "GET", "/teams", { accessType: "server" }), 200)
    assert.deepStrictEqual(teams.body.items, [])
  })

  it("limits server-created sessions to 367 days, as the hosted service does", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const create = (expiresInMillis: number) =>
      backend.call(project, "POST", "/auth/sessions", {
        accessType: "server",
        body: { user_id: user.userId, expires_in_millis: expiresInMillis }
      })
    const sessionsBefore = expectStatus(
      await backend.call(project, "GET", `/auth/sessions?user_id=${user.userId}`, { accessType: "server" }),
      200
    )
    assertSchemaError(await create(8.64e15 + 1), "body.expires_in_millis")
    assertSchemaError(await create(367 * DAY + 1), "body.expires_in_millis")
    const sessionsAfter = expectStatus(
      await backend.call(project, "GET", `/auth/sessions?user_id=${user.userId}`, { accessType: "server" }),
      200
    )
    assert.strictEqual(sessionsAfter.body.items.length, sessionsBefore.body.items.length)
    expectStatus(await create(367 * DAY), 200)
  })

  it("refuses API key expiry dates outside years 1 to 9999, and stores none of them", async () => {
    const project = await backend.createProject()
    const createKey = (p: TestProject, expiresAtMillis: number) =>
      backend.call(p, "POST", "/internal/api-keys", {
        accessType: "admin",
        body: {
          description: "limits",
          expires_at_millis: expiresAtMillis,
          has_publishable_client_key: true,
          has_secret_server_key: false,
          has_super_secret_admin_key: false
        }
      })
    const before = expectStatus(await backend.call(project, "GET", "/internal/api-keys", { accessType: "admin" }), 200)
    for (const millis of [
      8.64e15,
      Date.parse("+010000-01-01T00:00:00Z"),
      Date.parse("0000-12-31T23:59:59.999Z"),
      -8.64e15
    ]) {
      assertSchemaError(await createKey(project, millis), "body.expires_at_millis")
    }
    const after = expectStatus(await backend.call(project, "GET", "/internal/api-keys", { accessType: "admin" }), 200)
    assert.deepStrictEqual(after.body.items, before.body.items)
    const latest = expectStatus(await createKey(project, Date.parse("9999-12-31T23:59:59.999Z")), 200)
    assert.strictEqual(latest.body.expires_at_millis, Date.parse("9999-12-31T23:59:59.999Z"))
  })
})
