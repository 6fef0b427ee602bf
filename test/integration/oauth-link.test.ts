/** Linking a provider account to the signed-in user (`type=link`), over real HTTP. */
import { describe, expect, it } from "vitest"
import { expectStatus, uniqueEmail, useKitBackend, type TestProject } from "../support/local-backend.js"
import { authorizeUrl, Browser, exchangeCode, pkcePair, runDevFlow } from "./support/oauth-browser.js"

const backend = useKitBackend()

const REDIRECT = "http://localhost:3000/handler/oauth-callback"
const ERROR_URL = "http://localhost:3000/handler/error"

const project = () =>
  backend.createProject({
    config: {
      oauth_providers: [
        { id: "github", type: "shared" },
        // a standard provider without an OpenID Connect issuer is served by the development provider too
        { id: "spotify", type: "standard", client_id: "spotify-client", client_secret: "spotify-secret" }
      ]
    }
  })

const linkFlow = async (
  p: TestProject,
  token: string,
  identity: { email: string; accountId?: string },
  extra: { provider?: string; providerScope?: string } = {}
) => {
  const pkce = pkcePair()
  const url = authorizeUrl(backend.localBackend(), p, {
    provider: extra.provider ?? "github",
    redirectUri: REDIRECT,
    errorRedirectUrl: ERROR_URL,
    state: "link-state",
    challenge: pkce.challenge,
    type: "link",
    token,
    ...(extra.providerScope === undefined ? {} : { providerScope: extra.providerScope })
  })
  const landed = new URL(await runDevFlow(new Browser(), url, identity))
  return { landed, pkce }
}

describe("OAuth link", () => {
  it("connects the provider account to the signed-in user", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    const providerEmail = uniqueEmail("gh")
    const { landed, pkce } = await linkFlow(p, user.accessToken, { email: providerEmail, accountId: "gh-1" })
    expect(landed.searchParams.get("state")).toBe("link-state")
    const tokens = await exchangeCode(backend.localBackend(), p, {
      code: landed.searchParams.get("code") ?? "",
      verifier: pkce.verifier,
      redirectUri: REDIRECT
    })
    expect(tokens.status).toBe(200)
    expect(tokens.body.is_new_user).toBe(false)
    const me = expectStatus(await backend.call(p, "GET", "/users/me", { accessToken: tokens.body.access_token }), 200)
    expect(me.body.id).toBe(user.userId)
    expect(me.body.primary_email).toBe(user.email)
    expect(me.body.oauth_providers).toEqual([{ id: "github", account_id: "gh-1", email: providerEmail }])

    // linking the same account again is fine, and so is a second account of the same provider (the hosted
    // callback no longer answers USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION)
    const again = await linkFlow(p, user.accessToken, { email: providerEmail, accountId: "gh-1" })
    expect(again.landed.searchParams.get("code")).not.toBeNull()
    const secondEmail = uniqueEmail()
    const second = await linkFlow(p, user.accessToken, { email: secondEmail, accountId: "gh-2" })
    expect(second.landed.searchParams.get("code")).not.toBeNull()
    const linked = expectStatus(await backend.call(p, "GET", "/users/me", { accessToken: user.accessToken }), 200)
    expect(linked.body.oauth_providers).toEqual([
      { id: "github", account_id: "gh-1", email: providerEmail },
      { id: "github", account_id: "gh-2", email: secondEmail }
    ])

    // the account now signs in as that user
    const other = await backend.signUp(p)
    const taken = await linkFlow(p, other.accessToken, { email: providerEmail, accountId: "gh-1" })
    expect(taken.landed.searchParams.get("error")).toBe("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER")
  })

  it("needs a valid access token of the project's user", async () => {
    const p = await project()
    const elsewhere = await project()
    const stranger = await backend.signUp(elsewhere)
    const get = async (token: string) => {
      const response = await fetch(
        authorizeUrl(backend.localBackend(), p, {
          provider: "github",
          redirectUri: REDIRECT,
          errorRedirectUrl: ERROR_URL,
          state: "s",
          challenge: pkcePair().challenge,
          type: "link",
          token
        }),
        { redirect: "manual" }
      )
      return response.headers.get("x-stack-known-error")
    }
    expect(await get("not-a-jwt")).toBe("UNPARSABLE_ACCESS_TOKEN")
    expect(await get(stranger.accessToken)).toBe("INVALID_PROJECT_FOR_ACCESS_TOKEN")
  })

  it("asks for extra provider scopes only with the project's own keys", async () => {
    const p = await project()
    const user = await backend.signUp(p)
    const shared = await fetch(
      authorizeUrl(backend.localBackend(), p, {
        provider: "github",
        redirectUri: REDIRECT,
        state: "s",
        challenge: pkcePair().challenge,
        type: "link",
        token: user.accessToken,
        providerScope: "repo"
      }),
      { redirect: "manual" }
    )
    expect(shared.headers.get("x-stack-known-error")).toBe("OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS")

    const { landed } = await linkFlow(
      p,
      user.accessToken,
      { email: uniqueEmail() },
      { provider: "spotify", providerScope: "playlist-read-private" }
    )
    expect(landed.searchParams.get("code")).not.toBeNull()
    const token = expectStatus(
      await backend.call(p, "POST", "/connected-accounts/me/spotify/access-token", {
        accessToken: user.accessToken,
        body: { scope: "playlist-read-private user-read-email" }
      }),
      201
    )
    expect(token.body.access_token).toMatch(/^dev-spotify-/)
  })
})
