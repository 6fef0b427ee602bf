/**
 * Linked logins in Chromium: a person with a password links a GitHub account from account settings (through
 * the development OAuth provider), sees it listed, turns its sign-in off and on, and removes it.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import type { BrowserContext, Page } from "playwright-core"
import { expectHome, signUp } from "./support/app.js"
import { freshEmail, screenshot, type Stack, startStack } from "./support/stack.js"

let stack: Stack
let person: BrowserContext
let page: Page

beforeAll(async () => {
  stack = await startStack("linked-logins", "shared")
  person = await stack.newPerson()
  page = await person.newPage()
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

describe("linked logins in account settings", () => {
  it("links a GitHub account, switches its sign-in and removes it", async () => {
    const email = freshEmail("lin")
    const githubEmail = freshEmail("lin-gh")
    await page.goto("/")
    await signUp(page, email, "correct horse battery staple")
    await expectHome(page, true)

    await page.goto("/handler/account-settings")
    const section = page.getByRole("region", { name: "Linked logins" })
    await section.getByText("No accounts linked yet.").waitFor()
    await section.getByRole("button", { name: "Link GitHub" }).click()
    await page.getByRole("heading", { name: "Sign in with GitHub" }).waitFor()
    await page.getByLabel("Email", { exact: true }).fill(githubEmail)
    await page.getByRole("button", { name: "Continue" }).click()
    // The callback page finishes the flow and comes back here.
    await page.waitForURL((url) => url.pathname === "/handler/account-settings")

    const list = section.getByRole("list", { name: "Linked logins" })
    const label = `GitHub (${githubEmail})`
    await list.getByText(label).waitFor()
    assert.include(await list.innerText(), "Used for sign-in")
    await screenshot(page, "linked-logins-1-linked", "page")

    await list.getByRole("button", { name: `Turn off sign-in: ${label}` }).click()
    await list.getByText("Not used for sign-in").waitFor()
    await list.getByRole("button", { name: `Use for sign-in: ${label}` }).click()
    await list.getByText("Used for sign-in", { exact: true }).waitFor()

    await list.getByRole("button", { name: `Remove ${label}` }).click()
    await section.getByText("No accounts linked yet.").waitFor()
    await screenshot(page, "linked-logins-2-removed", "page")
    // Gone for the service too, not only from the page.
    await page.reload()
    await section.getByText("No accounts linked yet.").waitFor()
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
  }, 90_000)
})
