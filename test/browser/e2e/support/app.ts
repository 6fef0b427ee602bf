/** What a person does in the demo, in a few words each: sign up, sign in, sign out, use the user button. */
import type { Page } from "playwright-core"

export const userButton = (page: Page) => page.locator(".demo-header button[aria-haspopup=menu]")
export const avatarInitials = (page: Page) => page.locator(".demo-header .stackfx-avatar-initials")

/** Waits until the home page says who is signed in (or that nobody is). */
export const expectHome = async (page: Page, signedIn: boolean): Promise<void> => {
  await page.waitForURL((url) => url.pathname === "/")
  await page.getByText(signedIn ? /^Signed in as/ : /You are not signed in/).waitFor()
}

/**
 * Fills and sends the sign-up form on the page it is on (`repeat` is the confirmation, default the password).
 * After a navigation by link the address changes before the lazily loaded page replaces the one before, and the
 * sign-in page has Email and Password fields too: so it waits for the field only the sign-up form has first (a
 * fill once landed on the sign-in page under a loaded run, and the sign-up form was sent without an email).
 */
export const submitSignUp = async (
  page: Page,
  email: string,
  password: string,
  repeat: string = password
): Promise<void> => {
  await page.getByLabel("Repeat password").waitFor()
  await page.getByLabel("Email", { exact: true }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByLabel("Repeat password").fill(repeat)
  await page.getByRole("button", { name: "Sign up", exact: true }).click()
}

/** Opens the sign-up page, then fills and sends its form. */
export const signUp = async (page: Page, email: string, password: string, repeat: string = password): Promise<void> => {
  await page.goto("/handler/sign-up")
  await submitSignUp(page, email, password, repeat)
}

/** Fills and sends the password sign-in form on the page it is on, once it is the sign-in page (see submitSignUp). */
export const submitSignIn = async (page: Page, email: string, password: string): Promise<void> => {
  await page.getByRole("heading", { name: /^Sign in to / }).waitFor()
  await page.getByLabel("Email", { exact: true }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Sign in", exact: true }).click()
}

/** Asks the sign-in page it is on for an emailed sign-in link and waits until it says the email was sent. */
export const requestSignInLink = async (page: Page, email: string): Promise<void> => {
  await page.getByRole("tab", { name: "Email link" }).click()
  await page.getByLabel("Email", { exact: true }).fill(email)
  await page.getByRole("button", { name: "Send sign-in link" }).click()
  await page.getByText(`We sent a sign-in link to ${email}.`).waitFor()
}

export const fillSignIn = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto("/handler/sign-in")
  await submitSignIn(page, email, password)
}

/** Signs out through the user button's menu and waits for the visitor's home page. */
export const signOutByMenu = async (page: Page): Promise<void> => {
  await userButton(page).click()
  await page.getByRole("menuitem", { name: "Sign out" }).click()
  await expectHome(page, false)
}
