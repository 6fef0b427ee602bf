/**
 * OAuth sign-in over real HTTP against the development provider: authorize (checks and redirect), the
 * provider's page, the callback, and the authorization-code grant with PKCE.
 */
import { describe, expect, it } from "vitest"
import { expectStatus, uniqueEmail, useKitBackend, type TestProject } from "../support/local-backend.js"
import { authorizeUrl, Browser, exchangeCode, pkcePair, runDevFlow } from "./support/oauth-browser.js"

const backend = useKitBackend()

const REDIRECT = "http://localhost:3000/handler/oauth-callback"
const ERROR_URL = "http://localhost:3000/handler/error"

const githubProject = (config: Record<string, unknown> = {}) =>
  backend.createProject({
    config: { oauth_providers: [{ id: "github", type: "shared" }], ...config }
  })

/** Runs a whole sign-in up to the client's callback URL. */
const signInFlow = async (
  project: TestProject,
  identity: { email: string; name?: string; accountId?: string; emailVerified?: boolean },
  extra: { afterCallbackRedirectUrl?: string } = {}
) => {
  const pkce = pkcePair()
  const state = `state-${Math.random().toString(36).slice(2)}`
  const browser = new Browser()
  const url = authorizeUrl(backend.localBackend(), project, {
    provider: "github",
    redirectUri: REDIRECT,
    errorRedirectUrl: ERROR_URL,
    state,
    challenge: pkce.challenge,
    ...extra
  })
  const landed = new URL(await runDevFlow(browser, url, identity))
  return { landed, state, pkce, browser }
}

const codeOf = (landed: URL) => {
  const code = landed.searchParams.get("code")
  if (code === null) throw new Error(`no code in ${landed.toString()}`)
  return code
}

/** Redeems a finished flow's code and reads the user it signed in. */
const redeemAndRead = async (project: TestProject, flow: Awaited<ReturnType<typeof signInFlow>>) => {
  const tokens = await exchangeCode(backend.localBackend(), project, {
    code: codeOf(flow.landed),
    verifier: flow.pkce.verifier,
    redirectUri: REDIRECT
  })
  const me = expectStatus(
    await backend.call(project, "GET", "/users/me", { accessToken: tokens.body.access_token }),
    200
  )
  return { tokens, me }
}

