/**
 * `/oauth-providers`: a user's linked provider accounts, with the statuses, codes and bodies the hosted service
 * answers (its e2e suite `oauth-providers.test.ts` is the source of the expected values).
 */
import { describe, expect, it } from "vitest"
import { expectStatus, type TestProject, type TestUser, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const MISSING = "e889e6de-8da5-47fd-87fd-a8db34b14ec4"

const project = () =>
  backend.createProject({
    config: {
      oauth_providers: [
        { id: "spotify", type: "standard", client_id: "test_client_id", client_secret: "test_client_secret" }
      ]
    }
  })

interface LinkInput {
  readonly accountId: string
  readonly email?: string
  readonly allowSignIn?: boolean
  readonly allowConnectedAccounts?: boolean
  readonly providerConfigId?: string
}

const link = (p: TestProject, user: TestUser, input: LinkInput) =>
  backend.call(p, "POST", "/oauth-providers", {
    accessType: "server",
    accessToken: user.accessToken,
    body: {
      user_id: "me",
      provider_config_id: input.providerConfigId ?? "spotify",
      account_id: input.accountId,
      ...(input.email === undefined ? {} : { email: input.email }),
      allow_sign_in: input.allowSignIn ?? true,
      allow_connected_accounts: input.allowConnectedAccounts ?? true
    }
  })

const clientCall = (p: TestProject, user: TestUser, method: string, path: string, body?: unknown) =>
  backend.call(p, method, path, { accessToken: user.accessToken, body })

describe("POST /oauth-providers (server)", () => {
  it("links an account and answers 201 with the server view", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    const created = expectStatus(
      await link(p, user, { accountId: "test_spotify_user_123", email: "test@example.com" }),
      201
    )
    expect(created.body).toEqual({
      account_id: "test_spotify_user_123",
      allow_connected_accounts: true,
      allow_sign_in: true,
      email: "test@example.com",
      id: expect.stringMatching(UUID),
      provider_config_id: "spotify",
      type: "spotify",
      user_id: user.userId
    })
    // The user's read lists it too.
    const me = expectStatus(await clientCall(p, user, "GET", "/users/me"), 200)
    expect(me.body.oauth_providers).toEqual([
      { id: "spotify", account_id: "test_spotify_user_123", email: "test@example.com" }
    ])
  })

  it("leaves out an e-mail it was not given", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    const created = expectStatus(await link(p, user, { accountId: "no-email" }), 201)
    expect("email" in created.body).toBe(false)
  })

  it("refuses a provider the project does not list, before it looks at the user", async () => {
    const p = await backend.createProject({ config: { oauth_providers: [] } })
    const user = await backend.signUp(p)
    const refused = await link(p, user, { accountId: "a" })
    expect(refused.status).toBe(404)
    expect(refused.knownError).toBeNull()
    expect(refused.text).toBe("OAuth provider spotify not found or not configured")
    const unknownUser = await backend.call(p, "POST", "/oauth-providers", {
      accessType: "server",
      body: {
        user_id: MISSING,
        provider_config_id: "spotify",
        account_id: "a",
        allow_sign_in: true,
        allow_connected_accounts: true
      }
    })
    expect(unknownUser.status).toBe(404)
  })

  it("an unknown user is USER_NOT_FOUND; a client may not link", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    const body = {
      user_id: MISSING,
      provider_config_id: "spotify",
      account_id: "a",
      allow_sign_in: true,
      allow_connected_accounts: true
    }
    expect((await backend.call(p, "POST", "/oauth-providers", { accessType: "server", body })).knownError).toBe(
      "USER_NOT_FOUND"
    )
    const byClient = await backend.call(p, "POST", "/oauth-providers", {
      accessToken: user.accessToken,
      body: { ...body, user_id: "me" }
    })
    expect(byClient.knownError).toBe("INSUFFICIENT_ACCESS_TYPE")
    const badEmail = await backend.call(p, "POST", "/oauth-providers", {
      accessType: "server",
      body: { ...body, user_id: user.userId, email: "nope" }
    })
    expect(badEmail.knownError).toBe("SCHEMA_ERROR")
  })

  it("one account of a provider signs a user in; others link with sign-in off", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    const first = expectStatus(
      await link(p, user, { accountId: "spotify_user_123", email: "user123@example.com" }),
      201
    )
    const second = await link(p, user, { accountId: "spotify_user_456", email: "user456@example.com" })
    expect(second.status).toBe(400)
    expect(second.knownError).toBeNull()
    expect(second.text).toBe("The same provider type with sign-in enabled already exists for this user.")
    const third = expectStatus(
      await link(p, user, { accountId: "spotify_user_789", email: "user456@example.com", allowSignIn: false }),
      201
    )
    expect(third.body.allow_sign_in).toBe(false)

    const enable = await backend.call(p, "PATCH", `/oauth-providers/me/${third.body.id}`, {
      accessType: "server",
      accessToken: user.accessToken,
      body: { allow_sign_in: true }
    })
    expect(enable.status).toBe(400)
    expect(enable.text).toBe("The same provider type with sign-in enabled already exists for this user.")
    const disable = expectStatus(
      await clientCall(p, user, "PATCH", `/oauth-providers/me/${first.body.id}`, { allow_sign_in: false }),
      200
    )
    expect(disable.body.allow_sign_in).toBe(false)
    const enabled = expectStatus(
      await clientCall(p, user, "PATCH", `/oauth-providers/me/${third.body.id}`, { allow_sign_in: true }),
      200
    )
    expect(enabled.body.allow_sign_in).toBe(true)

    const again = await link(p, user, { accountId: "spotify_user_789", allowSignIn: false })
    expect(again.status).toBe(400)
    expect(again.text).toBe("The same provider type with the same account ID already exists for this user.")
  })

  it("no two users sign in with one account; another user may hold it with sign-in off", async () => {
    const p = await project()
    const ann = await backend.signUp(p)
    const bob = await backend.signUp(p)
    expectStatus(await link(p, ann, { accountId: "shared-account" }), 201)
    const taken = await link(p, bob, { accountId: "shared-account" })
    expect(taken.status).toBe(400)
    expect(taken.knownError).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN")
    expect(taken.body).toEqual({
      code: "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
      error: "A provider with the same account ID is already used for signing in."
    })
    const quiet = expectStatus(await link(p, bob, { accountId: "shared-account", allowSignIn: false }), 201)
    const turnOn = await clientCall(p, bob, "PATCH", `/oauth-providers/me/${quiet.body.id}`, { allow_sign_in: true })
    expect(turnOn.knownError).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN")
  })
})

