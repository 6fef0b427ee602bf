/**
 * Input PostgreSQL cannot store, or that would exhaust a validator, is a 400 SCHEMA_ERROR naming where it
 * is, never a 500, and changes nothing: NUL in path ids (every route with a parameter), in query values,
 * in names, e-mails and metadata (values and keys); unpaired surrogates; JSON nested 10,000 deep; number
 * literals past the double range.
 */
import { assert, describe, it } from "@effect/vitest"
import { beforeAll } from "vitest"
import { type CallResult, expectStatus, useKitBackend } from "../../support/local-backend.js"
import { type RouteEntry, routeTable } from "../../support/route-table.js"

const backend = useKitBackend()

let routes: ReadonlyArray<RouteEntry> = []
beforeAll(async () => {
  routes = await routeTable()
})

const assertSchemaError = (result: CallResult, where: string) => {
  assert.strictEqual(result.status, 400, result.text.slice(0, 300))
  assert.strictEqual(result.body.code, "SCHEMA_ERROR")
  assert.include(result.body.details.message, where)
}

describe("input the database cannot store", () => {
  it("answers SCHEMA_ERROR for a NUL in any path id, with every access type", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const withParams = routes.filter((route) => route.path.includes("/:"))
    assert.isAbove(withParams.length, 20)
    for (const route of withParams) {
      const path = route.path.replace(/:[A-Za-z]+/g, "a%00b")
      for (const accessType of ["client", "server", "admin"] as const) {
        const url = `${backend.localBackend().url}${path}`
        const response = await fetch(url, {
          method: route.method,
          headers: {
            "x-stack-access-type": accessType,
            "x-stack-project-id": project.id,
            "x-stack-publishable-client-key": project.publishableClientKey,
            "x-stack-secret-server-key": project.secretServerKey,
            "x-stack-super-secret-admin-key": project.superSecretAdminKey,
            "x-stack-access-token": user.accessToken
          },
          redirect: "manual"
        })
        const text = await response.text()
        assert.isBelow(response.status, 500, `${route.method} ${path} (${accessType}): ${text.slice(0, 200)}`)
      }
    }
    // The API names the parameter; the mailbox has no message under such a name.
    assertSchemaError(await backend.call(project, "GET", "/users/a%00b", { accessType: "server" }), "params.user_id")
    assertSchemaError(await backend.call(project, "GET", "/teams/a%00b", { accessType: "server" }), "params.team_id")
    const mailbox = await fetch(`${backend.localBackend().url}/mailbox/api/v1/mailbox/a%00b`)
    assert.strictEqual(mailbox.status, 200)
    assert.deepStrictEqual(await mailbox.json(), [])
  })

  it("answers SCHEMA_ERROR for a NUL in a query value", async () => {
    const project = await backend.createProject()
    assertSchemaError(
      await backend.call(project, "GET", "/users?cursor=a%00b&limit=2", { accessType: "server" }),
      "query.cursor"
    )
    assertSchemaError(
      await backend.call(project, "GET", "/auth/sessions?user_id=%00", { accessType: "server" }),
      "query.user_id"
    )
  })

  it("answers SCHEMA_ERROR for a NUL in names, e-mails and metadata, and stores nothing", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const patch = (body: unknown) =>
      backend.call(project, "PATCH", "/users/me", { accessToken: user.accessToken, body })
    assertSchemaError(
      await patch({ display_name: "Ada\u0000" }),
      "body.display_name: must not contain the NUL character"
    )
    assertSchemaError(
      await patch({ display_name: "ok", client_metadata: { a: ["x\u0000"] } }),
      "body.client_metadata.a.0"
    )
    assertSchemaError(
      await patch({ client_metadata: { "k\u0000": 1 } }),
      "body.client_metadata: a key must not contain"
    )
    assertSchemaError(
      await backend.call(project, "POST", "/users", {
        accessType: "server",
        body: { primary_email: "a\u0000@example.test" }
      }),
      "body.primary_email"
    )
    assertSchemaError(
      await backend.call(project, "POST", "/auth/password/sign-up", {
        body: { email: "b\u0000@example.test", password: "correct horse" }
      }),
      "body.email"
    )
    assertSchemaError(
      await backend.call(project, "POST", "/teams", { accessType: "server", body: { display_name: "T\u0000" } }),
      "body.display_name"
    )
    const me = expectStatus(await backend.call(project, "GET", "/users/me", { accessToken: user.accessToken }), 200)
    assert.strictEqual(me.body.display_name, null)
    assert.strictEqual(me.body.client_metadata, null)
    const users = expectStatus(await backend.call(project, "GET", "/users", { accessType: "server" }), 200)
    assert.strictEqual(users.body.items.length, 1)
    const teams = expectStatus(await backend.call(project, "GET", "/teams", { accessType: "server" }), 200)
    assert.deepStrictEqual(teams.body.items, [])
  })

  it("answers SCHEMA_ERROR for unpaired surrogates in values and keys", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const patch = (raw: string) =>
      backend.call(project, "PATCH", "/users/me", { accessToken: user.accessToken, body: raw })
    assertSchemaError(await patch('{"display_name": "\\ud800"}'), "body.display_name: must be valid Unicode")
    assertSchemaError(await patch('{"client_metadata": "a\\udfffb"}'), "body.client_metadata")
    assertSchemaError(
      await patch('{"client_metadata": {"\\ud83d": 1}}'),
      "body.client_metadata: a key must be valid Unicode"
    )
    // A pair is one character and fine.
    const paired = expectStatus(await patch('{"display_name": "\\ud83d\\ude00"}'), 200)
    assert.strictEqual(paired.body.display_name, "\u{1F600}")
  })

  it("answers SCHEMA_ERROR for JSON nested 10,000 deep and for numbers past the double range", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const patch = (raw: string) =>
      backend.call(project, "PATCH", "/users/me", { accessToken: user.accessToken, body: raw })
    const deep = `{"client_metadata": ${"[".repeat(10_000)}${"]".repeat(10_000)}}`
    assertSchemaError(await patch(deep), "body: must not nest deeper than 64 levels")
    assertSchemaError(
      await patch('{"client_metadata": {"n": 1e400}}'),
      "body.client_metadata.n: must be a finite number"
    )
    const me = expectStatus(await backend.call(project, "GET", "/users/me", { accessToken: user.accessToken }), 200)
    assert.strictEqual(me.body.client_metadata, null)
  })
})
