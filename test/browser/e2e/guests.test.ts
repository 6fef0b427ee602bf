/**
 * Guests and restricted users in the demo, in Chromium: a visitor who opens the guest cart becomes a guest,
 * fills the cart, signs up and is the same user with the same cart; in a project that requires a verified
 * e-mail, a new user is sent to the onboarding page, asks for the verification e-mail, verifies it from the
 * local mailbox and is then a full user.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import type { Page } from "playwright-core"
import { expectHome, submitSignUp } from "./support/app.js"
import { freshEmail, openEmailLink, type Stack, startStack } from "./support/stack.js"

let stack: Stack
const password = "correct horse battery staple"

beforeAll(async () => {
  stack = await startStack("guests")
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

const newPage = async (): Promise<Page> => {
  const page = await (await stack.newPerson()).newPage()
  page.setDefaultTimeout(15_000)
  return page
}

/** Runs the steps; on a failure, says where the page was and what it showed. */
const steps = async (page: Page, run: () => Promise<void>) => {
  try {
    await run()
  } catch (error) {
    const shown = await page
      .locator("body")
      .innerText()
      .catch(() => "(no body)")
    throw new Error(`${String(error)}\nat ${page.url()}:\n${shown}\npage errors: ${stack.pageErrors.join("\n")}`)
  }
}

/** The demo project's setting, through the admin API (each e2e file has a backend of its own). */
const requireEmailVerification = async (on: boolean) => {
  const project = stack.localBackend.demoProject
  const answer = await fetch(`${stack.localBackend.apiUrl}/internal/projects/current`, {
    method: "PATCH",
    headers: {
      "content-type": "application/json",
      "x-stack-project-id": project.id,
      "x-stack-access-type": "admin",
      "x-stack-publishable-client-key": project.publishableClientKey,
      "x-stack-secret-server-key": project.secretServerKey,
      "x-stack-super-secret-admin-key": project.superSecretAdminKey
    },
    body: JSON.stringify({ config: { require_email_verification: on } })
  })
  assert.strictEqual(answer.status, 200, await answer.text())
}

describe("a guest in the demo", () => {
  it("becomes a guest on the cart page, signs up, and keeps their id and cart", async () => {
    const page = await newPage()
    await steps(page, async () => {
      await page.goto("/guest")
      await page.getByText("You are a guest").waitFor()
      const guestId = await page.getByTestId("user-id").innerText()
      await page.getByRole("button", { name: "Add to cart" }).click()
      await page.getByTestId("cart").getByText("item 1").waitFor()

      const email = freshEmail("guest")
      await page.getByRole("link", { name: "Sign up to keep it" }).click()
      await submitSignUp(page, email, password)
      await expectHome(page, true)

      await page.goto("/guest")
      await page.getByText(`Signed in as ${email}`).waitFor()
      assert.strictEqual(await page.getByTestId("user-id").innerText(), guestId)
      assert.strictEqual(await page.getByTestId("cart").innerText(), "item 1")
      assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    })
  }, 90_000)
})

describe("a user who must verify their e-mail", () => {
  it("is sent to onboarding after sign-up, verifies from the mailbox, and is then a full user", async () => {
    await requireEmailVerification(true)
    try {
      const page = await newPage()
      const email = freshEmail("unverified")
      await steps(page, async () => {
        await page.goto("/handler/sign-up")
        await submitSignUp(page, email, password)
        await page.waitForURL((url) => url.pathname === "/handler/onboarding")
        await page.getByRole("heading", { name: "Verify your email" }).waitFor()
        await page.getByText(email).first().waitFor()
        await page.getByRole("button", { name: "Send verification email" }).click()
        await page.getByText(`Verification email sent to ${email}.`).waitFor()

        // Not signed in to the app meanwhile: the home page shows a visitor.
        await page.goto("/")
        await expectHome(page, false)

        const link = await openEmailLink(page, stack, email, /^Verify your email/)
        await page.goto(link)
        await page.getByRole("button", { name: "Verify email" }).click()
        await page.getByText("Your email has been verified.").waitFor()
        await page.getByRole("link", { name: "Continue" }).click()
        await expectHome(page, true)
        await page.getByText("(verified)").waitFor()
        // A page loaded afresh reads the stored session: its token is a full user's now.
        await page.reload()
        await expectHome(page, true)
        assert.deepStrictEqual(stack.pageErrors.splice(0), [])
      })
    } finally {
      await requireEmailVerification(false)
    }
  }, 90_000)
})
