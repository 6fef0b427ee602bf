/** Connected-account access tokens over real HTTP: with and without the scope, per tier. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { ConnectedAccounts, ServerConnectedAccounts } from "../../src/services/generated/connected-accounts.js"
import { serverCore } from "../support/clients.js"
import {
  type LocalBackendHandle,
  expectStatus,
  uniqueEmail,
  useLocalBackend,
  useKitBackend,
  type TestProject
} from "../support/local-backend.js"
import { authorizeUrl, Browser, exchangeCode, pkcePair, runDevFlow } from "./support/oauth-browser.js"

const backend = useLocalBackend()
// A backend whose shared providers hand out tokens, as hosted with STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true.
// The kit's backend of the run allows shared OAuth access tokens (the testing kit's default).
const permissive = useKitBackend()

const REDIRECT = "http://localhost:3000/handler/oauth-callback"

/** The project's own keys: providers on shared keys hand out no access token (see the shared-keys test). */
const standard = (id: string) => ({ id, type: "standard", client_id: `${id}-client`, client_secret: `${id}-secret` })

const project = () =>
  backend.createProject({
    config: {
      oauth_providers: [
        standard("github"),
        // A provider not listed (spotify) is one users cannot sign in with: the service has no disabled providers.
        standard("google")
      ]
    }
  })

/** A user signed up through github (default scope `user:email`), served by the development provider. */
const githubUser = async (p: TestProject, on: LocalBackendHandle = backend) => {
  const pkce = pkcePair()
  const url = authorizeUrl(on.localBackend(), p, {
    provider: "github",
    redirectUri: REDIRECT,
    state: "s",
    challenge: pkce.challenge
  })
  const landed = new URL(await runDevFlow(new Browser(), url, { email: uniqueEmail() }))
  const tokens = await exchangeCode(on.localBackend(), p, {
    code: landed.searchParams.get("code") ?? "",
    verifier: pkce.verifier,
    redirectUri: REDIRECT
  })
  const me = expectStatus(await on.call(p, "GET", "/users/me", { accessToken: tokens.body.access_token }), 200)
  return { accessToken: tokens.body.access_token as string, userId: me.body.id as string }
}

describe("connected accounts", () => {
  it("hands out the provider token when the connection has the scope", async () => {
    const p = await project()
    const user = await githubUser(p)
    const call = (provider: string, body: unknown, userId = "me") =>
      backend.call(p, "POST", `/connected-accounts/${userId}/${provider}/access-token`, {
        accessToken: user.accessToken,
        body
      })

    const withScope = expectStatus(await call("github", { scope: "user:email" }), 201)
    expect(withScope.body).toEqual({ access_token: expect.stringMatching(/^dev-github-/) })
    expect(expectStatus(await call("github", {}), 201).body.access_token).toBe(withScope.body.access_token)
    expect(expectStatus(await call("github", {}, user.userId), 201).body.access_token).toBe(withScope.body.access_token)

    expect((await call("github", { scope: "repo" })).knownError).toBe("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE")
    expect((await call("github", { scope: "user:email repo" })).knownError).toBe(
      "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE"
    )
    expect((await call("google", {})).knownError).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER")
    expect((await call("spotify", {})).knownError).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED")
    expect((await call("gitlab", {})).knownError).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED")
    expect((await call("github", { scope: 42 })).knownError).toBe("SCHEMA_ERROR")
  })

  it("lets servers ask for any user and clients only for themselves", async () => {
    const p = await project()
    const user = await githubUser(p)
    const other = await backend.signUp(p)

    const server = expectStatus(
      await backend.call(p, "POST", `/connected-accounts/${user.userId}/github/access-token`, {
        accessType: "server",
        body: {}
      }),
      201
    )
    expect(server.body.access_token).toMatch(/^dev-github-/)
    expect(
      (
        await backend.call(p, "POST", `/connected-accounts/${crypto.randomUUID()}/github/access-token`, {
          accessType: "server",
          body: {}
        })
      ).knownError
    ).toBe("USER_NOT_FOUND")
    // As the service's path schema: neither a UUID nor `me` is refused before any lookup.
    expect(
      (
        await backend.call(p, "POST", "/connected-accounts/no-such-user/github/access-token", {
          accessType: "server",
          body: {}
        })
      ).knownError
    ).toBe("SCHEMA_ERROR")
    expect(
      (
        await backend.call(p, "POST", `/connected-accounts/${other.userId}/github/access-token`, {
          accessType: "server",
          body: {}
        })
      ).knownError
    ).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER")

    const foreign = await backend.call(p, "POST", `/connected-accounts/${user.userId}/github/access-token`, {
      accessToken: other.accessToken,
      body: {}
    })
    expect(foreign.status).toBe(403)
    expect((await backend.call(p, "POST", "/connected-accounts/me/github/access-token", { body: {} })).knownError).toBe(
      "USER_AUTHENTICATION_REQUIRED"
    )
  })

  it("answers the older path of the signed-in user's own token too", async () => {
    const p = await project()
    const user = await githubUser(p)
    const older = (provider: string, accessToken?: string) =>
      backend.call(p, "POST", `/auth/oauth/connected-accounts/${provider}/access-token`, { accessToken, body: {} })
    const token = expectStatus(await older("github", user.accessToken), 201)
    expect(token.body.access_token).toMatch(/^dev-github-/)
    expect((await older("google", user.accessToken)).knownError).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER")
    expect((await older("github")).knownError).toBe("USER_AUTHENTICATION_REQUIRED")
  })
})

