/**
 * Answers whose exact words and shapes the service's own e2e tests pin (issue 28), over HTTP: SCHEMA_ERROR lines
 * in yup's layout (`<field> <message>`, each once), a client's server-only fields named as unknown properties,
 * the listing of direct team permissions without `recursive=true`, sorted contained permission ids, and the
 * passkey registration options the service's WebAuthn library version produces.
 */
import { assert, describe, it } from "vitest"
import {
  type CallResult,
  expectStatus,
  schemaErrorLines,
  type TestProject,
  useKitBackend
} from "../../support/local-backend.js"

const backend = useKitBackend()

const authorizeQuery = (project: TestProject, overrides: Record<string, string>) =>
  new URLSearchParams({
    client_id: project.id,
    client_secret: project.publishableClientKey,
    redirect_uri: "http://localhost:3000/handler/oauth-callback",
    scope: "legacy",
    state: "state-1",
    grant_type: "authorization_code",
    code_challenge: "challenge-1",
    code_challenge_method: "S256",
    response_type: "code",
    ...overrides
  }).toString()

describe("SCHEMA_ERROR in the service's words", () => {
  it("an empty e-mail is empty, not a bad address; a missing key must be defined", async () => {
    const project = await backend.createProject()
    const empty = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email: "", password: "password-123" }
    })
    assert.deepStrictEqual(schemaErrorLines(empty), ["  - body.email must not be empty"])
    const missing = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email: "ada@example.com" }
    })
    assert.deepStrictEqual(schemaErrorLines(missing), ["  - body.password must be defined"])
  })

  it("a URL with spaces contains spaces and is not a URL; a bad URL is said once", async () => {
    const project = await backend.createProject()
    const spaced = await backend.call(
      project,
      "GET",
      `/auth/oauth/authorize/github?${authorizeQuery(project, { redirect_uri: "this is not a URL" })}`,
      { accessType: "none" }
    )
    assert.deepStrictEqual(schemaErrorLines(spaced), [
      "  - query.redirect_uri contains spaces",
      "  - query.redirect_uri is not a valid URL"
    ])
    const bad = await backend.call(
      project,
      "GET",
      `/auth/oauth/authorize/github?${authorizeQuery(project, { after_callback_redirect_url: "not-a-url" })}`,
      { accessType: "none" }
    )
    assert.deepStrictEqual(schemaErrorLines(bad), ["  - query.after_callback_redirect_url is not a valid URL"])
    const user = await backend.signUp(project)
    const image = await backend.call(project, "PATCH", "/users/me", {
      accessType: "server",
      accessToken: user.accessToken,
      body: { profile_image_url: "" }
    })
    assert.deepStrictEqual(schemaErrorLines(image), ["  - body.profile_image_url is not a valid URL"])
  })

  it("is_anonymous can only be false; a user id must be a UUID", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const anonymous = await backend.call(project, "PATCH", `/users/${user.userId}`, {
      accessType: "server",
      body: { is_anonymous: true }
    })
    assert.deepStrictEqual(schemaErrorLines(anonymous), [
      "  - body.is_anonymous must be one of the following values: false"
    ])
    const notUuid = await backend.call(project, "GET", "/connected-accounts/not-a-user-id", { accessType: "server" })
    assert.deepStrictEqual(schemaErrorLines(notUuid), ["  - params.user_id must be a valid UUID"])
  })

  it("a client's server-only team fields are unknown properties, with the body's other unknown keys", async () => {
    const project = await backend.createProject({ config: { client_team_creation_enabled: true } })
    const user = await backend.signUp(project)
    const team = expectStatus(
      await backend.call(project, "POST", "/teams", {
        accessToken: user.accessToken,
        body: { display_name: "Team", creator_user_id: "me" }
      }),
      201
    )
    const patched = await backend.call(project, "PATCH", `/teams/${team.body.id}`, {
      accessToken: user.accessToken,
      body: { extra: 1, client_read_only_metadata: { a: 1 }, display_name: 5 }
    })
    assert.includeMembers(schemaErrorLines(patched) as Array<string>, [
      "  - body contains unknown properties: extra, client_read_only_metadata"
    ])
    const only = await backend.call(project, "PATCH", `/teams/${team.body.id}`, {
      accessToken: user.accessToken,
      body: { server_metadata: { a: 1 } }
    })
    assert.deepStrictEqual(schemaErrorLines(only), ["  - body contains unknown properties: server_metadata"])
    // A team path id is a UUID, checked before the team is looked up (it was TEAM_MEMBERSHIP_NOT_FOUND for `me`).
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const me = await backend.call(project, method, "/teams/me", {
        accessToken: user.accessToken,
        ...(method === "PATCH" ? { body: { display_name: "x" } } : {})
      })
      assert.deepStrictEqual(schemaErrorLines(me), ["  - params.team_id must be a valid UUID"], method)
    }
  })
})

describe("team permissions as the service lists them", () => {
  it("lists direct grants unless recursive=true, and answers contained ids sorted", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const team = await backend.createTeam(project, user.userId, "Team")
    const list = (flag: string) =>
      backend.call(project, "GET", `/team-permissions?team_id=${team.body.id}&user_id=${user.userId}${flag}`, {
        accessType: "server"
      })
    const ids = (answer: CallResult) => expectStatus(answer, 200).body.items.map((p: { id: string }) => p.id)
    assert.deepStrictEqual(ids(await list("")), ["team_admin"])
    assert.deepStrictEqual(ids(await list("&recursive=false")), ["team_admin"])
    assert.deepStrictEqual(ids(await list("&recursive=true")), [
      "$delete_team",
      "$invite_members",
      "$manage_api_keys",
      "$read_members",
      "$remove_members",
      "$update_team",
      "team_admin"
    ])
    const definitions = expectStatus(
      await backend.call(project, "GET", "/team-permission-definitions", { accessType: "admin" }),
      200
    )
    const contained = (id: string): Array<string> =>
      definitions.body.items.find((d: { id: string }) => d.id === id).contained_permission_ids
    assert.deepStrictEqual(contained("team_admin"), [
      "$delete_team",
      "$invite_members",
      "$manage_api_keys",
      "$read_members",
      "$remove_members",
      "$update_team"
    ])
    assert.deepStrictEqual(contained("team_member"), ["$invite_members", "$read_members"])
  })
})

describe("passkey registration options", () => {
  it("offer EdDSA, ES256 and RS256 and no empty hints, as the service's", async () => {
    const project = await backend.createProject({ config: { passkey_enabled: true } })
    const user = await backend.signUp(project)
    const started = expectStatus(
      await backend.call(project, "POST", "/auth/passkey/initiate-passkey-registration", {
        accessToken: user.accessToken,
        body: {}
      }),
      200
    )
    const options = started.body.options_json
    assert.deepStrictEqual(
      options.pubKeyCredParams.map((p: { alg: number }) => p.alg),
      [-8, -7, -257]
    )
    assert.notProperty(options, "hints")
  })
})
