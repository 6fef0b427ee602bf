/**
 * The handler pages under a TanStack router with `basepath: "/app"` (test/browser/pages/handler-basepath-page.tsx)
 * against the local backend: every URL the pages put in the address bar, in a link, in an email or in
 * `after_auth_return_to` carries `/app`, and the way back after signing in ends on the page that asked.
 * The user button's items lead to the handler pages below `/app`, through the router and, with no
 * `navigate` given to the provider, by document loads.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { join } from "node:path"
import type { BrowserContext, Page } from "playwright-core"
import type { RunningLocalBackend } from "../../../backend/src/index.js"
import { kitLocalBackend } from "../../support/local-backend.js"
import { type Harness, repoRoot, startHarness } from "../support/harness.js"
import { requestSignInLink, submitSignIn, submitSignUp } from "./support/app.js"
import { freshEmail, openEmailLink } from "./support/stack.js"

let localBackend: RunningLocalBackend
let harness: Harness
/** The page's origin on `localhost`, the host the backend's seeded project trusts. */
let appUrl: string

beforeAll(async () => {
  localBackend = await kitLocalBackend()
  harness = await startHarness(join(repoRoot, "test/browser/pages/handler-basepath-page.tsx"))
  appUrl = harness.baseUrl.replace("127.0.0.1", "localhost")
}, 120_000)

afterAll(async () => {
  await harness?.close()
  await localBackend?.stop()
})

interface Person {
  readonly context: BrowserContext
  readonly page: Page
  readonly errors: Array<string>
}

type Navigate = "router" | "document"

/** A new person (own cookies) whose pages find the backend; `navigate` is how the provider navigates. */
const newPerson = async (navigate: Navigate = "router"): Promise<Person> => {
  const context = await harness.browser.newContext({ baseURL: appUrl, viewport: { width: 1024, height: 720 } })
  const backend = {
    baseUrl: localBackend.url,
    projectId: localBackend.demoProject.id,
    publishableClientKey: localBackend.demoProject.publishableClientKey
  }
  await context.addInitScript(
    (value) => {
      const settings = window as unknown as { stackfxBackend: typeof value.backend; stackfxNavigate: Navigate }
      settings.stackfxBackend = value.backend
      settings.stackfxNavigate = value.navigate
    },
    { backend, navigate }
  )
  const { page, errors } = await harness.newPage({ context })
  return { context, page, errors }
}

const expectHome = async (page: Page, signedIn: boolean): Promise<void> => {
  await page.waitForURL((url) => url.pathname === "/app/" || url.pathname === "/app")
  await page.getByText(signedIn ? /^Signed in as/ : /You are not signed in/).waitFor()
}

const expectAccountSettings = async (page: Page): Promise<void> => {
  await page.waitForURL((url) => url.pathname === "/app/handler/account-settings")
  await page.getByRole("heading", { name: "Account settings" }).waitFor()
}

/**
 * Picks items of the user button's menu, one right after the other: a redirect to another page must not be
 * swallowed by the previous one's redirect wait while a router keeps the app alive.
 */
const userButtonMenu =
  (page: Page) =>
  async (item: string): Promise<void> => {
    await page.locator(".basepath-header button[aria-haspopup=menu]").click()
    await page.getByRole("menu").getByRole("menuitem", { name: item }).click()
  }

/** Waits for a handler page below `/app` and returns its `after_auth_return_to` (`null` when it has none). */
const expectHandlerPage = async (page: Page, route: string): Promise<string | null> => {
  await page.waitForURL((url) => url.pathname === `/app/handler/${route}`)
  return new URL(page.url()).searchParams.get("after_auth_return_to")
}

/** The first link with a code of the newest matching email, read in a page of its own (the mailbox is no page of the app). */
const emailedLink = async (context: BrowserContext, email: string, subject: RegExp): Promise<URL> => {
  const mailbox = await context.newPage()
  const link = await openEmailLink(mailbox, { localBackend }, email, subject)
  await mailbox.close()
  return new URL(link)
}

/** Opens account settings as a visitor and waits for the sign-in page that promises to come back. */
const accountSettingsSendsToSignIn = async (page: Page): Promise<void> => {
  await page.goto("/app/handler/account-settings")
  await page.waitForURL(
    (url) =>
      url.pathname === "/app/handler/sign-in" &&
      url.searchParams.get("after_auth_return_to") === "/app/handler/account-settings"
  )
}