describe("connected accounts by provider account", () => {
  it("lists the user's connected accounts and hands out one account's token", async () => {
    const p = await project()
    const user = await githubUser(p)
    const listed = expectStatus(
      await backend.call(p, "GET", "/connected-accounts/me", { accessToken: user.accessToken }),
      200
    )
    expect(listed.body).toEqual({
      items: [{ user_id: user.userId, provider: "github", provider_account_id: expect.any(String) }],
      is_paginated: false
    })
    const accountId: string = listed.body.items[0].provider_account_id
    const byServer = expectStatus(
      await backend.call(p, "GET", `/connected-accounts/${user.userId}`, { accessType: "server" }),
      200
    )
    expect(byServer.body).toEqual(listed.body)

    const call = (provider: string, account: string, body: unknown = {}) =>
      backend.call(p, "POST", `/connected-accounts/me/${provider}/${encodeURIComponent(account)}/access-token`, {
        accessToken: user.accessToken,
        body
      })
    const token = expectStatus(await call("github", accountId, { scope: "user:email" }), 201)
    expect(token.body).toEqual({ access_token: expect.stringMatching(/^dev-github-/) })
    expect((await call("github", "another-account")).knownError).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER")
    expect((await call("google", accountId)).knownError).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER")
    expect((await call("github", accountId, { scope: "repo" })).knownError).toBe(
      "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE"
    )
  })

  it("clients list only their own accounts; servers any existing user's", async () => {
    const p = await project()
    const user = await githubUser(p)
    const other = await backend.signUp(p)
    const foreign = await backend.call(p, "GET", `/connected-accounts/${user.userId}`, {
      accessToken: other.accessToken
    })
    expect(foreign.status).toBe(403)
    expect(foreign.knownError).toBeNull()
    expect(foreign.text).toBe("Client can only list connected accounts for their own user.")
    expect((await backend.call(p, "GET", "/connected-accounts/me")).knownError).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER")
    expect(
      expectStatus(await backend.call(p, "GET", "/connected-accounts/me", { accessToken: other.accessToken }), 200).body
        .items
    ).toEqual([])
    expect(
      (await backend.call(p, "GET", `/connected-accounts/${crypto.randomUUID()}`, { accessType: "server" })).knownError
    ).toBe("USER_NOT_FOUND")
    // As the service's path schema: a user id that is neither a UUID nor `me` is refused before any lookup.
    expect(
      (await backend.call(p, "GET", "/connected-accounts/no-such-user", { accessType: "server" })).knownError
    ).toBe("SCHEMA_ERROR")
  })

  it("providers on shared keys hand out no access token, on every path, before the user is looked up", async () => {
    const p = await backend.createProject({ config: { oauth_providers: [{ id: "github", type: "shared" }] } })
    const user = await githubUser(p)
    const accountId: string = expectStatus(
      await backend.call(p, "GET", "/connected-accounts/me", { accessToken: user.accessToken }),
      200
    ).body.items[0].provider_account_id
    for (const path of [
      "/connected-accounts/me/github/access-token",
      `/connected-accounts/me/github/${encodeURIComponent(accountId)}/access-token`,
      "/auth/oauth/connected-accounts/github/access-token"
    ]) {
      const answer = await backend.call(p, "POST", path, { accessToken: user.accessToken, body: {} })
      expect(answer.status, path).toBe(400)
      expect(answer.knownError, path).toBe("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS")
    }
    const unknownUser = await backend.call(
      p,
      "POST",
      `/connected-accounts/${crypto.randomUUID()}/github/access-token`,
      {
        accessType: "server",
        body: {}
      }
    )
    expect(unknownUser.knownError).toBe("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS")
  })

  it("hands out shared providers' tokens on a backend started with allowSharedOAuthAccessTokens", async () => {
    const p = await permissive.createProject({ config: { oauth_providers: [{ id: "github", type: "shared" }] } })
    const user = await githubUser(p, permissive)
    const token = expectStatus(
      await permissive.call(p, "POST", "/connected-accounts/me/github/access-token", {
        accessToken: user.accessToken,
        body: {}
      }),
      201
    )
    expect(token.body.access_token).toMatch(/^dev-github-/)
  })
})

