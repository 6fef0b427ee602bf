/**
 * Linked OAuth providers over real HTTP: the signed-in user's links (`OAuthProviders`), any user's
 * (`ServerOAuthProviders`), and how the switches reach connected accounts and sign-in, with a user holding
 * two accounts of one provider.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { ConnectedAccounts, ServerConnectedAccounts } from "../../src/services/generated/connected-accounts.js"
import { OAuthProviders, ServerOAuthProviders } from "../../src/services/generated/oauth-providers.js"
import { serverCore } from "../support/clients.js"
import { expectStatus, type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { authorizeUrl, Browser, exchangeCode, pkcePair, runDevFlow } from "./support/oauth-browser.js"

const backend = useKitBackend()

const REDIRECT = "http://localhost:3000/handler/oauth-callback"

// The project's own keys, so the development provider hands out tokens for connected accounts.
const project = () =>
  backend.createProject({
    config: {
      oauth_providers: [{ id: "github", type: "standard", client_id: "github-client", client_secret: "github-secret" }]
    }
  })

type Services = OAuthProviders | ServerOAuthProviders | ConnectedAccounts | ServerConnectedAccounts

const run = <A, E>(p: TestProject, effect: Effect.Effect<A, E, Services>, accessToken: string | null) =>
  Effect.runPromise(
    effect.pipe(
      Effect.provide(
        Layer.mergeAll(
          OAuthProviders.layer,
          ServerOAuthProviders.layer,
          ConnectedAccounts.layer,
          ServerConnectedAccounts.layer
        ).pipe(Layer.provide(serverCore(backend, p, { accessToken, refreshToken: null })))
      )
    )
  )

/** The tag of a failure, or "ok". */
const outcome = <A, E extends { readonly _tag: string }>(effect: Effect.Effect<A, E, Services>) =>
  effect.pipe(
    Effect.as("ok"),
    Effect.catch((e: E) => Effect.succeed(e._tag))
  )

/** A github sign-in (or `link` for the signed-in user with `token`) of the provider account `accountId`. */
const githubFlow = async (p: TestProject, accountId: string, email: string, link?: string) => {
  const pkce = pkcePair()
  const url = authorizeUrl(backend.localBackend(), p, {
    provider: "github",
    redirectUri: REDIRECT,
    state: "s",
    challenge: pkce.challenge,
    ...(link === undefined ? {} : { type: "link", token: link })
  })
  const landed = new URL(await runDevFlow(new Browser(), url, { email, accountId }))
  const tokens = await exchangeCode(backend.localBackend(), p, {
    code: landed.searchParams.get("code") ?? "",
    verifier: pkce.verifier,
    redirectUri: REDIRECT
  })
  const me = expectStatus(await backend.call(p, "GET", "/users/me", { accessToken: tokens.body.access_token }), 200)
  return { accessToken: tokens.body.access_token as string, userId: me.body.id as string }
}

