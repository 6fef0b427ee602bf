/**
 * The handler pages the other files do not walk through: forgot and reset password, the emailed sign-in
 * code, the error page with the production-mode fix link, the OAuth callback opened by hand, the
 * account-settings forms for the profile, emails and password, the way back to account settings after
 * signing in from it, and deleting the account.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import type { Page } from "playwright-core"
import { call } from "../../support/local-backend.js"
import {
  expectHome,
  fillSignIn,
  requestSignInLink,
  signOutByMenu,
  signUp,
  submitSignIn,
  submitSignUp
} from "./support/app.js"
import { freshEmail, openEmailLink, type Stack, startStack } from "./support/stack.js"

let stack: Stack

beforeAll(async () => {
  stack = await startStack("handler-pages")
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

const newPage = async (): Promise<Page> => (await stack.newPerson()).newPage()

/** Opens account settings as a visitor and waits for the sign-in page that promises to come back. */
const accountSettingsSendsToSignIn = async (page: Page): Promise<void> => {
  await page.goto("/handler/account-settings")
  await page.waitForURL(
    (url) =>
      url.pathname === "/handler/sign-in" &&
      url.searchParams.get("after_auth_return_to") === "/handler/account-settings"
  )
}

const expectAccountSettings = async (page: Page): Promise<void> => {
  // A timeout here says where the page went instead and what it shows (seen once under a loaded full run).
  await page
    .waitForURL((url) => url.pathname === "/handler/account-settings")
    .catch(async (cause: unknown) => {
      const shown = await page
        .locator("body")
        .innerText()
        .catch(() => "(no text)")
      throw new Error(`account settings did not open: the page is at ${page.url()} and shows: ${shown.slice(0, 400)}`, {
        cause
      })
    })
  await page.getByRole("heading", { name: "Account settings" }).waitFor()
}

/** Switches the demo project's `clientUserDeletionEnabled` through the admin API. */
const setClientUserDeletion = async (enabled: boolean): Promise<void> => {
  const result = await call(stack.localBackend, stack.localBackend.demoProject, "PATCH", "/internal/projects/current", {
    accessType: "admin",
    body: { config: { client_user_deletion_enabled: enabled } }
  })
  assert.strictEqual(result.status, 200, result.text)
}