describe("GET /oauth-providers", () => {
  it("lists the user's links, oldest first; a client sees no account ids", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    const empty = expectStatus(await clientCall(p, user, "GET", "/oauth-providers?user_id=me"), 200)
    expect(empty.body).toEqual({ is_paginated: false, items: [] })
    const a = expectStatus(await link(p, user, { accountId: "a", email: "a@example.com" }), 201)
    const b = expectStatus(
      await link(p, user, { accountId: "b", allowSignIn: false, allowConnectedAccounts: false }),
      201
    )

    const listed = expectStatus(await clientCall(p, user, "GET", "/oauth-providers?user_id=me"), 200)
    expect(listed.body).toEqual({
      is_paginated: false,
      items: [
        {
          allow_connected_accounts: true,
          allow_sign_in: true,
          email: "a@example.com",
          id: a.body.id,
          provider_config_id: "spotify",
          type: "spotify",
          user_id: user.userId
        },
        {
          allow_connected_accounts: false,
          allow_sign_in: false,
          id: b.body.id,
          provider_config_id: "spotify",
          type: "spotify",
          user_id: user.userId
        }
      ]
    })
    const byServer = expectStatus(
      await backend.call(p, "GET", `/oauth-providers?user_id=${user.userId}`, { accessType: "server" }),
      200
    )
    expect(byServer.body.items.map((i: { account_id: string }) => i.account_id)).toEqual(["a", "b"])
    // Without user_id a server lists the whole project's links.
    const other = await backend.signUp(p)
    expectStatus(await link(p, other, { accountId: "c" }), 201)
    const all = expectStatus(await backend.call(p, "GET", "/oauth-providers", { accessType: "server" }), 200)
    expect(all.body.items).toHaveLength(3)
  })

  it("clients list only their own; without a user it is CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
    const p = await project()
    const ann = await backend.signUp(p)
    const bob = await backend.signUp(p)
    const foreign = await clientCall(p, bob, "GET", `/oauth-providers?user_id=${ann.userId}`)
    expect(foreign.status).toBe(403)
    expect(foreign.text).toBe("Client can only list OAuth providers for their own user.")
    const noUserId = await clientCall(p, bob, "GET", "/oauth-providers")
    expect(noUserId.text).toBe("Client can only list OAuth providers for their own user.")
    expect((await backend.call(p, "GET", "/oauth-providers?user_id=me")).knownError).toBe(
      "CANNOT_GET_OWN_USER_WITHOUT_USER"
    )
    expect(
      (await backend.call(p, "GET", `/oauth-providers?user_id=${MISSING}`, { accessType: "server" })).knownError
    ).toBe("USER_NOT_FOUND")
    expect((await backend.call(p, "GET", "/oauth-providers?user_id=nope", { accessType: "server" })).knownError).toBe(
      "SCHEMA_ERROR"
    )
  })

  it("still lists and reads a link after the project drops its provider", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    const created = expectStatus(await link(p, user, { accountId: "kept" }), 201)
    expectStatus(
      await backend.call(p, "PATCH", "/internal/projects/current", {
        accessType: "admin",
        body: { config: { oauth_providers: [] } }
      }),
      200
    )
    const listed = expectStatus(await clientCall(p, user, "GET", "/oauth-providers?user_id=me"), 200)
    expect(listed.body.items).toHaveLength(1)
    expect(listed.body.items[0].type).toBe("spotify")
    expectStatus(await clientCall(p, user, "GET", `/oauth-providers/me/${created.body.id}`), 200)
    expect(
      expectStatus(await clientCall(p, user, "DELETE", `/oauth-providers/me/${created.body.id}`), 200).body
    ).toEqual({ success: true })
  })
})

