/**
 * Semantics the hosted service has that the local backend follows, over raw HTTP, with the expected values
 * written from the hosted behaviour: the default team permissions and what a team's creator holds, e-mails
 * stored normalised, passwords ending sessions, and the invitations a user received.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  expectStatus,
  type TestProject,
  type TestUser,
  uniqueEmail,
  useKitBackend
} from "../../support/local-backend.js"
import { codeFromMail, latestMailTo } from "../../support/mailbox.js"

const backend = useKitBackend()

const refreshes = async (project: TestProject, refreshToken: string): Promise<number> => {
  const response = await fetch(`${backend.localBackend().apiUrl}/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: project.id,
      client_secret: project.publishableClientKey
    })
  })
  await response.text()
  return response.status
}

const signIn = async (project: TestProject, user: TestUser) =>
  expectStatus(
    await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email: user.email, password: user.password }
    }),
    200
  ).body as { readonly access_token: string; readonly refresh_token: string }

const verifyPrimaryEmail = async (project: TestProject, userId: string) =>
  expectStatus(
    await backend.call(project, "PATCH", `/users/${userId}`, {
      accessType: "server",
      body: { primary_email_verified: true }
    }),
    200
  )

const permissionIds = async (project: TestProject, user: TestUser, teamId: string) =>
  (
    expectStatus(
      await backend.call(project, "GET", `/team-permissions?team_id=${teamId}&user_id=me&recursive=false`, {
        accessToken: user.accessToken
      }),
      200
    ).body.items as ReadonlyArray<{ readonly id: string }>
  )
    .map((p) => p.id)
    .sort()

describe("default team permissions", () => {
  it("a new project has team_admin and team_member with the hosted descriptions and contents", async () => {
    const project = await backend.createProject()
    const listed = expectStatus(
      await backend.call(project, "GET", "/team-permission-definitions", { accessType: "admin" }),
      200
    )
    // The order of contained ids is not part of the contract: compare them sorted.
    const byId = new Map(
      (
        listed.body.items as ReadonlyArray<{
          id: string
          description: string
          contained_permission_ids: ReadonlyArray<string>
        }>
      ).map((d) => [d.id, { ...d, contained_permission_ids: [...d.contained_permission_ids].sort() }])
    )
    assert.deepStrictEqual(byId.get("team_admin"), {
      id: "team_admin",
      description: "Default permission for team admins",
      contained_permission_ids: [
        "$delete_team",
        "$invite_members",
        "$manage_api_keys",
        "$read_members",
        "$remove_members",
        "$update_team"
      ]
    })
    assert.deepStrictEqual(byId.get("team_member"), {
      id: "team_member",
      description: "Default permission for team members",
      contained_permission_ids: ["$invite_members", "$read_members"]
    })
    assert.isFalse(byId.has("admin"))
    assert.isFalse(byId.has("member"))
    const config = expectStatus(
      await backend.call(project, "GET", "/internal/projects/current", { accessType: "admin" }),
      200
    ).body.config
    assert.deepStrictEqual(config.team_creator_default_permissions, [{ id: "team_admin" }])
    assert.deepStrictEqual(config.team_member_default_permissions, [{ id: "team_member" }])
  })

  it("the creator of a personal team or a created team holds team_admin only; a member team_member", async () => {
    const project = await backend.createProject({ config: { create_team_on_sign_up: true } })
    const creator = await backend.signUp(project)
    const me = expectStatus(
      await backend.call(project, "GET", "/users/me", { accessToken: creator.accessToken }),
      200
    ).body
    assert.deepStrictEqual(await permissionIds(project, creator, me.selected_team_id), ["team_admin"])

    const team = (await backend.createTeam(project, creator.userId, "Made")).body
    assert.deepStrictEqual(await permissionIds(project, creator, team.id), ["team_admin"])

    const member = await backend.signUp(project)
    expectStatus(
      await backend.call(project, "POST", `/team-memberships/${team.id}/${member.userId}`, {
        accessType: "server",
        body: {}
      }),
      201
    )
    assert.deepStrictEqual(await permissionIds(project, member, team.id), ["team_member"])
  })
})

describe("e-mails stored trimmed and lower-cased", () => {
  it("sign-up, server create and update store the primary e-mail lower-cased; sign-in finds it in any case", async () => {
    const project = await backend.createProject()
    const email = uniqueEmail("MiXeD")
    const upper = email.toUpperCase()
    const signUp = expectStatus(
      await backend.call(project, "POST", "/auth/password/sign-up", {
        body: { email: upper, password: "password-123" }
      }),
      200
    )
    const me = expectStatus(
      await backend.call(project, "GET", "/users/me", { accessToken: signUp.body.access_token }),
      200
    ).body
    assert.strictEqual(me.primary_email, email.toLowerCase())
    expectStatus(
      await backend.call(project, "POST", "/auth/password/sign-in", {
        body: { email: upper, password: "password-123" }
      }),
      200
    )

    const created = expectStatus(
      await backend.call(project, "POST", "/users", {
        accessType: "server",
        body: { primary_email: ` ${uniqueEmail("Server").toUpperCase()} ` }
      }),
      201
    ).body
    assert.strictEqual(created.primary_email, created.primary_email.trim().toLowerCase())
    assert.notMatch(created.primary_email, /^\s|\s$/)
    const patched = expectStatus(
      await backend.call(project, "PATCH", `/users/${created.id}`, {
        accessType: "server",
        body: { primary_email: "Patched.Name@Example.TEST" }
      }),
      200
    ).body
    assert.strictEqual(patched.primary_email, "patched.name@example.test")
  })

  it("contact channels are stored lower-cased; an update names type email to be normalised, as hosted", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const created = expectStatus(
      await backend.call(project, "POST", "/contact-channels", {
        accessType: "server",
        body: { user_id: user.userId, type: "email", value: "Second.Address@Example.TEST", used_for_auth: false }
      }),
      201
    ).body
    assert.strictEqual(created.value, "second.address@example.test")
    const asGiven = expectStatus(
      await backend.call(project, "PATCH", `/contact-channels/${user.userId}/${created.id}`, {
        accessType: "server",
        body: { value: "Third@Example.TEST" }
      }),
      200
    ).body
    assert.strictEqual(asGiven.value, "Third@Example.TEST")
    const typed = expectStatus(
      await backend.call(project, "PATCH", `/contact-channels/${user.userId}/${created.id}`, {
        accessType: "server",
        body: { type: "email", value: "Fourth@Example.TEST" }
      }),
      200
    ).body
    assert.strictEqual(typed.value, "fourth@example.test")
  })

  it("an invitation keeps the address as it was sent", async () => {
    const project = await backend.createProject()
    const owner = await backend.signUp(project)
    const team = (await backend.createTeam(project, owner.userId, "T")).body
    const address = uniqueEmail("Invited").replace("invited", "Invited")
    expectStatus(
      await backend.call(project, "POST", "/team-invitations/send-code", {
        accessType: "server",
        body: { team_id: team.id, email: address, callback_url: "http://localhost:3000/handler/team-invitation" }
      }),
      200
    )
    const listed = expectStatus(
      await backend.call(project, "GET", `/team-invitations?team_id=${team.id}`, { accessType: "server" }),
      200
    )
    assert.deepStrictEqual(
      listed.body.items.map((i: { recipient_email: string }) => i.recipient_email),
      [address]
    )
  })
})

describe("passwords end sessions", () => {
  const callbackUrl = "http://localhost:3000/handler/password-reset"

  it("a reset ends every session of the user", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const other = await signIn(project, user)
    expectStatus(
      await backend.call(project, "POST", "/auth/password/send-reset-code", {
        body: { email: user.email, callback_url: callbackUrl }
      }),
      200
    )
    const code = codeFromMail(await Effect.runPromise(latestMailTo(backend, user.email)), callbackUrl)
    expectStatus(
      await backend.call(project, "POST", "/auth/password/reset", { body: { code, password: "new-password-456" } }),
      200
    )
    assert.strictEqual(await refreshes(project, user.refreshToken), 401)
    assert.strictEqual(await refreshes(project, other.refresh_token), 401)
    expectStatus(
      await backend.call(project, "POST", "/auth/password/sign-in", {
        body: { email: user.email, password: "new-password-456" }
      }),
      200
    )
  })

  it("a server PATCH that sets or removes the password ends every session", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    expectStatus(
      await backend.call(project, "PATCH", `/users/${user.userId}`, {
        accessType: "server",
        body: { display_name: "Kept" }
      }),
      200
    )
    assert.strictEqual(await refreshes(project, user.refreshToken), 200, "a PATCH without a password ends nothing")
    expectStatus(
      await backend.call(project, "PATCH", `/users/${user.userId}`, {
        accessType: "server",
        body: { password: "server-set-789" }
      }),
      200
    )
    assert.strictEqual(await refreshes(project, user.refreshToken), 401)
    const again = await signIn(project, { ...user, password: "server-set-789" })
    expectStatus(
      await backend.call(project, "PATCH", `/users/${user.userId}`, { accessType: "server", body: { password: null } }),
      200
    )
    assert.strictEqual(await refreshes(project, again.refresh_token), 401)
  })

  it("an update keeps only the session whose refresh token came with it; without one it ends them all", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const other = await signIn(project, user)
    expectStatus(
      await backend.call(project, "POST", "/auth/password/update", {
        accessToken: user.accessToken,
        refreshToken: user.refreshToken,
        body: { old_password: user.password, new_password: "updated-1234" }
      }),
      200
    )
    assert.strictEqual(await refreshes(project, user.refreshToken), 200)
    assert.strictEqual(await refreshes(project, other.refresh_token), 401)

    expectStatus(
      await backend.call(project, "POST", "/auth/password/update", {
        accessToken: user.accessToken,
        body: { old_password: "updated-1234", new_password: "updated-5678" }
      }),
      200
    )
    assert.strictEqual(
      await refreshes(project, user.refreshToken),
      401,
      "without the header the caller's session ends too"
    )
  })
})

describe("received team invitations", () => {
  const callbackUrl = "http://localhost:3000/handler/team-invitation"

  const invite = async (project: TestProject, teamId: string, email: string) =>
    expectStatus(
      await backend.call(project, "POST", "/team-invitations/send-code", {
        accessType: "server",
        body: { team_id: teamId, email, callback_url: callbackUrl }
      }),
      200
    ).body.id as string

  const setup = async () => {
    const project = await backend.createProject()
    const owner = await backend.signUp(project)
    const team = (await backend.createTeam(project, owner.userId, "Rocket Club")).body as { readonly id: string }
    const guest = await backend.signUp(project)
    return { project, owner, team, guest }
  }

  it("lists the pending invitations sent to the user's verified e-mails, and accepts one by id", async () => {
    const { project, team, guest } = await setup()
    const id = await invite(project, team.id, guest.email)
    await invite(project, team.id, uniqueEmail("someone-else"))
    await invite(
      project,
      team.id,
      guest.email.replace(/^./, (c) => c.toUpperCase())
    )

    const unverified = expectStatus(
      await backend.call(project, "GET", "/team-invitations?user_id=me", { accessToken: guest.accessToken }),
      200
    )
    assert.deepStrictEqual(unverified.body, { items: [], is_paginated: false })

    await verifyPrimaryEmail(project, guest.userId)
    const listed = expectStatus(
      await backend.call(project, "GET", "/team-invitations?user_id=me", { accessToken: guest.accessToken }),
      200
    )
    assert.strictEqual(listed.body.is_paginated, false)
    assert.strictEqual(listed.body.items.length, 1, "only the exact verified address")
    const [item] = listed.body.items
    assert.deepStrictEqual(Object.keys(item).sort(), [
      "expires_at_millis",
      "id",
      "recipient_email",
      "team_display_name",
      "team_id"
    ])
    assert.strictEqual(item.id, id)
    assert.strictEqual(item.team_id, team.id)
    assert.strictEqual(item.team_display_name, "Rocket Club")
    assert.strictEqual(item.recipient_email, guest.email)

    const accepted = await backend.call(project, "POST", `/team-invitations/${id}/accept?user_id=me`, {
      accessToken: guest.accessToken
    })
    expectStatus(accepted, 200)
    assert.deepStrictEqual(accepted.body, {})
    assert.deepStrictEqual(await permissionIds(project, guest, team.id), ["team_member"])

    const again = await backend.call(project, "POST", `/team-invitations/${id}/accept?user_id=me`, {
      accessToken: guest.accessToken
    })
    assert.strictEqual(again.status, 404)
    assert.strictEqual(again.knownError, "VERIFICATION_CODE_NOT_FOUND")
    const after = expectStatus(
      await backend.call(project, "GET", "/team-invitations?user_id=me", { accessToken: guest.accessToken }),
      200
    )
    assert.deepStrictEqual(after.body.items, [])
  })

  it("an invitation sent elsewhere, or unknown, is VERIFICATION_CODE_NOT_FOUND; a deleted team's is not listed", async () => {
    const { project, owner, team, guest } = await setup()
    await verifyPrimaryEmail(project, guest.userId)
    const elsewhere = await invite(project, team.id, uniqueEmail("elsewhere"))
    for (const id of [elsewhere, "00000000-0000-4000-8000-000000000000"]) {
      const res = await backend.call(project, "POST", `/team-invitations/${id}/accept?user_id=me`, {
        accessToken: guest.accessToken
      })
      assert.strictEqual(res.knownError, "VERIFICATION_CODE_NOT_FOUND", id)
    }
    const other = (await backend.createTeam(project, owner.userId, "Gone")).body
    await invite(project, other.id, guest.email)
    expectStatus(await backend.call(project, "DELETE", `/teams/${other.id}`, { accessType: "server" }), 200)
    const listed = expectStatus(
      await backend.call(project, "GET", "/team-invitations?user_id=me", { accessToken: guest.accessToken }),
      200
    )
    assert.deepStrictEqual(listed.body.items, [])
  })

  it("a client names only itself; a server names anyone; team_id and user_id go alone", async () => {
    const { project, owner, team, guest } = await setup()
    await verifyPrimaryEmail(project, guest.userId)
    const id = await invite(project, team.id, guest.email)

    const foreign = await backend.call(project, "GET", `/team-invitations?user_id=${guest.userId}`, {
      accessToken: owner.accessToken
    })
    assert.strictEqual(foreign.knownError, "CANNOT_GET_OWN_USER_WITHOUT_USER")
    const own = await backend.call(project, "GET", `/team-invitations?user_id=${guest.userId}`, {
      accessToken: guest.accessToken
    })
    assert.strictEqual(own.body.items.length, 1)
    const visitor = await backend.call(project, "GET", "/team-invitations?user_id=me")
    assert.strictEqual(visitor.knownError, "CANNOT_GET_OWN_USER_WITHOUT_USER")
    const foreignAccept = await backend.call(
      project,
      "POST",
      `/team-invitations/${id}/accept?user_id=${guest.userId}`,
      {
        accessToken: owner.accessToken
      }
    )
    assert.strictEqual(foreignAccept.knownError, "CANNOT_GET_OWN_USER_WITHOUT_USER")

    const both = await backend.call(project, "GET", `/team-invitations?user_id=me&team_id=${team.id}`, {
      accessToken: guest.accessToken
    })
    assert.strictEqual(both.status, 400)
    assert.isNull(both.knownError)
    assert.strictEqual(both.text, "Cannot specify both team_id and user_id")
    const neither = await backend.call(project, "GET", "/team-invitations", { accessType: "server" })
    assert.strictEqual(neither.status, 400)
    assert.strictEqual(neither.text, "Must specify either team_id or user_id")

    const serverList = expectStatus(
      await backend.call(project, "GET", `/team-invitations?user_id=${guest.userId}`, { accessType: "server" }),
      200
    )
    assert.strictEqual(serverList.body.items[0]?.id, id)
    const serverAccept = await backend.call(project, "POST", `/team-invitations/${id}/accept?user_id=${guest.userId}`, {
      accessType: "server"
    })
    expectStatus(serverAccept, 200)
    assert.deepStrictEqual(serverAccept.body, {})
    assert.deepStrictEqual(await permissionIds(project, guest, team.id), ["team_member"])
  })
})