describe("OAuth with the development provider", () => {
  it("signs a new user up with PKCE, then signs the same identity in", async () => {
    const project = await githubProject()
    const email = uniqueEmail("oauth")
    const first = await signInFlow(
      project,
      { email, name: "Ada Lovelace" },
      { afterCallbackRedirectUrl: "http://localhost:3000/dashboard" }
    )
    expect(`${first.landed.origin}${first.landed.pathname}`).toBe(REDIRECT)
    expect(first.landed.searchParams.get("state")).toBe(first.state)
    // the flow's cookie was consumed at the callback
    expect([...first.browser.cookies(REDIRECT).keys()].filter((k) => k.startsWith("stack-oauth-inner-"))).toEqual([])

    const tokens = await exchangeCode(backend.localBackend(), project, {
      code: codeOf(first.landed),
      verifier: first.pkce.verifier,
      redirectUri: REDIRECT
    })
    expect(tokens.status).toBe(200)
    expect(tokens.body).toMatchObject({
      token_type: "Bearer",
      is_new_user: true,
      after_callback_redirect_url: "http://localhost:3000/dashboard"
    })
    expect(typeof tokens.body.access_token).toBe("string")
    expect(typeof tokens.body.refresh_token).toBe("string")

    const me = expectStatus(
      await backend.call(project, "GET", "/users/me", { accessToken: tokens.body.access_token }),
      200
    )
    expect(me.body).toMatchObject({ display_name: "Ada Lovelace", primary_email: email, primary_email_verified: true })
    expect(me.body.oauth_providers).toEqual([{ id: "github", account_id: expect.any(String), email }])

    const again = await signInFlow(project, { email })
    const second = await exchangeCode(backend.localBackend(), project, {
      code: codeOf(again.landed),
      verifier: again.pkce.verifier,
      redirectUri: REDIRECT
    })
    expect(second.body).toMatchObject({ is_new_user: false, after_callback_redirect_url: null })
    const meAgain = expectStatus(
      await backend.call(project, "GET", "/users/me", { accessToken: second.body.access_token }),
      200
    )
    expect(meAgain.body.id).toBe(me.body.id)
  })

  it("refuses a wrong verifier, a wrong redirect URI (hosted's plain 400), and a code twice", async () => {
    const project = await githubProject()
    const flow = await signInFlow(project, { email: uniqueEmail() })
    const code = codeOf(flow.landed)
    const wrong = await exchangeCode(backend.localBackend(), project, {
      code,
      verifier: pkcePair().verifier,
      redirectUri: REDIRECT
    })
    expect(wrong.knownError).toBe("INVALID_AUTHORIZATION_CODE")

    const other = await signInFlow(project, { email: uniqueEmail() })
    const otherCode = codeOf(other.landed)
    const wrongRedirect = await exchangeCode(backend.localBackend(), project, {
      code: otherCode,
      verifier: other.pkce.verifier,
      redirectUri: "http://localhost:3000/elsewhere"
    })
    expect(wrongRedirect.status).toBe(400)
    expect(wrongRedirect.knownError).toBeNull()
    expect(wrongRedirect.body).toBe(
      "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code."
    )
    // As hosted, a failed attempt does not use the code up: the right verifier and redirect URI still redeem it.
    const afterWrongVerifier = await exchangeCode(backend.localBackend(), project, {
      code,
      verifier: flow.pkce.verifier,
      redirectUri: REDIRECT
    })
    expect(afterWrongVerifier.status).toBe(200)
    const afterWrongRedirect = await exchangeCode(backend.localBackend(), project, {
      code: otherCode,
      verifier: other.pkce.verifier,
      redirectUri: REDIRECT
    })
    expect(afterWrongRedirect.status).toBe(200)

    const third = await signInFlow(project, { email: uniqueEmail() })
    const thirdCode = codeOf(third.landed)
    const ok = await exchangeCode(backend.localBackend(), project, {
      code: thirdCode,
      verifier: third.pkce.verifier,
      redirectUri: `${REDIRECT}?code=x&state=y`
    })
    expect(ok.status).toBe(200)
    const reused = await exchangeCode(backend.localBackend(), project, {
      code: thirdCode,
      verifier: third.pkce.verifier,
      redirectUri: REDIRECT
    })
    expect(reused.knownError).toBe("INVALID_AUTHORIZATION_CODE")
  })

  it("checks the client, the provider and the redirect URLs at authorize", async () => {
    const project = await githubProject({
      allow_localhost: false,
      domains: [{ domain: "https://app.example.com", handler_path: "/handler" }]
    })
    const pkce = pkcePair()
    const base = {
      provider: "github",
      redirectUri: "https://app.example.com/handler/oauth-callback",
      errorRedirectUrl: "https://app.example.com/handler/error",
      state: "s1",
      challenge: pkce.challenge
    }
    const get = async (url: string) => {
      const response = await fetch(url, { redirect: "manual" })
      return {
        status: response.status,
        knownError: response.headers.get("x-stack-known-error"),
        location: response.headers.get("location"),
        text: await response.text()
      }
    }
    const localBackend = backend.localBackend()
    expect((await get(authorizeUrl(localBackend, project, base))).status).toBe(307)
    expect((await get(authorizeUrl(localBackend, project, { ...base, clientId: "no-such-project" }))).knownError).toBe(
      "INVALID_OAUTH_CLIENT_ID_OR_SECRET"
    )
    // A wrong key for a project that exists names the key, as the service's authorize route does.
    expect((await get(authorizeUrl(localBackend, project, { ...base, clientSecret: "pck_wrong" }))).knownError).toBe(
      "INVALID_PUBLISHABLE_CLIENT_KEY"
    )
    // The public-client sentinel stands for no key: a project that does not require one lets it through.
    expect(
      (await get(authorizeUrl(localBackend, project, { ...base, clientSecret: "__stack_public_client__" }))).status
    ).toBe(307)
    expect((await get(authorizeUrl(localBackend, project, { ...base, provider: "google" }))).knownError).toBe(
      "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED"
    )
    expect(
      (await get(authorizeUrl(localBackend, project, { ...base, redirectUri: "http://localhost:3000/cb" }))).knownError
    ).toBe("REDIRECT_URL_NOT_WHITELISTED")
    expect(
      (await get(authorizeUrl(localBackend, project, { ...base, redirectUri: "https://evil.example.com/cb" })))
        .knownError
    ).toBe("REDIRECT_URL_NOT_WHITELISTED")
    expect(
      (await get(authorizeUrl(localBackend, project, { ...base, errorRedirectUrl: "https://evil.example.com/error" })))
        .knownError
    ).toBe("REDIRECT_URL_NOT_WHITELISTED")
    const plain = await get(
      authorizeUrl(localBackend, project, base).replace("code_challenge_method=S256", "code_challenge_method=plain")
    )
    // As the service: authorize stores any challenge and method; only the code exchange checks them (S256 only).
    expect(plain.status).toBe(307)
    const short = await get(authorizeUrl(localBackend, project, { ...base, challenge: "abc" }))
    expect(short.status).toBe(307)
    const link = await get(authorizeUrl(localBackend, project, { ...base, type: "link" }))
    expect(link.status).toBe(400)
    expect(link.text).toContain("token")
  })

  it("refuses a callback without the browser's flow cookie, and a replayed one", async () => {
    const project = await githubProject()
    const pkce = pkcePair()
    const browser = new Browser()
    const url = authorizeUrl(backend.localBackend(), project, {
      provider: "github",
      redirectUri: REDIRECT,
      errorRedirectUrl: ERROR_URL,
      state: "s",
      challenge: pkce.challenge
    })
    const toPage = await browser.request(url)
    const page = await browser.request(toPage.location ?? "")
    const form = page.text.match(/name="state" value="([^"]*)"/)
    const innerState = form?.[1] ?? ""
    const approve = await browser.request(
      new URL("/dev-oauth/github/authorize", backend.localBackend().url).toString(),
      {
        form: {
          redirect_uri: new URL(toPage.location ?? "").searchParams.get("redirect_uri") ?? "",
          state: innerState,
          action: "approve",
          email: uniqueEmail(),
          email_verified: "true"
        }
      }
    )
    const callbackUrl = approve.location ?? ""
    expect(callbackUrl).toContain("/api/v1/auth/oauth/callback/github")

    const stranger = await new Browser().request(callbackUrl)
    expect(stranger.status).toBe(400)
    expect(stranger.text).toContain("Inner OAuth cookie not found")

    const done = await browser.request(callbackUrl)
    expect(done.status).toBe(302)
    expect(done.location).toContain("code=")
    const replay = await fetch(callbackUrl, {
      redirect: "manual",
      headers: { cookie: `stack-oauth-inner-${innerState}=true` }
    })
    expect(replay.status).toBe(400)
    expect(await replay.text()).toContain("Invalid OAuth state")
  })

  it("sends refusals and sign-up rules to the error URL", async () => {
    const project = await githubProject()
    const denied = new URL(
      await runDevFlow(
        new Browser(),
        authorizeUrl(backend.localBackend(), project, {
          provider: "github",
          redirectUri: REDIRECT,
          errorRedirectUrl: ERROR_URL,
          state: "s",
          challenge: pkcePair().challenge
        }),
        "deny"
      )
    )
    expect(`${denied.origin}${denied.pathname}`).toBe(ERROR_URL)
    expect(denied.searchParams.get("error")).toBe("OAUTH_PROVIDER_ACCESS_DENIED")
    expect(denied.searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED")
    expect(denied.searchParams.get("error_description")).toContain("access_denied")

    const closed = await githubProject({ sign_up_enabled: false })
    const refused = (await signInFlow(closed, { email: uniqueEmail() })).landed
    expect(refused.searchParams.get("error")).toBe("SIGN_UP_NOT_ENABLED")
    expect(refused.searchParams.get("code")).toBeNull()
  })

  it("links by email only when both sides verified it", async () => {
    const project = await githubProject()
    const user = await backend.signUp(project)
    const unverified = (await signInFlow(project, { email: user.email })).landed
    expect(unverified.searchParams.get("error")).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")
    expect(JSON.parse(unverified.searchParams.get("details") ?? "{}")).toEqual({
      type: "email",
      contact_channel_value: user.email,
      would_work_if_email_was_verified: true
    })

    expectStatus(
      await backend.call(project, "PATCH", `/users/${user.userId}`, {
        accessType: "server",
        body: { primary_email_verified: true }
      }),
      200
    )
    const providerUnverified = (await signInFlow(project, { email: user.email, emailVerified: false })).landed
    expect(providerUnverified.searchParams.get("error")).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")
    // Only the existing user's unverified address is what verifying would mend.
    expect(JSON.parse(providerUnverified.searchParams.get("details") ?? "{}")).toEqual({
      type: "email",
      contact_channel_value: user.email
    })

    const { tokens, me } = await redeemAndRead(project, await signInFlow(project, { email: user.email }))
    expect(tokens.body.is_new_user).toBe(false)
    expect(me.body.id).toBe(user.userId)
    expect(me.body.has_password).toBe(true)
    expect(me.body.oauth_providers.map((p: { id: string }) => p.id)).toEqual(["github"])
  })

  it("follows the project's merge strategy for a provider e-mail another user signs in with", async () => {
    const refusing = await githubProject({ oauth_account_merge_strategy: "raise_error" })
    const owner = await backend.signUp(refusing)
    expectStatus(
      await backend.call(refusing, "PATCH", `/users/${owner.userId}`, {
        accessType: "server",
        body: { primary_email_verified: true }
      }),
      200
    )
    const refused = (await signInFlow(refusing, { email: owner.email })).landed
    expect(`${refused.origin}${refused.pathname}`).toBe(ERROR_URL)
    expect(refused.searchParams.get("errorCode")).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")
    expect(JSON.parse(refused.searchParams.get("details") ?? "{}")).toEqual({
      type: "email",
      contact_channel_value: owner.email
    })

    const duplicating = await githubProject({ oauth_account_merge_strategy: "allow_duplicates" })
    const first = await backend.signUp(duplicating)
    const { tokens, me } = await redeemAndRead(duplicating, await signInFlow(duplicating, { email: first.email }))
    expect(tokens.body.is_new_user).toBe(true)
    expect(me.body.id).not.toBe(first.userId)
    const duplicate = expectStatus(
      await backend.call(duplicating, "GET", `/users/${me.body.id}`, { accessType: "server" }),
      200
    )
    expect(duplicate.body.primary_email).toBe(first.email)
    expect(duplicate.body.primary_email_auth_enabled).toBe(false)
  })

  it("asks a user with TOTP for the second factor at the code exchange", async () => {
    const project = await githubProject()
    const email = uniqueEmail()
    const first = await signInFlow(project, { email })
    const tokens = await exchangeCode(backend.localBackend(), project, {
      code: codeOf(first.landed),
      verifier: first.pkce.verifier,
      redirectUri: REDIRECT
    })
    const secret = Buffer.from("12345678901234567890").toString("base64")
    expectStatus(
      await backend.call(project, "PATCH", "/users/me", {
        accessToken: tokens.body.access_token,
        body: { totp_secret_base64: secret }
      }),
      200
    )

    const again = await signInFlow(project, { email })
    const mfa = await exchangeCode(backend.localBackend(), project, {
      code: codeOf(again.landed),
      verifier: again.pkce.verifier,
      redirectUri: REDIRECT
    })
    expect(mfa.knownError).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    expect(typeof mfa.body.details.attempt_code).toBe("string")
  })
})