describe("/oauth-providers/{user}/{id}", () => {
  it("reads, switches and removes one link", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    const created = expectStatus(
      await link(p, user, { accountId: "test_spotify_user_123", email: "test@example.com" }),
      201
    )
    const path = `/oauth-providers/me/${created.body.id}`

    const read = expectStatus(await clientCall(p, user, "GET", path), 200)
    expect(read.body).toEqual({
      allow_connected_accounts: true,
      allow_sign_in: true,
      email: "test@example.com",
      id: created.body.id,
      provider_config_id: "spotify",
      type: "spotify",
      user_id: user.userId
    })
    const off = expectStatus(
      await clientCall(p, user, "PATCH", path, { allow_sign_in: false, allow_connected_accounts: false }),
      200
    )
    expect([off.body.allow_sign_in, off.body.allow_connected_accounts]).toEqual([false, false])
    const on = expectStatus(await clientCall(p, user, "PATCH", path, { allow_sign_in: true }), 200)
    expect([on.body.allow_sign_in, on.body.allow_connected_accounts]).toEqual([true, false])

    // A client may change the two switches only.
    expect((await clientCall(p, user, "PATCH", path, { email: "x@example.com" })).knownError).toBe("SCHEMA_ERROR")
    const server = expectStatus(
      await backend.call(p, "PATCH", `/oauth-providers/${user.userId}/${created.body.id}`, {
        accessType: "server",
        body: { email: "updated@example.com", account_id: "updated_spotify_user_456" }
      }),
      200
    )
    expect(server.body).toMatchObject({
      email: "updated@example.com",
      account_id: "updated_spotify_user_456",
      allow_sign_in: true
    })

    expect(expectStatus(await clientCall(p, user, "DELETE", path), 200).body).toEqual({ success: true })
    const gone = await clientCall(p, user, "GET", path)
    expect(gone.status).toBe(404)
    expect(gone.text).toBe(`OAuth provider ${created.body.id} for user ${user.userId} not found`)
  })

  it("answers a missing link with a plain 404 on every method", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const answer = await clientCall(
        p,
        user,
        method,
        `/oauth-providers/me/${MISSING}`,
        method === "PATCH" ? { allow_sign_in: true } : undefined
      )
      expect(answer.status, method).toBe(404)
      expect(answer.knownError, method).toBeNull()
      expect(answer.text, method).toBe(`OAuth provider ${MISSING} for user ${user.userId} not found`)
    }
    expect((await clientCall(p, user, "GET", "/oauth-providers/me/not-a-uuid")).knownError).toBe("SCHEMA_ERROR")
  })

  it("a client acts on its own links only; a link of another user is not found under this one", async () => {
    const p = await project()
    const ann = await backend.signUp(p)
    const bob = await backend.signUp(p)
    const annLink = expectStatus(await link(p, ann, { accountId: "ann" }), 201)
    const bobLink = expectStatus(await link(p, bob, { accountId: "bob" }), 201)
    const foreign = `/oauth-providers/${ann.userId}/${annLink.body.id}`
    const expected: ReadonlyArray<[string, string]> = [
      ["GET", "read"],
      ["PATCH", "update"],
      ["DELETE", "delete"]
    ]
    for (const [method, action] of expected) {
      const answer = await clientCall(
        p,
        bob,
        method,
        foreign,
        method === "PATCH" ? { allow_sign_in: false } : undefined
      )
      expect(answer.status, method).toBe(403)
      expect(answer.text, method).toBe(`Client can only ${action} OAuth providers for their own user.`)
    }
    // The server names a user and a link of someone else's: not found.
    const crossed = await backend.call(p, "DELETE", `/oauth-providers/${ann.userId}/${bobLink.body.id}`, {
      accessType: "server"
    })
    expect(crossed.status).toBe(404)
    expectStatus(
      await backend.call(p, "GET", `/oauth-providers/${ann.userId}/${annLink.body.id}`, { accessType: "server" }),
      200
    )
  })
})
