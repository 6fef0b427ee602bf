/**
 * The TanStack Start example as a person uses it: sign up, reload a protected page and account settings
 * (their server-rendered HTML already shows the user and the page's data, and they hydrate with no request and
 * no layout shift), sign out, and the guard sends a visitor to sign-in on the server and on a client navigation.
 */
import { type Browser, request as apiRequest } from "playwright-core"
import { Webhook } from "standardwebhooks"
import { afterAll, assert, beforeAll, describe, it } from "vitest"
import { DEMO_WEBHOOK_SECRET } from "../../../src/domain/webhook-endpoint.js"
import type { RunningLocalBackend } from "../../../backend/src/index.js"
import { kitLocalBackend } from "../../support/local-backend.js"
import { demoProjectEnv, launchChromium, type RunningExample, startExample } from "./example-app.js"
import { loadAndHydrate, observeLayoutShift } from "./hydration.js"

/** A server-rendered page's HTML as the server sends it, without its styles and scripts. */
const visibleHtml = (html: string): string =>
  // React separates adjacent text with an empty comment, and escapes an apostrophe.
  html
    .replace(/<style[^]*?<\/style>|<script[^]*?<\/script>/g, "")
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")

/** The session cookies the browser holds with a value, by name (the hosted SDK's and older stackfx's names). */
const sessionCookies = (cookies: ReadonlyArray<{ readonly name: string; readonly value: string }>) =>
  Object.fromEntries(
    cookies
      .filter((cookie) => /^(__Host-)?(hexclave|stack)-/.test(cookie.name) && cookie.value !== "")
      .map((cookie) => [cookie.name, cookie.value])
  )

/** The main part of a page's HTML (a server-rendered page's hidden, streamed parts included). */
const mainOf = (html: string): string => html.slice(html.indexOf("<main"))

let localBackend: RunningLocalBackend | undefined
let example: RunningExample | undefined
let browser: Browser | undefined

beforeAll(async () => {
  localBackend = await kitLocalBackend()
  example = await startExample({
    ...demoProjectEnv(localBackend),
    // As behind a TLS-ending proxy: the forwarded protocol decides the cookies' Secure flag.
    STACK_TRUST_PROXY: "1"
  })
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  example?.stop()
  await localBackend?.stop()
})

