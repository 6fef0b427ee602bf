/**
 * The actor policy's refusals (backend/src/operations/acting-user.ts and each domain's `*-actors.ts`), route by
 * route, with the hosted service's codes, statuses and texts: a client names only itself, `"me"` needs a
 * signed-in user, a server's named user must exist, and a client acts on a team only as the project and its
 * permissions allow. Those the other route tests do not already pin.
 */
import { randomUUID } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

describe("the actor policy: whom a client may name", () => {
  it("a client reaches only its own contact channels, sessions, connected accounts and permissions", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const other = await backend.signUp(project)
    const asUser = { accessToken: user.accessToken }
    const refusals: ReadonlyArray<readonly [string, string, string]> = [
      ["GET", `/contact-channels?user_id=${other.userId}`, "Client can only list contact channels for their own user."],
      ["GET", `/auth/sessions?user_id=${other.userId}`, "Client can only list sessions for their own user."],
      [
        "POST",
        `/connected-accounts/${other.userId}/github/access-token`,
        "Client can only access its own connected accounts"
      ],
      [
        "GET",
        `/project-permissions?user_id=${other.userId}`,
        'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user'
      ]
    ]
    for (const [method, path, text] of refusals) {
      const res = await backend.call(project, method, path, { ...asUser, body: method === "POST" ? {} : undefined })
      assert.strictEqual(res.status, 403, path)
      assert.isNull(res.knownError, path)
      assert.strictEqual(res.text, text, path)
    }
  })

  it('"me" without a signed-in user is the route\'s own known error', async () => {
    const project = await backend.createProject()
    const sessions = await backend.call(project, "GET", "/auth/sessions?user_id=me")
    assert.strictEqual(sessions.knownError, "CANNOT_GET_OWN_USER_WITHOUT_USER")
    const preferences = await backend.call(project, "GET", "/emails/notification-preference/me")
    assert.strictEqual(preferences.knownError, "USER_AUTHENTICATION_REQUIRED")
    const created = await backend.call(project, "POST", "/auth/sessions", {
      accessType: "server",
      body: { user_id: "me" }
    })
    assert.strictEqual(created.knownError, "CANNOT_GET_OWN_USER_WITHOUT_USER")
  })

  it("a server's named user must exist", async () => {
    const project = await backend.createProject()
    const missing = randomUUID()
    const preferences = await backend.call(project, "GET", `/emails/notification-preference/${missing}`, {
      accessType: "server"
    })
    assert.strictEqual(preferences.knownError, "USER_NOT_FOUND")
    const session = await backend.call(project, "POST", "/auth/sessions", {
      accessType: "server",
      body: { user_id: missing }
    })
    assert.strictEqual(session.knownError, "USER_ID_DOES_NOT_EXIST")
    assert.deepStrictEqual(session.body.details, { user_id: missing })
  })

  it("a notification category is checked (its format, then that it exists) before the caller", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const other = await backend.signUp(project)
    const badId = await backend.call(project, "PATCH", `/emails/notification-preference/${other.userId}/nope`, {
      accessToken: user.accessToken,
      body: { enabled: false }
    })
    assert.strictEqual(badId.knownError, "SCHEMA_ERROR")
    assert.include(badId.body.details.message, "params.notification_category_id must be a valid UUID")
    const unknown = await backend.call(
      project,
      "PATCH",
      `/emails/notification-preference/${other.userId}/${randomUUID()}`,
      { accessToken: user.accessToken, body: { enabled: false } }
    )
    assert.strictEqual(unknown.status, 404)
    assert.strictEqual(unknown.text, "Notification category not found")
  })
})

describe("the actor policy: what a client may do to a team", () => {
  it("creates a team only when the project allows it, and only as itself", async () => {
    const closed = await backend.createProject({ config: { client_team_creation_enabled: false } })
    const member = await backend.signUp(closed)
    const refused = await backend.call(closed, "POST", "/teams", {
      accessToken: member.accessToken,
      body: { display_name: "Closed", creator_user_id: "me" }
    })
    assert.strictEqual(refused.status, 403)
    assert.strictEqual(refused.text, "Client team creation is disabled for this project")

    const open = await backend.createProject({ config: { client_team_creation_enabled: true } })
    const user = await backend.signUp(open)
    const other = await backend.signUp(open)
    const asOther = await backend.call(open, "POST", "/teams", {
      accessToken: user.accessToken,
      body: { display_name: "Theirs", creator_user_id: other.userId }
    })
    assert.strictEqual(asOther.status, 403)
    assert.strictEqual(
      asOther.text,
      "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'."
    )
  })

  it("edits only its own member profile and lists profiles within a team", async () => {
    const project = await backend.createProject({ config: { client_team_creation_enabled: true } })
    const user = await backend.signUp(project)
    const other = await backend.signUp(project)
    const team = await backend.call(project, "POST", "/teams", {
      accessToken: user.accessToken,
      body: { display_name: "Ours", creator_user_id: "me" }
    })
    assert.strictEqual(team.status, 201)
    const edit = await backend.call(project, "PATCH", `/team-member-profiles/${team.body.id}/${other.userId}`, {
      accessToken: user.accessToken,
      body: { display_name: "Not mine" }
    })
    assert.strictEqual(edit.status, 403)
    assert.strictEqual(edit.text, "Cannot update another user's profile")
    const list = await backend.call(project, "GET", "/team-member-profiles", { accessToken: user.accessToken })
    assert.strictEqual(list.status, 400)
    assert.strictEqual(list.text, "team_id is required for access type client")
  })
})

describe("the actor policy: the user's own account and the project's config", () => {
  it("a client deletes its own user only where the project allows it; server access manages only the branch config", async () => {
    const project = await backend.createProject({ config: { client_user_deletion_enabled: false } })
    const user = await backend.signUp(project)
    const deletion = await backend.call(project, "DELETE", "/users/me", { accessToken: user.accessToken })
    assert.strictEqual(deletion.status, 400)
    assert.strictEqual(deletion.text, "Client user deletion is not enabled for this project")
    const anonymousOnly = await backend.call(project, "GET", "/users?only_anonymous=true", { accessType: "server" })
    assert.strictEqual(anonymousOnly.status, 400)
    assert.strictEqual(anonymousOnly.text, "only_anonymous=true requires include_anonymous=true")

    const environment = await backend.call(project, "PATCH", "/internal/config/override/environment", {
      accessType: "server",
      body: { config_override_string: "{}" }
    })
    assert.strictEqual(environment.status, 403)
    assert.strictEqual(environment.text, "Server access can only manage branch config overrides.")
    const unsourced = await backend.call(project, "PUT", "/internal/config/override/branch", {
      accessType: "admin",
      body: { config_string: "{}" }
    })
    assert.strictEqual(unsourced.status, 400)
    assert.strictEqual(unsourced.text, "source is required for branch level config")
  })
})