describe("OAuthProviders", () => {
  it("lists a user's two accounts of one provider; the switches and removal reach connected accounts", async () => {
    const p = await project()
    const user = await githubFlow(p, "gh-work", uniqueEmail("work"))
    await githubFlow(p, "gh-home", uniqueEmail("home"), user.accessToken)
    const mine = <A, E>(effect: Effect.Effect<A, E, Services>) => run(p, effect, user.accessToken)

    const links = await mine(Effect.flatMap(OAuthProviders, (o) => o.list))
    expect(links.map((l) => [l.type, l.providerConfigId, l.allowSignIn, l.allowConnectedAccounts])).toEqual([
      ["github", "github", true, true],
      ["github", "github", true, true]
    ])
    expect(links.every((l) => l.userId === user.userId && !("accountId" in l))).toBe(true)
    const [work, home] = links
    if (work === undefined || home === undefined) throw new Error("two links expected")
    expect(await mine(Effect.flatMap(OAuthProviders, (o) => o.get(home.id)))).toEqual(home)

    // Each account hands out its own token.
    const accounts = await mine(Effect.flatMap(ConnectedAccounts, (c) => c.list))
    expect(accounts.map((a) => a.providerAccountId)).toEqual(["gh-work", "gh-home"])
    const workToken = await mine(Effect.flatMap(ConnectedAccounts, (c) => c.accessTokenForAccount("github", "gh-work")))
    const homeToken = await mine(Effect.flatMap(ConnectedAccounts, (c) => c.accessTokenForAccount("github", "gh-home")))
    expect(workToken).toMatch(/^dev-github-/)
    expect(homeToken).toMatch(/^dev-github-/)
    expect(homeToken).not.toBe(workToken)

    // Connected access off: the account is no longer listed and hands out no token.
    const switched = await mine(
      Effect.flatMap(OAuthProviders, (o) => o.update(home.id, { allowConnectedAccounts: false }))
    )
    expect(switched).toMatchObject({ id: home.id, allowSignIn: true, allowConnectedAccounts: false })
    expect((await mine(Effect.flatMap(ConnectedAccounts, (c) => c.list))).map((a) => a.providerAccountId)).toEqual([
      "gh-work"
    ])
    expect(
      await mine(Effect.flatMap(ConnectedAccounts, (c) => c.accessTokenForAccount("github", "gh-home")))
    ).toBeNull()

    // One account of a provider signs in: with both on (the link flow turns it on), the first must go off
    // before it can come back on.
    const work2 = await mine(Effect.flatMap(OAuthProviders, (o) => o.update(work.id, { allowSignIn: false })))
    expect(work2.allowSignIn).toBe(false)
    const conflict = await mine(
      Effect.flatMap(OAuthProviders, (o) => o.update(work.id, { allowSignIn: true })).pipe(
        Effect.catchTag("OAuthProviderConflict", (e) => Effect.succeed(e.reason))
      )
    )
    expect(conflict).toBe("sign-in-already-enabled")

    // Removal: gone from the list, the user's read and the server's view; its token with it.
    await mine(Effect.flatMap(OAuthProviders, (o) => o.delete(home.id)))
    expect((await mine(Effect.flatMap(OAuthProviders, (o) => o.list))).map((l) => l.id)).toEqual([work.id])
    const server = await run(
      p,
      Effect.flatMap(ServerOAuthProviders, (o) => o.list(user.userId)),
      null
    )
    expect(server.map((l) => [l.accountId, l.allowSignIn])).toEqual([["gh-work", false]])
    expect(
      await mine(Effect.flatMap(ConnectedAccounts, (c) => c.accessTokenForAccount("github", "gh-home")))
    ).toBeNull()
    expect(
      await run(
        p,
        Effect.flatMap(ServerConnectedAccounts, (c) => c.accessTokenForAccount(user.userId, "github", "gh-work")),
        null
      )
    ).toBe(workToken)

    // A link that is gone: null on read, OAuthProviderNotFound on writes.
    expect(await mine(Effect.flatMap(OAuthProviders, (o) => o.get(home.id)))).toBeNull()
    expect(await mine(outcome(Effect.flatMap(OAuthProviders, (o) => o.update(home.id, { allowSignIn: false }))))).toBe(
      "OAuthProviderNotFound"
    )
    expect(await mine(outcome(Effect.flatMap(OAuthProviders, (o) => o.delete(home.id))))).toBe("OAuthProviderNotFound")
    // Refused before sending: a link id is a UUID (the declaration's path schema).
    expect(await mine(outcome(Effect.flatMap(OAuthProviders, (o) => o.get("not-a-uuid"))))).toBe("InvalidInput")
    expect(await run(p, outcome(Effect.flatMap(OAuthProviders, (o) => o.list)), null)).toBe(
      "CannotGetOwnUserWithoutUser"
    )
  })

  it("an account whose sign-in is off no longer signs its user in", async () => {
    const p = await project()
    const email = uniqueEmail("gh")
    const user = await githubFlow(p, "gh-1", email)
    const [only] = await run(
      p,
      Effect.flatMap(OAuthProviders, (o) => o.list),
      user.accessToken
    )
    if (only === undefined) throw new Error("one link expected")
    await run(
      p,
      Effect.flatMap(OAuthProviders, (o) => o.update(only.id, { allowSignIn: false })),
      user.accessToken
    )
    // The service finds only links that allow sign-in: the account signs up as a new user (whose e-mail is the
    // user's unverified one, so it is not merged either).
    const again = await githubFlow(p, "gh-1", uniqueEmail("other"))
    expect(again.userId).not.toBe(user.userId)
    await run(
      p,
      Effect.flatMap(OAuthProviders, (o) => o.delete(only.id)),
      user.accessToken
    )
  })
})

