/**
 * The agent-auth-confirm handler page in the demo: an agent registers (over HTTP, as a program would), a visitor
 * opening its confirm link signs up and comes back, sees who asks, and approves with the keyboard; the agent's
 * poll then gets a session of its own on that person's account. A second agent is denied. The page's text
 * passes the contrast check, and it has no page errors.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { submitSignUp } from "./support/app.js"
import { freshEmail, screenshot, type Stack, startStack } from "./support/stack.js"
import { call, expectStatus } from "../../support/local-backend.js"
import { lowContrastText } from "../support/contrast.js"

let stack: Stack
const password = "agent confirm password"

beforeAll(async () => {
  stack = await startStack("agent-auth")
  const project = stack.localBackend.demoProject
  expectStatus(
    await call(stack.localBackend, project, "PATCH", "/internal/config/override/environment", {
      accessType: "admin",
      body: { config_override_string: JSON.stringify({ "apps.installed.agent-auth.enabled": true }) }
    }),
    200
  )
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

const register = async (name: string) => {
  const project = stack.localBackend.demoProject
  const registered = await call(stack.localBackend, project, "POST", "/agent/register", {
    body: { agent: { name, description: "Sorts the support inbox" }, user_hint: "the owner" }
  })
  assert.strictEqual(registered.status, 200, registered.text)
  const poll = () =>
    call(stack.localBackend, project, "POST", "/agent/register/poll", {
      body: { poll_token: registered.body.poll_token }
    })
  // The page is the app's: the confirm URL's path and query, opened on the demo.
  const url = new URL(registered.body.confirm_url)
  return { poll, path: `/handler/agent-auth-confirm${url.search}`, claimCode: registered.body.claim_code as string }
}

describe("the agent-auth-confirm page", () => {
  it("a person signs in, sees who asks and approves with the keyboard; the agent's poll gets its session", async () => {
    const agent = await register("Triage bot")
    const person = await stack.newPerson()
    const page = await person.newPage()
    await page.goto(agent.path)
    await page.getByRole("heading", { name: "Authorize an AI agent" }).waitFor()
    await page.getByRole("link", { name: "Sign up" }).click()
    const email = freshEmail("agent")
    await submitSignUp(page, email, password)

    await page.getByRole("heading", { name: "Authorize Triage bot?" }).waitFor()
    const details = page.getByRole("definition")
    assert.deepStrictEqual(await details.allTextContents(), ["Triage bot", "Sorts the support inbox", "the owner"])
    assert.deepStrictEqual(await page.evaluate(lowContrastText, "body"), [])
    assert.deepStrictEqual((await agent.poll()).body, { status: "waiting" })
    await screenshot(page, "agent-auth-confirm", "page")

    // Keyboard only: the approve button is reached with Tab and pressed with Enter.
    const approve = page.getByRole("button", { name: "Approve" })
    for (let i = 0; i < 20 && !(await approve.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press("Tab")
    }
    await page.keyboard.press("Enter")
    await page.getByRole("heading", { name: "Agent authorized" }).waitFor()

    const success = await agent.poll()
    assert.strictEqual(success.httpStatus, 201)
    assert.strictEqual(success.body.status, "success")
    const me = await call(stack.localBackend, stack.localBackend.demoProject, "GET", "/users/me", {
      accessToken: success.body.session.access_token
    })
    assert.strictEqual(me.body.primary_email, email)

    // A second agent is denied from the same browser.
    const second = await register("Other bot")
    await page.goto(second.path)
    await page.getByRole("heading", { name: "Authorize Other bot?" }).waitFor()
    await page.getByRole("button", { name: "Deny" }).click()
    await page.getByRole("heading", { name: "Agent refused" }).waitFor()
    assert.deepStrictEqual((await second.poll()).body, { status: "denied" })

    // A spent code says why, in the page's alert.
    await page.goto(agent.path)
    await page.getByRole("alert").filter({ hasText: "claim code is invalid" }).waitFor()
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await person.close()
  }, 90_000)
})
