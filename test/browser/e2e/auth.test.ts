/**
 * One person's way through the demo in Chromium: sign up with email and password, verify the address from
 * the local mailbox, sign out, sign in, read the avatar's initials, reach account settings with the
 * keyboard; turn on TOTP and sign in with a code; register a passkey on a virtual authenticator and sign
 * in with it; and (another person) sign in through the development OAuth provider.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Secret, TOTP } from "otpauth"
import type { BrowserContext, Page } from "playwright-core"
import { avatarInitials, expectHome, fillSignIn, signOutByMenu, signUp, userButton } from "./support/app.js"
import { freshEmail, openEmailLink, screenshot, type Stack, startStack } from "./support/stack.js"

let stack: Stack
let person: BrowserContext
let page: Page
const email = freshEmail("zed")
const password = "correct horse battery staple"
let totpSecret = ""

const totpNow = () => new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate()

beforeAll(async () => {
  stack = await startStack("auth", "shared")
  person = await stack.newPerson()
  page = await person.newPage()
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

describe("a person in the demo", () => {
  it("signs up, verifies the email from the inbox, signs out, signs in and reaches account settings by keyboard", async () => {
    await page.goto("/")
    await userButton(page).waitFor()
    await screenshot(page, "1-visitor")
    await userButton(page).click()
    await page.getByRole("menuitem", { name: "Sign up" }).waitFor()
    await screenshot(page, "2-visitor-menu", "page")
    await page.keyboard.press("Escape")

    await signUp(page, email, password, `${password}!`)
    assert.strictEqual(await page.getByRole("alert").innerText(), "Passwords do not match.")
    await page.getByLabel("Repeat password").fill(password)
    await page.getByRole("button", { name: "Sign up", exact: true }).click()
    await expectHome(page, true)
    assert.include(await page.locator("main").innerText(), "not verified")

    const link = await openEmailLink(page, stack, email, /^Verify your email/)
    assert.match(link, /\/handler\/email-verification\?code=/)
    await page.goto(link)
    await page.getByRole("button", { name: "Verify email" }).click()
    await page.getByText("Your email has been verified.").waitFor()
    await page.goto("/")
    await page.getByText("(verified)").waitFor()

    await signOutByMenu(page)
    await fillSignIn(page, email, "wrong password")
    assert.strictEqual(await page.getByRole("alert").innerText(), "Wrong e-mail or password.")
    await fillSignIn(page, email, password)
    await expectHome(page, true)
    assert.strictEqual(await avatarInitials(page).innerText(), "ZE")
    await screenshot(page, "3-signed-in")

    // While the user loads, the button is a round skeleton: hold the answer back to see it.
    const me = `${stack.localBackend.apiUrl}/users/me`
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(me, async (route) => {
      await held
      await route.continue()
    })
    await page.reload()
    await page.getByRole("status", { name: "Loading user" }).waitFor()
    await screenshot(page, "0-loading")
    release()
    await avatarInitials(page).waitFor()
    await page.unroute(me)

    await userButton(page).focus()
    await page.keyboard.press("Enter")
    await page.getByRole("menu").waitFor()
    assert.strictEqual(await page.evaluate(() => document.activeElement?.textContent), "Account settings")
    await screenshot(page, "4-signed-in-menu", "page")
    await page.keyboard.press("Enter")
    await page.waitForURL("**/handler/account-settings")
    await page.getByRole("heading", { name: "Account settings" }).waitFor()
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
  }, 60_000)

  it("turns on TOTP and signs in again with a code", async () => {
    await page.goto("/handler/account-settings?section=security")
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click()
    totpSecret = await page.getByTestId("totp-secret").innerText()
    assert.match(await page.getByTestId("totp-uri").innerText(), new RegExp(`^otpauth://totp/.*secret=${totpSecret}`))
    await page.getByLabel("Authentication code").fill(totpNow())
    await page.getByRole("button", { name: "Enable two-factor authentication" }).click()
    await page.getByText("Two-factor authentication is on.").waitFor()

    await page.goto("/")
    await signOutByMenu(page)
    await fillSignIn(page, email, password)
    await page.getByLabel("Authentication code").fill("000000")
    await page.getByRole("button", { name: "Verify" }).click()
    assert.strictEqual(await page.getByRole("alert").innerText(), "The TOTP code is invalid. Please try again.")
    await page.getByLabel("Authentication code").fill(totpNow())
    await page.getByRole("button", { name: "Verify" }).click()
    await expectHome(page, true)
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
  }, 60_000)

  it("finishes a sign-in the official SDK sent to the mfa page with its stored attempt code", async () => {
    await page.goto("/")
    await signOutByMenu(page)
    // The official SDK's sign-in answered MFA required: it keeps the attempt code in the tab and redirects.
    const demo = stack.localBackend.demoProject
    const signIn = await fetch(`${stack.localBackend.apiUrl}/auth/password/sign-in`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-project-id": demo.id,
        "x-stack-access-type": "client",
        "x-stack-publishable-client-key": demo.publishableClientKey
      },
      body: JSON.stringify({ email, password })
    })
    const refused = (await signIn.json()) as { readonly code: string; readonly details: { attempt_code: string } }
    assert.strictEqual(refused.code, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    await page.evaluate(
      (code) => sessionStorage.setItem("hexclave_mfa_attempt_code", code),
      refused.details.attempt_code
    )
    await page.goto("/handler/mfa")
    await page.getByLabel("Authentication code").fill(totpNow())
    await page.getByRole("button", { name: "Verify" }).click()
    await expectHome(page, true)
    assert.isNull(await page.evaluate(() => sessionStorage.getItem("hexclave_mfa_attempt_code")))
    // Without a waiting sign-in the page says so.
    await page.goto("/handler/mfa")
    await page.getByText("There is no sign-in waiting for a code in this tab. Sign in again.").waitFor()
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
  }, 60_000)

  it("registers a passkey on a virtual authenticator and signs in with it", async () => {
    const cdp = await person.newCDPSession(page)
    await cdp.send("WebAuthn.enable")
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true
      }
    })
    await page.goto("/handler/account-settings?section=security")
    await page.getByRole("button", { name: "Register a passkey" }).click()
    await page.getByText("Passkey registered.").waitFor()
    await page.getByText("Passkey sign-in is on for this account.").waitFor()

    await page.goto("/")
    await signOutByMenu(page)
    await page.goto("/handler/sign-in")
    await page.getByRole("button", { name: "Sign in with a passkey" }).click()
    // The account has TOTP on, so the passkey is the first factor and the code the second.
    await page.getByLabel("Authentication code").fill(totpNow())
    await page.getByRole("button", { name: "Verify" }).click()
    await expectHome(page, true)
    assert.strictEqual(await avatarInitials(page).innerText(), "ZE")
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
  }, 60_000)

  it("signs in through OAuth into the TOTP account: a wrong code ends the attempt with an alert, the right one signs in", async () => {
    const other = await stack.newPerson()
    const oauthPage = await other.newPage()
    const dialogs: Array<string> = []
    oauthPage.on("dialog", (dialog) => {
      dialogs.push(dialog.message())
      void dialog.accept()
    })
    const viaGitHub = async () => {
      await oauthPage.goto("/handler/sign-in")
      await oauthPage.getByRole("button", { name: "Sign in with GitHub" }).click()
      // Wait for the provider's page: the sign-in page has an Email field of its own.
      await oauthPage.getByRole("heading", { name: "Sign in with GitHub" }).waitFor()
      // The provider vouches for the same verified address, so this is the same account, TOTP included.
      await oauthPage.getByLabel("Email", { exact: true }).fill(email)
      await oauthPage.getByRole("button", { name: "Continue" }).click()
      await oauthPage.getByLabel("Authentication code").waitFor()
      assert.include(oauthPage.url(), "/handler/oauth-callback")
    }
    await viaGitHub()
    await oauthPage.getByLabel("Authentication code").fill("000000")
    await oauthPage.getByRole("button", { name: "Verify" }).click()
    await oauthPage.getByRole("alert").getByText("Invalid TOTP code. Please try signing in again.").waitFor()
    assert.deepStrictEqual(dialogs, ["Invalid TOTP code. Please try signing in again."])
    assert.strictEqual(await oauthPage.getByLabel("Authentication code").count(), 0)

    await viaGitHub()
    await oauthPage.getByLabel("Authentication code").fill(totpNow())
    await oauthPage.getByRole("button", { name: "Verify" }).click()
    await expectHome(oauthPage, true)
    assert.strictEqual(await avatarInitials(oauthPage).innerText(), "ZE")
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await other.close()
  }, 60_000)

  it("signs in through the development OAuth provider", async () => {
    const other = await stack.newPerson()
    const oauthPage = await other.newPage()
    await oauthPage.goto("/handler/sign-in")
    await oauthPage.getByRole("button", { name: "Sign in with GitHub" }).click()
    await oauthPage.getByRole("heading", { name: "Sign in with GitHub" }).waitFor()
    await oauthPage.getByRole("button", { name: /Grace Hopper/ }).click()
    await expectHome(oauthPage, true)
    assert.include(await oauthPage.locator("main").innerText(), "Grace Hopper")
    assert.strictEqual(await avatarInitials(oauthPage).innerText(), "GR")
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await other.close()
  }, 60_000)
})