describe("handler pages under the router basepath /app", () => {
  it("signs up, signs out by the link, and comes back to account settings after signing in from there", async () => {
    const { context, page, errors } = await newPerson()
    const email = freshEmail("bea")
    await page.goto("/app/handler/sign-up")
    await submitSignUp(page, email, "bea password 1")
    await expectHome(page, true)

    // The verification email links to the page below the basepath.
    const verify = await emailedLink(context, email, /^Verify your email/)
    assert.strictEqual(`${verify.origin}${verify.pathname}`, `${appUrl}/app/handler/email-verification`)

    await page.goto("/app/handler/sign-in")
    await page.getByRole("heading", { name: "You are already signed in" }).waitFor()
    const signOut = page.getByRole("link", { name: "Sign out" })
    assert.strictEqual(await signOut.getAttribute("href"), "/app/handler/sign-out")
    await signOut.click()
    await expectHome(page, false)

    await accountSettingsSendsToSignIn(page)
    assert.strictEqual(
      await page.getByRole("link", { name: "Sign up" }).getAttribute("href"),
      "/app/handler/sign-up?after_auth_return_to=%2Fapp%2Fhandler%2Faccount-settings"
    )
    await submitSignIn(page, email, "bea password 1")
    await expectAccountSettings(page)
    assert.include(await page.getByText(/^Signed in as/).innerText(), email)

    // A reload keeps the page: the address bar holds the full path.
    await page.reload()
    await expectAccountSettings(page)
    // The page's sections are links below the basepath too, and a reload keeps the section.
    const security = page
      .getByRole("navigation", { name: "Account settings sections" })
      .getByRole("link", { name: "Security" })
    assert.strictEqual(await security.getAttribute("href"), "/app/handler/account-settings?section=security")
    await security.click()
    await page.getByRole("heading", { name: "Active sessions" }).waitFor()
    await page.reload()
    await expectAccountSettings(page)
    assert.strictEqual(new URL(page.url()).searchParams.get("section"), "security")
    await page.getByRole("heading", { name: "Active sessions" }).waitFor()
    assert.deepStrictEqual(errors, [])
    await context.close()
  }, 90_000)

  it("the emailed sign-in link opens below the basepath and leads back to account settings", async () => {
    const { context, page, errors } = await newPerson()
    const email = freshEmail("cai")
    await accountSettingsSendsToSignIn(page)
    await requestSignInLink(page, email)

    const link = await emailedLink(context, email, /^Sign in to/)
    assert.strictEqual(`${link.origin}${link.pathname}`, `${appUrl}/app/handler/magic-link-callback`)
    assert.strictEqual(link.searchParams.get("after_auth_return_to"), "/app/handler/account-settings")
    await page.goto(link.href)
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await expectAccountSettings(page)
    assert.deepStrictEqual(errors, [])
    await context.close()
  }, 90_000)

  for (const navigate of ["router", "document"] as const) {
    it(`the user button's items lead below the basepath (${navigate} navigation)`, async () => {
      const { context, page, errors } = await newPerson(navigate)
      const visited: Array<string> = []
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
      })
      const chooseFromUserButton = userButtonMenu(page)
      const email = freshEmail(navigate === "router" ? "dov" : "eda")
      await page.goto("/app/")
      await expectHome(page, false)

      await chooseFromUserButton("Sign up")
      assert.strictEqual(await expectHandlerPage(page, "sign-up"), "/app/")
      // From sign-up to sign-in the way back is carried on; opened on a handler page itself, sign-in does
      // not come back to it.
      await chooseFromUserButton("Sign in")
      assert.strictEqual(await expectHandlerPage(page, "sign-in"), "/app/")
      await page.goto("/app/handler/sign-up")
      await chooseFromUserButton("Sign in")
      assert.strictEqual(await expectHandlerPage(page, "sign-in"), null)
      await page.goto("/app/")
      await expectHome(page, false)
      await chooseFromUserButton("Sign up")
      await expectHandlerPage(page, "sign-up")
      await submitSignUp(page, email, "dov password 1")
      await expectHome(page, true)

      await chooseFromUserButton("Account settings")
      await expectAccountSettings(page)

      await chooseFromUserButton("Sign out")
      await expectHome(page, false)
      assert.include(visited, "/app/handler/sign-out")

      await chooseFromUserButton("Sign in")
      assert.strictEqual(await expectHandlerPage(page, "sign-in"), "/app/")
      await submitSignIn(page, email, "dov password 1")
      await expectHome(page, true)
      // Nothing was ever loaded outside the basepath.
      assert.deepStrictEqual(
        visited.filter((path) => !path.startsWith("/app")),
        []
      )
      assert.deepStrictEqual(errors, [])
      await context.close()
    }, 90_000)
  }
})