describe("ServerOAuthProviders", () => {
  it("links an account to any user, with the service's rules as typed errors", async () => {
    const p = await project()
    const ann = await backend.signUp(p)
    const bob = await backend.signUp(p)
    const server = <A, E>(effect: Effect.Effect<A, E, Services>) => run(p, effect, null)
    const linkFor = (userId: string, accountId: string, allowSignIn = true, providerConfigId = "github") =>
      Effect.flatMap(ServerOAuthProviders, (o) =>
        o.create({
          userId,
          providerConfigId,
          accountId,
          email: "ann@work.example",
          allowSignIn,
          allowConnectedAccounts: true
        })
      )

    const created = await server(linkFor(ann.userId, "acct-1"))
    expect(created).toEqual({
      id: expect.any(String),
      userId: ann.userId,
      email: "ann@work.example",
      providerConfigId: "github",
      type: "github",
      allowSignIn: true,
      allowConnectedAccounts: true,
      accountId: "acct-1"
    })
    expect(await server(outcome(linkFor(bob.userId, "acct-1")))).toBe("OAuthProviderAccountIdAlreadyUsedForSignIn")
    expect(await server(outcome(linkFor(bob.userId, "acct-1", false)))).toBe("ok")
    expect(await server(outcome(linkFor(ann.userId, "acct-2")))).toBe("OAuthProviderConflict")
    expect(await server(outcome(linkFor(ann.userId, "acct-3", true, "google")))).toBe("OAuthProviderNotConfigured")
    expect(await server(outcome(linkFor("8d0f0a62-5f5d-4c43-9b0e-0c7a3a5d2b11", "acct-4")))).toBe("UserNotFound")

    const updated = await server(
      Effect.flatMap(ServerOAuthProviders, (o) =>
        o.update(ann.userId, created.id, { email: "ann@home.example", accountId: "acct-9" })
      )
    )
    expect(updated).toMatchObject({ email: "ann@home.example", accountId: "acct-9", allowSignIn: true })
    expect(await server(Effect.flatMap(ServerOAuthProviders, (o) => o.get(ann.userId, created.id)))).toEqual(updated)
    // Under another user the link is not found.
    expect(await server(Effect.flatMap(ServerOAuthProviders, (o) => o.get(bob.userId, created.id)))).toBeNull()
    await server(Effect.flatMap(ServerOAuthProviders, (o) => o.delete(ann.userId, created.id)))
    expect(await server(Effect.flatMap(ServerOAuthProviders, (o) => o.list(ann.userId)))).toEqual([])
    // The client sees its own links without account ids.
    const bobs = await run(
      p,
      Effect.flatMap(OAuthProviders, (o) => o.list),
      bob.accessToken
    )
    expect(bobs).toEqual([
      {
        id: expect.any(String),
        userId: bob.userId,
        email: "ann@work.example",
        providerConfigId: "github",
        type: "github",
        allowSignIn: false,
        allowConnectedAccounts: true
      }
    ])
  })
})
