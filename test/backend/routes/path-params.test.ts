/**
 * Path parameters checked by the declarations' `params` schemas, over HTTP: a bad one is a SCHEMA_ERROR naming
 * it before anything is looked up, and the path, query and body are checked together, their problems named in
 * the order of the service's request schema (its CRUD routes: body, params, query; its routes that declare
 * params first: params, then body), as `PATCH /teams/me?team_id=…` names both the path and the query there.
 */
import { assert, describe, it } from "vitest"
import { expectStatus, schemaErrorLines, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

describe("path parameters", () => {
  it("a bad one is named, and nothing is looked up (an unknown well-formed id is the route's own answer)", async () => {
    const project = await backend.createProject()
    const server = { accessType: "server" } as const
    const cases: ReadonlyArray<readonly [string, string, string]> = [
      ["GET", "/users/not-a-user", "params.user_id must be a valid UUID"],
      ["GET", "/emails/outbox/42", "params.id must be a valid UUID"],
      ["DELETE", "/team-memberships/nope/me", "params.team_id must be a valid UUID"],
      ["GET", "/contact-channels/me/x", "params.contact_channel_id must be a valid UUID"],
      ["GET", "/user-api-keys/not-a-uuid", "params.api_key_id must be a valid UUID"]
    ]
    for (const [method, path, line] of cases) {
      assert.deepStrictEqual(schemaErrorLines(await backend.call(project, method, path, server)), [`  - ${line}`], path)
    }
    const unknown = await backend.call(project, "GET", "/users/00000000-0000-4000-8000-000000000000", server)
    assert.strictEqual(unknown.knownError, "USER_NOT_FOUND")
  })

  it("is checked before the route's own refusals (the API-key switch), as the service validates first", async () => {
    const project = await backend.createProject({ config: { allow_user_api_keys: false } })
    const server = { accessType: "server" } as const
    const malformed = await backend.call(project, "GET", "/user-api-keys/not-a-uuid", server)
    assert.deepStrictEqual(schemaErrorLines(malformed), ["  - params.api_key_id must be a valid UUID"])
    const wellFormed = await backend.call(project, "GET", "/user-api-keys/00000000-0000-4000-8000-000000000000", server)
    assert.deepStrictEqual(
      [wellFormed.status, wellFormed.text],
      [400, "User API keys are not enabled for this project."]
    )
  })

  it("a percent-encoded segment is decoded before its schema sees it", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const read = await backend.call(project, "GET", `/users/${encodeURIComponent(user.userId)}`, {
      accessType: "server"
    })
    assert.strictEqual(expectStatus(read, 200).body.id, user.userId)
    const slash = await backend.call(project, "GET", `/users/${encodeURIComponent("a/b")}`, { accessType: "server" })
    assert.deepStrictEqual(schemaErrorLines(slash), ["  - params.user_id must be a valid UUID"])
  })

  it("a CRUD route names the body, then the path, then the query (the service's key order)", async () => {
    const project = await backend.createProject()
    const server = { accessType: "server" } as const
    const both = await backend.call(project, "PATCH", "/teams/me?team_id=x", { ...server, body: { display_name: "x" } })
    assert.deepStrictEqual(schemaErrorLines(both), [
      "  - params.team_id must be a valid UUID",
      "  - query contains unknown properties: team_id"
    ])
    const three = await backend.call(project, "PATCH", "/teams/me?team_id=x", { ...server, body: { display_name: 5 } })
    const lines = schemaErrorLines(three)
    assert.lengthOf(lines, 3)
    assert.match(lines[0] ?? "", /^ {2}- body\.display_name /)
    assert.deepStrictEqual(lines.slice(1), [
      "  - params.team_id must be a valid UUID",
      "  - query contains unknown properties: team_id"
    ])
  })

  it("a route whose request schema lists params first names the path before the body", async () => {
    const project = await backend.createProject()
    const admin = { accessType: "admin" } as const
    const answer = await backend.call(project, "PATCH", "/internal/config/override/nowhere", { ...admin, body: {} })
    const lines = schemaErrorLines(answer)
    assert.lengthOf(lines, 2)
    assert.match(lines[0] ?? "", /^ {2}- params\.level /)
    assert.match(lines[1] ?? "", /^ {2}- body\.config_override_string /)
  })
})