describe("handler pages", () => {
  it("resets a forgotten password from the emailed link, once", async () => {
    const page = await newPage()
    const email = freshEmail("rita")
    await signUp(page, email, "first password 1")
    await expectHome(page, true)
    await signOutByMenu(page)

    await page.goto("/handler/sign-in")
    await page.getByRole("link", { name: "Forgot password?" }).click()
    // The sign-in page has an Email field too: until the lazily loaded page replaces it, a fill would land there
    // and the reset form would be sent empty (it happened on a loaded machine).
    await page.getByRole("heading", { name: "Reset your password" }).waitFor()
    await page.getByLabel("Email", { exact: true }).fill(email)
    await page.getByRole("button", { name: "Send reset link" }).click()
    await page.getByText(`If ${email} belongs to an account`).waitFor()

    const link = await openEmailLink(page, stack, email, /^Reset your password/)
    await page.goto(link)
    await page.getByLabel("New password", { exact: true }).fill("second password 2")
    await page.getByLabel("Repeat new password").fill("second password 3")
    await page.getByRole("button", { name: "Reset password" }).click()
    assert.strictEqual(await page.getByRole("alert").innerText(), "Passwords do not match.")
    await page.getByLabel("Repeat new password").fill("second password 2")
    await page.getByRole("button", { name: "Reset password" }).click()
    await page.getByText("Your password has been reset.").waitFor()

    await page.goto(link)
    assert.strictEqual(await page.getByRole("alert").innerText(), "This link has already been used.")
    await fillSignIn(page, email, "second password 2")
    await expectHome(page, true)
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await page.context().close()
  }, 60_000)

  it("signs up with the code of an emailed sign-in link and comes back to where it started", async () => {
    const page = await newPage()
    const email = freshEmail("otto")
    await page.goto("/teams")
    await page.waitForURL(
      (url) => url.pathname === "/handler/sign-in" && url.searchParams.get("after_auth_return_to") === "/teams"
    )
    await requestSignInLink(page, email)

    const mailPage = await page.context().newPage()
    await openEmailLink(mailPage, stack, email, /^Sign in to/)
    // The code stands on a line of its own, as in the hosted sign-in mail.
    const code = /^([A-Z0-9]{6})$/m.exec(await mailPage.locator("pre").innerText())?.[1]
    assert.isDefined(code)
    await mailPage.close()

    await page.getByLabel("Code from the email").fill(code ?? "")
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await page.waitForURL((url) => url.pathname === "/teams")
    await page.getByRole("heading", { name: "Teams" }).waitFor()
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await page.context().close()
  }, 60_000)

  it("shows errors in words, with the fix link for untrusted redirect URLs", async () => {
    const page = await newPage()
    await page.goto(
      "/handler/error?errorCode=REDIRECT_URL_NOT_WHITELISTED&message=The%20redirect%20URL%20is%20not%20trusted"
    )
    assert.include(await page.getByRole("alert").innerText(), "The redirect URL is not trusted.")
    assert.strictEqual(
      await page.getByRole("link", { name: "trusted domain settings" }).getAttribute("href"),
      "https://app.hexclave.com/projects/demo/domains"
    )

    await page.goto("/handler/oauth-callback")
    await page.getByRole("heading", { name: "Nothing to finish here" }).waitFor()
    await page.goto("/handler/no-such-page")
    await page.getByRole("heading", { name: "Page not found" }).waitFor()
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await page.context().close()
  }, 30_000)

  it("edits the profile, adds and verifies a second email, makes it primary and changes the password", async () => {
    const page = await newPage()
    const email = freshEmail("pia")
    const second = freshEmail("pia-work")
    await signUp(page, email, "pia password 1")
    await expectHome(page, true)
    await page.goto("/handler/account-settings")

    await page.getByLabel("Display name").fill("Pia Berg")
    await page.getByRole("button", { name: "Save name" }).click()
    await page.getByText("Saved.").waitFor()
    await page.locator(".demo-header .stackfx-avatar-initials", { hasText: "PI" }).waitFor()

    await page.getByLabel("New email address").fill(second)
    await page.getByRole("button", { name: "Add email" }).click()
    await page.getByRole("button", { name: `Verify ${second}` }).click()
    await page.getByText(`We sent a verification link to ${second}.`).waitFor()
    const link = await openEmailLink(page, stack, second, /^Verify your email/)
    await page.goto(link)
    await page.getByRole("button", { name: "Verify email" }).click()
    await page.getByText("Your email has been verified.").waitFor()

    await page.goto("/handler/account-settings")
    await page.getByRole("button", { name: `Make primary: ${second}` }).click()
    const emails = page.getByRole("list", { name: "Email addresses" })
    await emails.getByRole("listitem").filter({ hasText: second }).getByText("Primary").waitFor()

    // The password is in the security section: a link of the page's navigation.
    await page
      .getByRole("navigation", { name: "Account settings sections" })
      .getByRole("link", { name: "Security" })
      .click()
    await page.getByLabel("Current password").fill("pia password 1")
    await page.getByLabel("New password", { exact: true }).fill("pia password 2")
    await page.getByLabel("Repeat new password").fill("pia password 2")
    await page.getByRole("button", { name: "Update password" }).click()
    await page.getByText("Password saved.").waitFor()
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await page.context().close()
  }, 60_000)

  it("brings a visitor of account settings back to it after signing up, signing in, or following an emailed link", async () => {
    const page = await newPage()
    const email = freshEmail("ada")
    const password = "ada password 1"

    await accountSettingsSendsToSignIn(page)
    await page.getByRole("link", { name: "Sign up" }).click()
    await page.waitForURL((url) => url.pathname === "/handler/sign-up")
    await submitSignUp(page, email, password)
    await expectAccountSettings(page)
    await page.getByText(`Signed in as ${email}.`).waitFor()
    await signOutByMenu(page)

    await accountSettingsSendsToSignIn(page)
    await submitSignIn(page, email, password)
    await expectAccountSettings(page)
    await signOutByMenu(page)

    // A link to an unverified address is refused, so a second person signs up by following one.
    const linked = freshEmail("ada-link")
    await accountSettingsSendsToSignIn(page)
    await requestSignInLink(page, linked)
    const mailPage = await page.context().newPage()
    const link = await openEmailLink(mailPage, stack, linked, /^Sign in to/)
    await mailPage.close()
    assert.strictEqual(new URL(link).searchParams.get("after_auth_return_to"), "/handler/account-settings")
    await page.goto(link)
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await expectAccountSettings(page)
    await page.getByText(`Signed in as ${linked}.`).waitFor()
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await page.context().close()
  }, 90_000)

  it("deletes the account after an explicit confirmation, only where the project allows it", async () => {
    const page = await newPage()
    const email = freshEmail("del")
    const password = "del password 1"
    await signUp(page, email, password)
    await expectHome(page, true)

    // The seeded project keeps client deletion off, and the page offers none.
    await page.goto("/handler/account-settings?section=account")
    await page.getByRole("heading", { name: "Sign out" }).waitFor()
    assert.strictEqual(await page.getByRole("heading", { name: "Delete account" }).count(), 0)

    await setClientUserDeletion(true)
    try {
      await page.reload()
      const section = page.getByRole("region", { name: "Delete account" })
      await section.waitFor()
      await section.getByRole("button", { name: "Delete account" }).click()
      const confirmation = section.getByLabel("I understand that my account and its data will be deleted for good.")
      assert.isTrue(await confirmation.evaluate((box) => box === document.activeElement))
      // Unticked, the browser refuses the form: nothing is sent and the account stays.
      await section.getByRole("button", { name: "Delete my account" }).click()
      assert.isTrue(await confirmation.evaluate((box) => (box as HTMLInputElement).validity.valueMissing))
      await page.getByText(`Signed in as ${email}.`).waitFor()

      const visited: Array<string> = []
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
      })
      await confirmation.check()
      await section.getByRole("button", { name: "Delete my account" }).click()
      await expectHome(page, false)
      // Straight to after-sign-out (home): the page did not send the now signed-out person to sign in.
      assert.include(visited, "/")
      assert.notInclude(visited, "/handler/sign-in")

      await fillSignIn(page, email, password)
      assert.strictEqual(await page.getByRole("alert").innerText(), "Wrong e-mail or password.")
    } finally {
      await setClientUserDeletion(false)
    }
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await page.context().close()
  }, 60_000)
})
