/**
 * Account settings in the demo, in two browser contexts of one person: the second browser's session is
 * revoked from the first and the second is signed out at its next call; the e-mail notification switches;
 * and the command-line sign-in confirm page, from a started attempt to the program's poll getting the
 * session.
 *
 * The backend mints 30-second access tokens here: an open page refreshes its token 25 s before it expires
 * (the session's 20 s margin and 5 s ahead of it, tab-sync.ts), so within seconds of the revocation the second
 * browser's next call is that refresh, which the revoked session is refused. (The hosted service, like the
 * local backend, honours an access token already minted until it expires: ten minutes by default.)
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import type { Response } from "playwright-core"
import { expectHome, fillSignIn, signUp, submitSignUp } from "./support/app.js"
import { freshEmail, screenshot, type Stack, startStack } from "./support/stack.js"
import { call } from "../../support/local-backend.js"
import { lowContrastText } from "../support/contrast.js"

let stack: Stack
const password = "account settings password"

beforeAll(async () => {
  stack = await startStack("account-settings", { accessTokenLifetimeSeconds: 30 })
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

describe("account settings in the demo", () => {
  it("revokes the other browser's session, which is signed out at its next call", async () => {
    const email = freshEmail("sam")
    const first = await stack.newPerson()
    const firstPage = await first.newPage()
    await signUp(firstPage, email, password)
    await expectHome(firstPage, true)

    const second = await stack.newPerson()
    const secondPage = await second.newPage()
    await fillSignIn(secondPage, email, password)
    await expectHome(secondPage, true)

    await firstPage.goto("/handler/account-settings?section=security")
    const list = firstPage.getByRole("list", { name: "Active sessions" })
    await list.getByRole("listitem").nth(1).waitFor()
    assert.strictEqual(await list.getByRole("listitem").count(), 2)
    const current = list.getByRole("listitem").filter({ hasText: "Current session" })
    assert.strictEqual(await current.count(), 1)
    assert.strictEqual(
      await current.getByRole("button", { name: /^Revoke/ }).count(),
      0,
      "the current session cannot be revoked"
    )
    await screenshot(firstPage, "account-sessions", "page")

    const refreshAnswer = secondPage.waitForResponse(
      (response: Response) => response.url().includes("/auth/oauth/token"),
      {
        timeout: 40_000
      }
    )
    await list.getByRole("button", { name: /^Revoke Session started/ }).click()
    await list.getByRole("listitem").nth(1).waitFor({ state: "detached" })
    assert.strictEqual(await list.getByRole("listitem").count(), 1)

    // The second browser's next call, the refresh of its access token (made ahead of expiry, without a
    // reload), is refused: the session ends and the page shows a visitor.
    const refresh = await refreshAnswer
    assert.notStrictEqual(refresh.status(), 200, "the revoked session's refresh is refused")
    await secondPage.getByText(/You are not signed in/).waitFor()
    await secondPage.reload()
    await expectHome(secondPage, false)

    // The first browser is still signed in.
    await firstPage.goto("/")
    await expectHome(firstPage, true)
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await first.close()
    await second.close()
  }, 90_000)

  it("the demo's text passes AA contrast (4.5:1): home, the sign-in page and account settings", async () => {
    const person = await stack.newPerson()
    const page = await person.newPage()
    await page.goto("/")
    await expectHome(page, false)
    assert.isAbove(await page.locator(".demo-muted").count(), 0, "the home page shows muted text")
    assert.deepStrictEqual(await page.evaluate(lowContrastText, "body"), [], "home")
    await page.goto("/handler/sign-in")
    await page.getByRole("tab", { name: "Email link" }).waitFor()
    assert.deepStrictEqual(await page.evaluate(lowContrastText, "body"), [], "sign-in")
    await signUp(page, freshEmail("contrast"), password)
    await expectHome(page, true)
    await page.goto("/handler/account-settings?section=account")
    await page.getByRole("region", { name: "Sign out" }).waitFor()
    assert.deepStrictEqual(await page.evaluate(lowContrastText, "body"), [], "account settings")
  })

  it("switches Marketing e-mail off; Transactional cannot be switched", async () => {
    const person = await stack.newPerson()
    const page = await person.newPage()
    await signUp(page, freshEmail("nia"), password)
    await expectHome(page, true)
    await page.goto("/handler/account-settings?section=notifications")
    const list = page.getByRole("list", { name: "E-mail notifications" })
    const transactional = list.getByLabel("Transactional e-mails")
    const marketing = list.getByLabel("Marketing e-mails")
    await marketing.waitFor()
    assert.isTrue(await transactional.isChecked())
    assert.isTrue(await transactional.isDisabled())
    assert.isTrue(await marketing.isChecked())
    // A controlled box: it shows the service's answer, so it turns off once the write has gone through.
    await marketing.click()
    await page.waitForFunction(() => {
      const box = [...document.querySelectorAll("label")].find((l) => l.textContent === "Marketing e-mails")?.control
      return box instanceof HTMLInputElement && !box.checked && !box.disabled
    })
    await page.reload()
    await list.getByLabel("Marketing e-mails").waitFor()
    assert.isFalse(await list.getByLabel("Marketing e-mails").isChecked())
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await person.close()
  }, 60_000)

  it("confirms a command-line sign-in: the program's poll then gets the session", async () => {
    const project = stack.localBackend.demoProject
    const started = await call(stack.localBackend, project, "POST", "/auth/cli", { body: {} })
    assert.strictEqual(started.status, 200, started.text)
    const poll = () =>
      call(stack.localBackend, project, "POST", "/auth/cli/poll", { body: { polling_code: started.body.polling_code } })

    const person = await stack.newPerson()
    const page = await person.newPage()
    const confirmPath = `/handler/cli-auth-confirm?login_code=${encodeURIComponent(started.body.login_code)}`
    // A visitor is sent to sign in and comes back to the confirm page.
    await page.goto(confirmPath)
    await page.getByRole("heading", { name: "Authorize a command-line program" }).waitFor()
    await page.getByRole("link", { name: "Sign up" }).click()
    const email = freshEmail("cli")
    await submitSignUp(page, email, password)
    await page.getByRole("heading", { name: "Authorize a command-line program?" }).waitFor()
    assert.deepStrictEqual((await poll()).body, { status: "waiting" })

    await page.getByRole("button", { name: "Authorize" }).click()
    await page.getByRole("heading", { name: "Command-line program authorized" }).waitFor()
    await screenshot(page, "cli-auth-confirmed", "page")
    const success = await poll()
    assert.strictEqual(success.httpStatus, 201)
    assert.strictEqual(success.body.status, "success")
    // The refresh token is the program's session: it refreshes it into an access token of the person.
    const refreshed = await call(stack.localBackend, project, "POST", "/auth/sessions/current/refresh", {
      refreshToken: success.body.refresh_token
    })
    assert.strictEqual(refreshed.status, 200, refreshed.text)
    const user = await call(stack.localBackend, project, "GET", "/users/me", {
      accessToken: refreshed.body.access_token
    })
    assert.strictEqual(user.body.primary_email, email)

    // Without a login code the page says so.
    await page.goto("/handler/cli-auth-confirm")
    await page.getByText("This link has no login code.").waitFor()
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await person.close()
  }, 60_000)
})
