/** Connected-account access tokens over real HTTP: with and without the scope, per tier. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { ConnectedAccounts, ServerConnectedAccounts } from "../../src/services/users/connected-accounts.js"
import { serverCore } from "../support/clients.js"
import { expectStatus, uniqueEmail, useEmulator, type TestProject } from "../support/emulator.js"
import { authorizeUrl, Browser, exchangeCode, pkcePair, runDevFlow } from "./support/oauth-browser.js"

const backend = useEmulator()

const REDIRECT = "http://localhost:3000/handler/oauth-callback"

const project = () =>
  backend.createProject({
    config: {
      oauth_providers: [
        { id: "github", type: "shared" },
        // A provider not listed (spotify) is one users cannot sign in with: the service has no disabled providers.
        { id: "google", type: "shared" }
      ]
    }
  })

/** A user signed up through github (default scope `user:email`). */
const githubUser = async (p: TestProject) => {
  const pkce = pkcePair()
  const url = authorizeUrl(backend.emulator(), p, { provider: "github", redirectUri: REDIRECT, state: "s", challenge: pkce.challenge })
  const landed = new URL(await runDevFlow(new Browser(), url, { email: uniqueEmail() }))
  const tokens = await exchangeCode(backend.emulator(), p, { code: landed.searchParams.get("code") ?? "", verifier: pkce.verifier, redirectUri: REDIRECT })
  const me = expectStatus(await backend.call(p, "GET", "/users/me", { accessToken: tokens.body.access_token }), 200)
  return { accessToken: tokens.body.access_token as string, userId: me.body.id as string }
}

describe("connected accounts", () => {
  it("hands out the provider token when the connection has the scope", async () => {
    const p = await project()
    const user = await githubUser(p)
    const call = (provider: string, body: unknown, userId = "me") =>
      backend.call(p, "POST", `/connected-accounts/${userId}/${provider}/access-token`, { accessToken: user.accessToken, body })

    const withScope = expectStatus(await call("github", { scope: "user:email" }), 201)
    expect(withScope.body).toEqual({ access_token: expect.stringMatching(/^dev-github-/) })
    expect(expectStatus(await call("github", {}), 201).body.access_token).toBe(withScope.body.access_token)
    expect(expectStatus(await call("github", {}, user.userId), 201).body.access_token).toBe(withScope.body.access_token)

    expect((await call("github", { scope: "repo" })).knownError).toBe("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE")
    expect((await call("github", { scope: "user:email repo" })).knownError).toBe("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE")
    expect((await call("google", {})).knownError).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER")
    expect((await call("spotify", {})).knownError).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED")
    expect((await call("gitlab", {})).knownError).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED")
    expect((await call("github", { scope: 42 })).knownError).toBe("SCHEMA_ERROR")
  })

  it("lets servers ask for any user and clients only for themselves", async () => {
    const p = await project()
    const user = await githubUser(p)
    const other = await backend.signUp(p)

    const server = expectStatus(await backend.call(p, "POST", `/connected-accounts/${user.userId}/github/access-token`, { accessType: "server", body: {} }), 201)
    expect(server.body.access_token).toMatch(/^dev-github-/)
    expect((await backend.call(p, "POST", "/connected-accounts/no-such-user/github/access-token", { accessType: "server", body: {} })).knownError)
      .toBe("USER_NOT_FOUND")
    expect((await backend.call(p, "POST", `/connected-accounts/${other.userId}/github/access-token`, { accessType: "server", body: {} })).knownError)
      .toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER")

    const foreign = await backend.call(p, "POST", `/connected-accounts/${user.userId}/github/access-token`, { accessToken: other.accessToken, body: {} })
    expect(foreign.status).toBe(403)
    expect((await backend.call(p, "POST", "/connected-accounts/me/github/access-token", { body: {} })).knownError).toBe("USER_AUTHENTICATION_REQUIRED")
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

describe("ConnectedAccounts client services", () => {
  const run = <A, E>(p: TestProject, effect: Effect.Effect<A, E, ConnectedAccounts | ServerConnectedAccounts>, accessToken: string | null) =>
    Effect.runPromise(effect.pipe(Effect.provide(
      Layer.mergeAll(ConnectedAccounts.layer, ServerConnectedAccounts.layer).pipe(Layer.provide(serverCore(backend, p, { accessToken, refreshToken: null })))
    )))

  it("answers the token, or null when not connected or missing the scope", async () => {
    const p = await project()
    const user = await githubUser(p)
    const mine = await run(p, Effect.flatMap(ConnectedAccounts, (c) => c.accessToken("github", "user:email")), user.accessToken)
    expect(mine).toMatch(/^dev-github-/)
    expect(await run(p, Effect.flatMap(ConnectedAccounts, (c) => c.accessToken("github", "repo")), user.accessToken)).toBeNull()
    expect(await run(p, Effect.flatMap(ConnectedAccounts, (c) => c.accessToken("google")), user.accessToken)).toBeNull()
    const byServer = await run(p, Effect.flatMap(ServerConnectedAccounts, (c) => c.accessToken(user.userId, "github")), null)
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
})
