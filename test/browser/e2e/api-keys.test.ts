/**
 * API keys in account settings, in the demo: a person creates a key with a description and an expiry, sees
 * its value once (copy button, then gone for good, also after a reload), finds it listed by its last four
 * characters, and revokes it; the server's check agrees at each step. Then a team admin makes a key for
 * their team from the team's entry.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { call } from "../../support/local-backend.js"
import { expectHome, signUp } from "./support/app.js"
import { freshEmail, screenshot, type Stack, startStack } from "./support/stack.js"

let stack: Stack
const password = "api key holder password"

beforeAll(async () => {
  stack = await startStack("api-keys", "shared")
  // The seeded demo project has both kinds of keys on (every feature the demo shows), unlike a new project.
  const result = await call(stack.localBackend, stack.localBackend.demoProject, "GET", "/internal/projects/current", {
    accessType: "admin"
  })
  assert.strictEqual(result.status, 200, result.text)
  const config = (result.body as { readonly config: Record<string, unknown> }).config
  assert.deepStrictEqual([config["allow_user_api_keys"], config["allow_team_api_keys"]], [true, true])
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

const checkKey = async (kind: "user" | "team", apiKey: string) => {
  const result = await call(stack.localBackend, stack.localBackend.demoProject, "POST", `/${kind}-api-keys/check`, {
    accessType: "server",
    body: { api_key: apiKey }
  })
  return result.status === 200 ? "valid" : result.knownError
}

describe("API keys in account settings", () => {
  it("creates a key, shows it once with a copy button, lists it by its last four, and revokes it", async () => {
    const person = await stack.newPerson()
    await person.grantPermissions(["clipboard-read", "clipboard-write"])
    const page = await person.newPage()
    await signUp(page, freshEmail("kim"), password)
    await expectHome(page, true)

    await page.goto("/handler/account-settings?section=api-keys")
    const section = page.getByRole("region", { name: "API keys" })
    await section.getByText("No API keys yet.").waitFor()
    await section.getByLabel("Description").fill("Laptop CLI")
    await section.getByLabel("Expires in").selectOption({ label: "30 days" })
    await section.getByRole("button", { name: "Create API key" }).click()

    const shown = section.getByTestId("new-api-key")
    await shown.waitFor()
    const value = await shown.innerText()
    assert.match(value, /^sk_[0-9a-z]{45}[0-9a-f]{32}user[0-9a-z]574ck4u7h[0-9a-f]{8}$/)
    await section.getByText("Copy it now: it will not be shown again.").waitFor()
    await section.getByRole("button", { name: "Copy key" }).click()
    await section.getByRole("button", { name: "Copied" }).waitFor()
    assert.strictEqual(await page.evaluate(() => navigator.clipboard.readText()), value)
    assert.strictEqual(await checkKey("user", value), "valid")

    const item = section
      .getByRole("list", { name: "Your API keys" })
      .getByRole("listitem")
      .filter({ hasText: "Laptop CLI" })
    await item.getByText(`…${value.slice(-4)}`).waitFor()
    await item.getByText("Active").waitFor()
    // Thirty days out, give or take the day boundary between the page's Clock and this one.
    const shownDay = /Expires (\d{4}-\d{2}-\d{2})/.exec(await item.innerText())?.[1] ?? ""
    const daysOut = (Date.parse(shownDay) - Date.now()) / 86_400_000
    assert.isTrue(daysOut > 28.9 && daysOut < 30.1, `expires ${shownDay}`)
    await screenshot(page, "api-keys-created", "page")

    await section.getByRole("button", { name: "Done" }).click()
    assert.strictEqual(await shown.count(), 0)
    await page.reload()
    await section.getByRole("list", { name: "Your API keys" }).waitFor()
    assert.notInclude(await page.content(), value, "the key is never shown again")

    await section.getByRole("button", { name: "Revoke Laptop CLI" }).click()
    await item.getByText("Revoked").waitFor()
    assert.strictEqual(await section.getByRole("button", { name: "Revoke Laptop CLI" }).count(), 0)
    assert.strictEqual(await checkKey("user", value), "API_KEY_REVOKED")
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await person.close()
  }, 90_000)

  it("a team's creator manages the team's keys from its entry in account settings", async () => {
    const person = await stack.newPerson()
    const page = await person.newPage()
    await signUp(page, freshEmail("tam"), password)
    await expectHome(page, true)

    await page.goto("/handler/account-settings?section=teams")
    const teams = page.getByRole("region", { name: "Teams" })
    await teams.getByLabel("Team name").fill("Keyholders")
    await teams.getByRole("button", { name: "Create team" }).click()
    await teams.getByRole("button", { name: "API keys of Keyholders", exact: true }).click()
    const form = teams.getByRole("form", { name: "New Keyholders API key" })
    await form.getByLabel("Description").fill("Deploy bot")
    await form.getByLabel("Expires in").selectOption({ label: "Never" })
    await form.getByRole("button", { name: "Create API key" }).click()
    const value = await teams.getByTestId("new-api-key").innerText()
    assert.match(value, /^sk_.*team[0-9a-z]574ck4u7h[0-9a-f]{8}$/)
    assert.strictEqual(await checkKey("team", value), "valid")
    const item = teams
      .getByRole("list", { name: "Keyholders API keys" })
      .getByRole("listitem")
      .filter({ hasText: "Deploy bot" })
    await item.getByText("Never expires").waitFor()
    await teams.getByRole("button", { name: "Revoke Deploy bot" }).click()
    await item.getByText("Revoked").waitFor()
    assert.strictEqual(await checkKey("team", value), "API_KEY_REVOKED")
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await person.close()
  }, 90_000)
})
