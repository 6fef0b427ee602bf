/**
 * The TanStack Start example as a person uses it: sign up, reload a protected page (its server-rendered HTML
 * already shows the user, with no request for the user after hydration and no layout shift), sign out, and
 * the guard sends a visitor to sign-in on the server and on a client navigation.
 */
import { type Browser, chromium } from "playwright-core"
import { afterAll, assert, beforeAll, describe, it } from "vitest"
import { type RunningEmulator, startEmulator } from "../../../backend/src/index.js"
import { testBackendOptions } from "../../support/emulator.js"
import { CHROMIUM_PATH } from "../support/harness.js"
import { type RunningExample, startExample } from "./example-app.js"

let emulator: RunningEmulator | undefined
let example: RunningExample | undefined
let browser: Browser | undefined

beforeAll(async () => {
  emulator = await startEmulator({ ...testBackendOptions, log: false })
  example = await startExample({
    STACK_API_URL: emulator.url,
    STACK_PROJECT_ID: emulator.demoProject.id,
    STACK_PUBLISHABLE_CLIENT_KEY: emulator.demoProject.publishableClientKey,
    STACK_SECRET_SERVER_KEY: emulator.demoProject.secretServerKey
  })
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
  })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  example?.stop()
  await emulator?.stop()
})

describe("the TanStack Start example", () => {
  it("renders the user on the server, hydrates without asking for them, signs out, and guards", async () => {
    if (browser === undefined || example === undefined || emulator === undefined) throw new Error("not started")
    const context = await browser.newContext({ baseURL: example.url })
    const page = await context.newPage()
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    const email = `start-${Date.now().toString(36)}@example.com`

    // A visitor's server-rendered page holds the visitor's menu.
    const visitorHtml = await (await context.request.get("/")).text()
    assert.include(visitorHtml, "Account menu (not signed in)")

    await page.goto("/handler/sign-up")
    // The server's form is there at once; typing waits for the page to be live (hydrated).
    await page.waitForLoadState("networkidle")
    await page.getByLabel("Email", { exact: true }).fill(email)
    await page.getByLabel("Password", { exact: true }).fill("a-long-password-1")
    await page.getByLabel("Repeat password").fill("a-long-password-1")
    await page.getByRole("button", { name: "Sign up", exact: true }).click()
    await page.getByText(`Signed in as ${email}.`).waitFor()

    // The protected page's HTML, as the server sends it (no JavaScript), names the user.
    // (React separates adjacent text with an empty comment.)
    const html = (await (await context.request.get("/dashboard")).text()).replaceAll("<!-- -->", "")
    assert.include(
      html,
      `Welcome, ${email}`,
      html.replace(/<style[^]*?<\/style>|<script[^]*?<\/script>/g, "").slice(0, 3000)
    )
    assert.notInclude(html, "Account menu (not signed in)")

    // Reloaded in the browser: the user comes with the page, not from a request after it.
    const userReads: Array<string> = []
    page.on("request", (request) => {
      if (request.url().startsWith(`${emulator?.url}/api/v1/users/me`)) userReads.push(request.url())
    })
    await page.addInitScript(() => {
      const shifts = { total: 0 }
      Object.assign(window, { __layoutShift: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.total += (entry as unknown as { value: number }).value
      }).observe({ type: "layout-shift", buffered: true })
    })
    await page.goto("/dashboard")
    await page.waitForLoadState("networkidle")
    await page.getByText(`Welcome, ${email}`).waitFor()
    assert.deepStrictEqual(userReads, [])
    const shift = await page.evaluate(() => (window as unknown as { __layoutShift: { total: number } }).__layoutShift)
    assert.strictEqual(shift.total, 0)

    // Sign out through the user button: the session cookies are gone, the visitor's menu is back.
    await page.locator(".example-header button[aria-haspopup=menu]").click()
    await page.getByRole("menuitem", { name: "Sign out" }).click()
    await page.getByText("You are not signed in.").waitFor()
    const left = (await context.cookies()).filter((cookie) => cookie.name.startsWith("stack-") && cookie.value !== "")
    assert.deepStrictEqual(left, [])

    // The guard: on a client navigation, and as the server's answer to a request for the page.
    await page.getByRole("link", { name: "Dashboard" }).click()
    await page.waitForURL((url) => url.pathname === "/handler/sign-in")
    assert.strictEqual(new URL(page.url()).searchParams.get("after_auth_return_to"), "/dashboard")
    const answer = await context.request.get("/dashboard", { maxRedirects: 0 })
    assert.strictEqual(answer.status(), 307)
    assert.strictEqual(answer.headers()["location"], "/handler/sign-in?after_auth_return_to=%2Fdashboard")

    assert.deepStrictEqual(errors, [])
    await context.close()
  }, 90_000)
})