describe("ConnectedAccounts client services", () => {
  const run = <A, E>(
    p: TestProject,
    effect: Effect.Effect<A, E, ConnectedAccounts | ServerConnectedAccounts>,
    accessToken: string | null
  ) =>
    Effect.runPromise(
      effect.pipe(
        Effect.provide(
          Layer.mergeAll(ConnectedAccounts.layer, ServerConnectedAccounts.layer).pipe(
            Layer.provide(serverCore(backend, p, { accessToken, refreshToken: null }))
          )
        )
      )
    )

  it("answers the token, or null when not connected or missing the scope", async () => {
    const p = await project()
    const user = await githubUser(p)
    const mine = await run(
      p,
      Effect.flatMap(ConnectedAccounts, (c) => c.accessToken("github", "user:email")),
      user.accessToken
    )
    expect(mine).toMatch(/^dev-github-/)
    expect(
      await run(
        p,
        Effect.flatMap(ConnectedAccounts, (c) => c.accessToken("github", "repo")),
        user.accessToken
      )
    ).toBeNull()
    expect(
      await run(
        p,
        Effect.flatMap(ConnectedAccounts, (c) => c.accessToken("google")),
        user.accessToken
      )
    ).toBeNull()
    const byServer = await run(
      p,
      Effect.flatMap(ServerConnectedAccounts, (c) => c.accessToken(user.userId, "github")),
      null
    )
    expect(byServer).toBe(mine)
    const disabled = await run(
      p,
      Effect.flatMap(ConnectedAccounts, (c) => c.accessToken("spotify")).pipe(
        Effect.catchTag("OAuthProviderNotFoundOrNotEnabled", (e) => Effect.succeed(e.code))
      ),
      user.accessToken
    )
    expect(disabled).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED")
  })

  it("lists the accounts and answers one account's token; shared keys are a typed error", async () => {
    const p = await project()
    const user = await githubUser(p)
    const accounts = await run(
      p,
      Effect.flatMap(ConnectedAccounts, (c) => c.list),
      user.accessToken
    )
    expect(accounts).toEqual([{ userId: user.userId, provider: "github", providerAccountId: expect.any(String) }])
    const accountId = accounts[0]?.providerAccountId ?? ""
    const mine = await run(
      p,
      Effect.flatMap(ConnectedAccounts, (c) => c.accessTokenForAccount("github", accountId, "user:email")),
      user.accessToken
    )
    expect(mine).toMatch(/^dev-github-/)
    expect(
      await run(
        p,
        Effect.flatMap(ConnectedAccounts, (c) => c.accessTokenForAccount("github", "someone-else")),
        user.accessToken
      )
    ).toBeNull()
    const server = await run(
      p,
      Effect.flatMap(ServerConnectedAccounts, (c) =>
        Effect.all({ list: c.list(user.userId), token: c.accessTokenForAccount(user.userId, "github", accountId) })
      ),
      null
    )
    expect(server).toEqual({ list: accounts, token: mine })
    const unknown = await run(
      p,
      Effect.flatMap(ServerConnectedAccounts, (c) => c.list(crypto.randomUUID())).pipe(
        Effect.catchTag("UserNotFound", (e) => Effect.succeed(e.code))
      ),
      null
    )
    expect(unknown).toBe("USER_NOT_FOUND")

    const sharedProject = await backend.createProject({
      config: { oauth_providers: [{ id: "github", type: "shared" }] }
    })
    const sharedUser = await githubUser(sharedProject)
    const refused = await run(
      sharedProject,
      Effect.flatMap(ConnectedAccounts, (c) => c.accessToken("github")).pipe(
        Effect.catchTag("OAuthAccessTokenNotAvailableWithSharedOAuthKeys", (e) => Effect.succeed(e.code))
      ),
      sharedUser.accessToken
    )
    expect(refused).toBe("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS")
  })
})
