/**
 * The handler pages in an app with no stylesheet at all (test/browser/pages/bare-app-page.tsx, the README's
 * React quick start, served in a bare HTML shell) against the local backend: the pages bring their own font,
 * spacing and colours, every text passes AA contrast, `--stackfx-*` variables theme them; a page opened
 * from the user button's menu takes focus; account settings signs out; and every button whose accessible
 * name differs from its text still contains that text.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { join } from "node:path"
import type { Page } from "playwright-core"
import type { RunningLocalBackend } from "../../backend/src/index.js"
import { kitLocalBackend } from "../support/local-backend.js"
import { labelNotInName, lowContrastText } from "./support/contrast.js"
import { BARE_HTML, type Harness, repoRoot, screenshot, startHarness } from "./support/harness.js"

let localBackend: RunningLocalBackend
let harness: Harness
/** The page's origin on `localhost`, a host the seeded demo project trusts. */
let appUrl: string

beforeAll(async () => {
  localBackend = await kitLocalBackend()
  harness = await startHarness(join(repoRoot, "test/browser/pages/bare-app-page.tsx"), { html: BARE_HTML })
  appUrl = harness.baseUrl.replace("127.0.0.1", "localhost")
}, 120_000)

afterAll(async () => {
  await harness?.close()
  await localBackend?.stop()
})

let counter = 0
const freshEmail = (who: string) => `${who}-${Date.now().toString(36)}-${++counter}@example.com`

const newPage = async () => {
  const context = await harness.browser.newContext({ baseURL: appUrl, viewport: { width: 1024, height: 900 } })
  const backend = {
    baseUrl: localBackend.url,
    projectId: localBackend.demoProject.id,
    publishableClientKey: localBackend.demoProject.publishableClientKey
  }
  await context.addInitScript((value) => {
    ;(window as unknown as { stackfxBackend: typeof value }).stackfxBackend = value
  }, backend)
  return harness.newPage({ context })
}

const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)

const signUp = async (page: Page, email: string) => {
  await page.goto("/handler/sign-up")
  await page.getByLabel("Email", { exact: true }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill("bare page password")
  await page.getByLabel("Repeat password").fill("bare page password")
  await page.getByRole("button", { name: "Sign up", exact: true }).click()
  await page.getByText(`Signed in as ${email}`).waitFor()
}

describe("the handler pages in an app without a stylesheet", () => {
  it("bring their font, spacing and colours; every text passes AA contrast; --stackfx-* variables theme them", async () => {
    const { page, errors } = await newPage()
    await page.goto("/handler/sign-in")
    await page.getByRole("heading", { name: "Sign in" }).waitFor()
    // The app's own text is in the browser's default serif; the pages are not.
    assert.match(await style(page, "body", "font-family"), /serif|Times/i)
    for (const selector of [".stackfx-card h1", ".stackfx-field input", ".stackfx-button", ".stackfx-tab"]) {
      assert.match(await style(page, selector, "font-family"), /^system-ui/, selector)
    }
    assert.strictEqual(await style(page, ".stackfx-card", "border-top-width"), "1px")
    assert.strictEqual(await style(page, ".stackfx-card", "padding-top"), "24px")
    assert.strictEqual(await style(page, ".stackfx-card h1", "font-size"), "22px")
    assert.deepStrictEqual(await page.evaluate(lowContrastText, ".stackfx-card"), [])
    await screenshot(page, "handler-bare", "sign-in")

    // Themed: the app's font, and its primary colour.
    await page.addStyleTag({ content: ":root { --stackfx-font: Georgia, serif; --stackfx-primary: rgb(1, 2, 3); }" })
    assert.match(await style(page, ".stackfx-card h1", "font-family"), /^Georgia/)
    assert.strictEqual(await style(page, ".stackfx-button[data-variant=primary]", "background-color"), "rgb(1, 2, 3)")
    assert.deepStrictEqual(errors, [])
  })

  it("a page opened from the user button's menu takes focus on its heading; account settings signs out", async () => {
    const { page, errors } = await newPage()
    const email = freshEmail("focus")
    await signUp(page, email)

    // By keyboard: the menu opens on its first item, Account settings.
    await page.locator("header button[aria-haspopup=menu]").focus()
    await page.keyboard.press("Enter")
    await page.getByRole("menu").waitFor()
    await page.keyboard.press("Enter")
    const heading = page.getByRole("heading", { name: "Account settings" })
    await heading.waitFor()
    await page.waitForFunction(() => document.activeElement?.textContent === "Account settings")
    assert.strictEqual(await page.evaluate(() => document.activeElement?.tagName), "H1")

    // A page reached otherwise (typed address, a link) leaves focus alone.
    await page.goto("/handler/account-settings?section=account")
    await heading.waitFor()
    assert.strictEqual(await page.evaluate(() => document.activeElement?.tagName), "BODY")

    const signOut = page.getByRole("region", { name: "Sign out" })
    await signOut.getByRole("button", { name: "Sign out" }).click()
    await page.waitForURL((url) => url.pathname === "/")
    await page.getByText("You are not signed in").waitFor()
    await page.reload()
    await page.getByText("You are not signed in").waitFor()
    assert.deepStrictEqual(errors, [])
  })

  it("account settings: every button's accessible name contains its visible text; no text below AA contrast", async () => {
    const { page, errors } = await newPage()
    const email = freshEmail("names")
    await signUp(page, email)
    await page.goto("/handler/account-settings")
    const emails = page.getByRole("region", { name: "Emails" })
    const second = freshEmail("second")
    await emails.getByLabel("New email address").fill(second)
    await emails.getByRole("button", { name: "Add email" }).click()
    // Not verified, not primary: its Verify and Make primary buttons show, named with what they act on.
    const verify = emails.getByRole("button", { name: `Verify ${second}` })
    await verify.waitFor()
    assert.strictEqual(await verify.innerText(), "Verify")
    await emails.getByRole("button", { name: `Make primary: ${second}` }).waitFor()
    assert.deepStrictEqual(await page.evaluate(labelNotInName, ".stackfx-card"), [])
    assert.deepStrictEqual(await page.evaluate(lowContrastText, ".stackfx-card"), [])
    // The teams section, by the page's navigation (no router: the provider's navigation).
    await page
      .getByRole("navigation", { name: "Account settings sections" })
      .getByRole("link", { name: "Teams" })
      .click()
    const teams = page.getByRole("region", { name: "Teams" })
    await teams
      .getByRole("button", { name: /^API keys of / })
      .first()
      .click()
    await teams
      .getByRole("button", { name: /^Hide API keys of / })
      .first()
      .waitFor()
    assert.deepStrictEqual(await page.evaluate(labelNotInName, ".stackfx-card"), [])
    assert.deepStrictEqual(await page.evaluate(lowContrastText, ".stackfx-card"), [])
    await screenshot(page, "handler-bare", "account-settings")
    assert.deepStrictEqual(errors, [])
  })
})
