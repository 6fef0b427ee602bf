import { assert, describe, it } from "@effect/vitest"
import { uniqueEmail, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

describe("users", () => {
  it("lets a user update and read themselves; client-only fields stay client-only", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const patched = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: {
        display_name: "Ada",
        client_metadata: { theme: "dark", nested: { a: [1, 2] } },
        profile_image_url: "data:image/png;base64,iVBORw0KGgo="
      }
    })
    assert.strictEqual(patched.status, 200)
    assert.strictEqual(patched.body.display_name, "Ada")
    assert.deepStrictEqual(patched.body.client_metadata, { theme: "dark", nested: { a: [1, 2] } })
    assert.strictEqual(patched.body.profile_image_url, "data:image/png;base64,iVBORw0KGgo=")

    const forbidden = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { display_name: "Ada", server_metadata: { role: "boss" }, client_read_only_metadata: {}, color: 1 }
    })
    assert.strictEqual(forbidden.status, 400)
    assert.strictEqual(forbidden.body.code, "SCHEMA_ERROR")
    // The client's schema on the service has no server fields: they are unknown properties there, named with
    // the body's other unknown keys in the order sent.
    assert.strictEqual(
      forbidden.body.details.message,
      "Request validation failed on PATCH /api/v1/users/me:\n" +
        "  - body contains unknown properties: server_metadata, client_read_only_metadata, color"
    )
  })

  it("answers SCHEMA_ERROR with every problem, and BODY_PARSING_ERROR for broken JSON", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const bad = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { display_name: 42, otp_auth_enabled: "yes" }
    })
    assert.strictEqual(bad.status, 400)
    assert.strictEqual(bad.body.code, "SCHEMA_ERROR")
    assert.include(bad.body.details.message, "PATCH /api/v1/users/me")
    assert.include(bad.body.details.message, "body.display_name")
    assert.include(bad.body.details.message, "body.otp_auth_enabled")
    assert.strictEqual(bad.body.error, bad.body.details.message)

    const missing = await backend.call(project, "POST", "/auth/password/sign-up", { body: { email: "not-an-email" } })
    assert.strictEqual(missing.body.code, "SCHEMA_ERROR")
    assert.include(missing.body.details.message, "body.email")
    assert.include(missing.body.details.message, "body.password")

    const broken = await backend.call(project, "POST", "/auth/password/sign-in", { body: '{"email": ' })
    assert.strictEqual(broken.status, 400)
    assert.strictEqual(broken.body.code, "BODY_PARSING_ERROR")

    const wrongType = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: "email=a",
      headers: { "content-type": "application/xml" }
    })
    assert.strictEqual(wrongType.body.code, "BODY_PARSING_ERROR")
  })

  it("lets the server create, read, update, list and delete users", async () => {
    const project = await backend.createProject()
    const email = uniqueEmail()
    const created = await backend.call(project, "POST", "/users", {
      accessType: "server",
      body: {
        primary_email: email,
        primary_email_verified: true,
        primary_email_auth_enabled: true,
        password: "server-set-password",
        display_name: "Grace",
        server_metadata: { plan: "pro" },
        client_read_only_metadata: { level: 3 },
        oauth_providers: [{ id: "github", account_id: "gh-1", email }]
      }
    })
    assert.strictEqual(created.status, 201)
    const id = created.body.id
    assert.strictEqual(created.body.primary_email_verified, true)
    assert.deepStrictEqual(created.body.server_metadata, { plan: "pro" })
    assert.deepStrictEqual(created.body.oauth_providers, [{ id: "github", account_id: "gh-1", email }])
    assert.isNumber(created.body.last_active_at_millis)

    // the password set by the server works for sign-in
    const signIn = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email, password: "server-set-password" }
    })
    assert.strictEqual(signIn.body.user_id, id)

    const read = await backend.call(project, "GET", `/users/${id}`, { accessType: "admin" })
    assert.strictEqual(read.body.display_name, "Grace")

    const updated = await backend.call(project, "PATCH", `/users/${id}`, {
      accessType: "server",
      body: { server_metadata: null, primary_email: uniqueEmail("changed"), display_name: null }
    })
    assert.strictEqual(updated.status, 200)
    assert.isNull(updated.body.server_metadata)
    assert.isNull(updated.body.display_name)
    assert.strictEqual(updated.body.primary_email_verified, false, "a new email is not verified")

    const deleted = await backend.call(project, "DELETE", `/users/${id}`, { accessType: "server" })
    assert.deepStrictEqual(deleted.body, { success: true })
    const gone = await backend.call(project, "GET", `/users/${id}`, { accessType: "server" })
    assert.strictEqual(gone.status, 404)
    assert.strictEqual(gone.body.code, "USER_NOT_FOUND")
    const again = await backend.call(project, "DELETE", `/users/${id}`, { accessType: "server" })
    assert.strictEqual(again.body.code, "USER_NOT_FOUND")
  })

  it("refuses a taken email on create and on update", async () => {
    const project = await backend.createProject()
    const first = await backend.signUp(project)
    const taken = await backend.call(project, "POST", "/users", {
      accessType: "server",
      body: { primary_email: first.email, primary_email_auth_enabled: true }
    })
    assert.strictEqual(taken.status, 409)
    assert.strictEqual(taken.body.code, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")
    const second = await backend.signUp(project)
    const clash = await backend.call(project, "PATCH", "/users/me", {
      accessToken: second.accessToken,
      body: { primary_email: first.email }
    })
    assert.strictEqual(clash.body.code, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")
  })

  it("paginates GET /users with a cursor, in both directions, and searches", async () => {
    const project = await backend.createProject()
    const ids: Array<string> = []
    for (let i = 0; i < 5; i++) {
      const created = await backend.call(project, "POST", "/users", {
        accessType: "server",
        body: { primary_email: uniqueEmail(`page${i}`), display_name: `Person ${i}` }
      })
      ids.push(created.body.id)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const pages: Array<string> = []
    let cursor: string | null = null
    let rounds = 0
    do {
      const query: string = `/users?limit=2&order_by=signed_up_at${cursor === null ? "" : `&cursor=${cursor}`}`
      const page = await backend.call(project, "GET", query, { accessType: "server" })
      assert.strictEqual(page.status, 200)
      assert.strictEqual(page.body.is_paginated, true)
      assert.isAtMost(page.body.items.length, 2)
      pages.push(...page.body.items.map((u: { id: string }) => u.id))
      cursor = page.body.pagination.next_cursor
      rounds++
    } while (cursor !== null && rounds < 10)
    assert.deepStrictEqual(pages, ids)
    assert.strictEqual(rounds, 3)

    const desc = await backend.call(project, "GET", "/users?desc=true", { accessType: "server" })
    assert.deepStrictEqual(
      desc.body.items.map((u: { id: string }) => u.id),
      [...ids].reverse()
    )
    assert.isNull(desc.body.pagination.next_cursor)

    const search = await backend.call(project, "GET", "/users?query=person%203", { accessType: "server" })
    assert.deepStrictEqual(
      search.body.items.map((u: { id: string }) => u.id),
      [ids[3]]
    )

    const badLimit = await backend.call(project, "GET", "/users?limit=zero", { accessType: "server" })
    assert.strictEqual(badLimit.body.code, "SCHEMA_ERROR")
    assert.include(badLimit.body.details.message, "query.limit")
  })

  it("filters GET /users by team", async () => {
    const project = await backend.createProject({ config: { create_team_on_sign_up: true } })
    const member = await backend.signUp(project)
    await backend.signUp(project)
    const me = await backend.call(project, "GET", "/users/me", { accessToken: member.accessToken })
    const list = await backend.call(project, "GET", `/users?team_id=${me.body.selected_team_id}`, {
      accessType: "server"
    })
    assert.deepStrictEqual(
      list.body.items.map((u: { id: string }) => u.id),
      [member.userId]
    )
  })

  it("refuses to select a team the user is not a member of", async () => {
    const project = await backend.createProject({ config: { create_team_on_sign_up: true } })
    const a = await backend.signUp(project)
    const b = await backend.signUp(project)
    const bMe = await backend.call(project, "GET", "/users/me", { accessToken: b.accessToken })
    const result = await backend.call(project, "PATCH", "/users/me", {
      accessToken: a.accessToken,
      body: { selected_team_id: bMe.body.selected_team_id }
    })
    assert.strictEqual(result.status, 404)
    assert.strictEqual(result.body.code, "TEAM_MEMBERSHIP_NOT_FOUND")
  })

  it("deletes the current user only when the project allows clients to", async () => {
    const locked = await backend.createProject()
    const user = await backend.signUp(locked)
    const refused = await backend.call(locked, "DELETE", "/users/me", { accessToken: user.accessToken })
    assert.strictEqual(refused.status, 400)
    assert.isNull(refused.knownError)
    const open = await backend.createProject({ config: { client_user_deletion_enabled: true } })
    const leaving = await backend.signUp(open)
    const deleted = await backend.call(open, "DELETE", "/users/me", { accessToken: leaving.accessToken })
    assert.deepStrictEqual(deleted.body, { success: true })
    const after = await backend.call(open, "GET", "/users/me", { accessToken: leaving.accessToken })
    assert.strictEqual(after.body.code, "CANNOT_GET_OWN_USER_WITHOUT_USER")
  })

  it("creates sessions for users from the server tier", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const session = await backend.call(project, "POST", "/auth/sessions", {
      accessType: "server",
      body: { user_id: user.userId }
    })
    assert.strictEqual(session.status, 200)
    assert.deepStrictEqual(Object.keys(session.body).sort(), ["access_token", "refresh_token"])
    const me = await backend.call(project, "GET", "/users/me", { accessToken: session.body.access_token })
    assert.strictEqual(me.body.id, user.userId)
    const unknown = await backend.call(project, "POST", "/auth/sessions", {
      accessType: "server",
      body: { user_id: "nobody" }
    })
    assert.strictEqual(unknown.body.code, "USER_ID_DOES_NOT_EXIST")
    assert.deepStrictEqual(unknown.body.details, { user_id: "nobody" })
  })

  // The read cache keeps each user's view until a write that may change it; a user's own update only
  // drops that user's entry (see store/read-cache.ts). A stale or shared entry would show here.
  it("answers every read after a write with that write, and each user with their own view only", async () => {
    const project = await backend.createProject()
    const ada = await backend.signUp(project)
    const bob = await backend.signUp(project)
    const me = async (user: typeof ada) => {
      const res = await backend.call(project, "GET", "/users/me", { accessToken: user.accessToken })
      return res.body
    }
    const patchMe = (user: typeof ada, body: unknown) =>
      backend.call(project, "PATCH", "/users/me", { accessToken: user.accessToken, body })
    await Promise.all([me(ada), me(bob)])

    // Reads of both users racing the update: the update's answer and every read after it show it.
    const racing = Array.from({ length: 10 }, (_, i) => me(i % 2 === 0 ? ada : bob))
    const patched = await patchMe(ada, { display_name: "Ada 1", client_metadata: { n: 1 } })
    await Promise.all(racing)
    assert.strictEqual(patched.body.display_name, "Ada 1")
    const adaAfter = await me(ada)
    assert.strictEqual(adaAfter.id, ada.userId)
    assert.strictEqual(adaAfter.display_name, "Ada 1")
    assert.deepStrictEqual(adaAfter.client_metadata, { n: 1 })
    const bobAfter = await me(bob)
    assert.strictEqual(bobAfter.id, bob.userId)
    assert.isNull(bobAfter.display_name)
    assert.deepStrictEqual(bobAfter.client_metadata, null)

    // The server updating Ada by id, her email included, and Bob updating himself.
    const email = uniqueEmail("ada-new")
    const byServer = await backend.call(project, "PATCH", `/users/${ada.userId}`, {
      accessType: "server",
      body: { display_name: "Ada 2", primary_email: email }
    })
    assert.strictEqual(byServer.status, 200)
    assert.strictEqual((await patchMe(bob, { display_name: "Bob" })).status, 200)
    const ada2 = await me(ada)
    assert.strictEqual(ada2.display_name, "Ada 2")
    assert.strictEqual(ada2.primary_email, email)
    const bob2 = await me(bob)
    assert.strictEqual(bob2.display_name, "Bob")
    assert.strictEqual(bob2.primary_email, bob.email)

    // A write by another route (deleting Ada) drops her cached view too.
    assert.strictEqual(
      (await backend.call(project, "DELETE", `/users/${ada.userId}`, { accessType: "server" })).status,
      200
    )
    const gone = await backend.call(project, "GET", "/users/me", { accessToken: ada.accessToken })
    assert.strictEqual(gone.body.code, "CANNOT_GET_OWN_USER_WITHOUT_USER")
    assert.strictEqual((await me(bob)).display_name, "Bob")
  })
})