describe("the TanStack Start example", () => {
  it("receives a signed webhook in a server route (POST /api/webhooks) and refuses a forged one", async () => {
    if (example === undefined) throw new Error("not started")
    const body = JSON.stringify({ type: "team.deleted", data: { id: "0b6c1f3e-8f7d-4c5e-9a7b-2d4e6f8a0c1e" } })
    const id = "msg_start_example"
    const at = new Date()
    const headers = {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(DEMO_WEBHOOK_SECRET).sign(id, at, body)
    }
    const post = (text: string) => fetch(`${example?.url}/api/webhooks`, { method: "POST", headers, body: text })
    const accepted = await post(body)
    assert.strictEqual(accepted.status, 200)
    assert.deepStrictEqual(await accepted.json(), { received: "team.deleted" })
    const forged = await post(body.replace("team.deleted", "user.deleted"))
    assert.strictEqual(forged.status, 400)
    assert.deepStrictEqual(await forged.json(), { refused: "WebhookSignatureInvalid" })
  })

  it("renders the user and the page's data on the server, hydrates without a request, signs out, and guards", async () => {
    if (browser === undefined || example === undefined || localBackend === undefined) throw new Error("not started")
    const context = await browser.newContext({ baseURL: example.url })
    const page = await context.newPage()
    await observeLayoutShift(page)
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    const email = `start-${Date.now().toString(36)}@example.com`

    // A visitor's server-rendered page holds the visitor's menu; the sign-up page, the project's name and form.
    const visitorHtml = await (await context.request.get("/")).text()
    assert.include(visitorHtml, "Account menu (not signed in)")
    const signUpHtml = visibleHtml(await (await context.request.get("/handler/sign-up")).text())
    assert.match(signUpHtml, /Create an account for [^<]+</)
    assert.include(signUpHtml, "Repeat password")
    assert.notInclude(mainOf(signUpHtml), "Loading…")

    // The handler page hydrates with what the server rendered: no request for the project, no shift.
    const signUp = await loadAndHydrate(page, "/handler/sign-up", "main form")
    assert.deepStrictEqual(signUp.requests, [])
    assert.strictEqual(signUp.layoutShift, 0)
    await page.getByLabel("Email", { exact: true }).fill(email)
    await page.getByLabel("Password", { exact: true }).fill("a-long-password-1")
    await page.getByLabel("Repeat password").fill("a-long-password-1")
    await page.getByRole("button", { name: "Sign up", exact: true }).click()
    await page.getByText(`Signed in as ${email}.`).waitFor()

    // The protected page's HTML, as the server sends it (no JavaScript), names the user.
    const html = visibleHtml(await (await context.request.get("/dashboard")).text())
    assert.include(html, `Welcome, ${email}`, html.slice(0, 3000))
    assert.notInclude(html, "Account menu (not signed in)")

    // Reloaded in the browser: the user comes with the page, not from a request after it.
    const dashboard = await loadAndHydrate(page, "/dashboard", "main section, header button")
    await page.getByText(`Welcome, ${email}`).waitFor()
    assert.deepStrictEqual(dashboard.requests, [])
    assert.strictEqual(dashboard.layoutShift, 0)

    // Account settings, as the server sends it: the section shown with its data (the e-mail address; the
    // personal team), none left loading.
    const settingsHtml = mainOf(visibleHtml(await (await context.request.get("/handler/account-settings")).text()))
    for (const text of ["Account settings", "Emails", "Linked logins", email]) assert.include(settingsHtml, text)
    assert.notInclude(settingsHtml, "Loading…")
    const teamsHtml = mainOf(
      visibleHtml(await (await context.request.get("/handler/account-settings?section=teams")).text())
    )
    for (const text of ["Team invitations", "Teams"]) assert.include(teamsHtml, text)
    assert.notInclude(teamsHtml, "Loading…")
    assert.notInclude(teamsHtml, 'Your teams"></ul>')
    // In the browser it hydrates with no request at all (the lists, the teams' permissions) and no shift.
    const settings = await loadAndHydrate(page, "/handler/account-settings?section=teams", "main .stackfx-section")
    assert.deepStrictEqual(settings.requests, [])
    assert.strictEqual(settings.layoutShift, 0)
    await page.getByRole("list", { name: "Your teams" }).getByRole("listitem").first().waitFor()
    // Another section, on a client navigation: the sessions of the security section.
    await page
      .getByRole("navigation", { name: "Account settings sections" })
      .getByRole("link", { name: "Security" })
      .click()
    await page.getByRole("heading", { name: "Active sessions" }).waitFor()

    // The access token gone (as when it expires): the server refreshes the session and sets the new cookie in
    // its answer; the browser reads that cookie, so it neither refreshes again nor asks for anything.
    // (No page of the app is open meanwhile: a live page would notice the cookie gone and refresh itself.)
    await page.goto("about:blank")
    await context.clearCookies({ name: "hexclave-access" })
    const afterRefresh = await loadAndHydrate(page, "/dashboard", "main section, header button")
    assert.deepStrictEqual(afterRefresh.requests, [])
    assert.notStrictEqual(sessionCookies(await context.cookies())["hexclave-access"] ?? "", "")
    await page.getByText(`Welcome, ${email}`).waitFor()

    // The personal team on the dashboard (its loader brought the teams), and its settings behind the permission
    // guard: on a client navigation, and as the server's answer; a team the user is not in sends them home.
    const teamLink = page.getByRole("list", { name: "Team settings" }).getByRole("link").first()
    const teamName = (await teamLink.textContent()) ?? ""
    assert.notStrictEqual(teamName, "")
    await teamLink.click()
    await page.getByRole("heading", { name: `${teamName} settings` }).waitFor()
    const teamPath = new URL(page.url()).pathname
    assert.include(visibleHtml(await (await context.request.get(teamPath)).text()), `${teamName} settings`)
    const otherTeam = await context.request.get("/teams/00000000-0000-4000-8000-000000000000", { maxRedirects: 0 })
    assert.strictEqual(otherTeam.status(), 307)
    assert.strictEqual(otherTeam.headers()["location"], "/")
    // The same refusal on a client navigation (the router follows the history, no document is loaded): the
    // guard in beforeLoad sends the user home.
    await page.evaluate(() => {
      Object.assign(window, { stackfxSamePage: true })
      window.history.pushState(null, "", "/teams/00000000-0000-4000-8000-000000000000")
      window.dispatchEvent(new PopStateEvent("popstate"))
    })
    await page.waitForURL((url) => url.pathname === "/")
    await page.getByText(`Welcome, ${email}`).waitFor({ state: "detached" })
    assert.isTrue(await page.evaluate(() => "stackfxSamePage" in window), "a client navigation, not a page load")

    // Behind the proxy (the example trusts it): an answer that refreshes the session sets Secure cookies when
    // the proxy says the browser used https, and plain ones when it says http.
    const refreshCookie = Object.entries(sessionCookies(await context.cookies())).find(([name]) =>
      name.startsWith("hexclave-refresh-")
    )
    assert.isDefined(refreshCookie)
    const exampleUrl = example.url
    const proxied = async (proto: string) => {
      const client = await apiRequest.newContext({ baseURL: exampleUrl })
      const answer = await client.get("/dashboard", {
        maxRedirects: 0,
        headers: { cookie: `${refreshCookie?.[0]}=${refreshCookie?.[1]}`, "x-forwarded-proto": proto }
      })
      const written = answer
        .headersArray()
        .filter((header) => header.name.toLowerCase() === "set-cookie" && !/^[^=]+=;/.test(header.value))
      await client.dispose()
      assert.strictEqual(answer.status(), 200)
      assert.isAbove(written.length, 0)
      return written.map((header) => /;\s*secure(;|$)/i.test(header.value))
    }
    assert.deepStrictEqual(new Set(await proxied("https")), new Set([true]))
    assert.deepStrictEqual(new Set(await proxied("http")), new Set([false]))

    // Sign out through the user button: the session cookies (the ones the server wrote too) are gone, the
    // visitor's menu is back.
    await page.getByRole("link", { name: "Home" }).click()
    await page.locator(".example-header button[aria-haspopup=menu]").click()
    await page.getByRole("menuitem", { name: "Sign out" }).click()
    await page.getByText("You are not signed in.").waitFor()
    assert.deepStrictEqual(sessionCookies(await context.cookies()), {})

    // The guard: on a client navigation, and as the server's answer to a request for the page.
    await page.getByRole("link", { name: "Dashboard" }).click()
    await page.waitForURL((url) => url.pathname === "/handler/sign-in")
    assert.strictEqual(new URL(page.url()).searchParams.get("after_auth_return_to"), "/dashboard")
    const answer = await context.request.get("/dashboard", { maxRedirects: 0 })
    assert.strictEqual(answer.status(), 307)
    assert.strictEqual(answer.headers()["location"], "/handler/sign-in?after_auth_return_to=%2Fdashboard")
    const teamAnswer = await context.request.get(teamPath, { maxRedirects: 0 })
    assert.strictEqual(teamAnswer.status(), 307)
    assert.strictEqual(
      teamAnswer.headers()["location"],
      `/handler/sign-in?after_auth_return_to=${encodeURIComponent(teamPath)}`
    )

    assert.deepStrictEqual(errors, [])
    await context.close()
  }, 90_000)
})
