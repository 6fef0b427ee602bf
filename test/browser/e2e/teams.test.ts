/**
 * Teams in the demo with two people in two browser contexts: one creates a team and invites the other by
 * email; the other opens the invitation from the local mailbox, signs up from it, comes back to it and
 * accepts. Then two tabs of one person follow a sign-out in either of them.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { expectHome, signUp, submitSignUp, userButton } from "./support/app.js"
import { freshEmail, openEmailLink, screenshot, type Stack, startStack } from "./support/stack.js"

let stack: Stack
const password = "team player password"

beforeAll(async () => {
  stack = await startStack("teams", "shared")
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

describe("teams in the demo", () => {
  it("creates a team and invites a second person, who accepts in another browser context", async () => {
    const owner = await stack.newPerson()
    const ownerPage = await owner.newPage()
    const ownerEmail = freshEmail("olive")
    await signUp(ownerPage, ownerEmail, password)
    await expectHome(ownerPage, true)

    await ownerPage.getByRole("link", { name: "Teams", exact: true }).click()
    await ownerPage.getByLabel("Team name").fill("Acme")
    await ownerPage.getByRole("button", { name: "Create team" }).click()
    const panel = ownerPage.getByRole("article", { name: "Acme" })
    await panel.getByRole("heading", { name: "Acme" }).waitFor()
    const permissions = await panel.getByRole("list", { name: "Your permissions" }).innerText()
    assert.include(permissions, "$invite_members")
    assert.include(permissions, "$read_members")
    assert.strictEqual(await panel.getByRole("list", { name: "Members" }).getByRole("listitem").count(), 1)

    const guestEmail = freshEmail("gus")
    await panel.getByLabel("Email to invite").fill(guestEmail)
    await panel.getByRole("button", { name: "Send invitation" }).click()
    await panel.getByText(`Invitation sent to ${guestEmail}.`).waitFor()
    await panel.getByRole("list", { name: "Pending invitations" }).getByText(guestEmail).waitFor()
    await screenshot(ownerPage, "teams-owner", "page")

    const guest = await stack.newPerson()
    const guestPage = await guest.newPage()
    const link = await openEmailLink(guestPage, stack, guestEmail, /^You have been invited to join Acme/)
    assert.match(link, /\/handler\/team-invitation\?code=/)
    await guestPage.goto(link)
    await guestPage.getByRole("heading", { name: "You are invited to a team" }).waitFor()
    await guestPage.getByRole("link", { name: "Sign up" }).click()
    await submitSignUp(guestPage, guestEmail, password)
    // after_auth_return_to brings the new account back to the invitation.
    await guestPage.getByRole("heading", { name: "Join Acme?" }).waitFor()
    assert.include(guestPage.url(), "/handler/team-invitation?code=")
    await guestPage.getByRole("button", { name: "Accept invitation" }).click()
    await guestPage.getByText("You are now a member of Acme.").waitFor()

    await guestPage.goto("/teams")
    await guestPage.getByRole("list", { name: "Your teams" }).getByRole("button", { name: "Acme" }).click()
    const guestPanel = guestPage.getByRole("article", { name: "Acme" })
    await guestPanel.getByRole("heading", { name: "Acme" }).waitFor()

    await ownerPage.reload()
    await ownerPage.getByRole("list", { name: "Your teams" }).getByRole("button", { name: "Acme" }).click()
    await ownerPage
      .getByRole("article", { name: "Acme" })
      .getByRole("list", { name: "Members" })
      .getByRole("listitem")
      .nth(1)
      .waitFor()
    assert.strictEqual(
      await ownerPage.getByRole("article", { name: "Acme" }).getByText("No pending invitations.").count(),
      1,
      "the used invitation is no longer pending"
    )
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await owner.close()
    await guest.close()
  }, 90_000)

  it("keeps two tabs in sync on sign-out", async () => {
    const person = await stack.newPerson()
    const first = await person.newPage()
    await signUp(first, freshEmail("tess"), password)
    await expectHome(first, true)
    const second = await person.newPage()
    await second.goto("/")
    await expectHome(second, true)

    await userButton(first).click()
    const started = Date.now()
    await first.getByRole("menuitem", { name: "Sign out" }).click()
    // The other tab hears it from the first (BroadcastChannel), without a reload or a request of its own.
    await second.getByText(/You are not signed in/).waitFor({ timeout: 5_000 })
    const took = Date.now() - started
    assert.isBelow(took, 3_000, `the second tab followed after ${took} ms`)
    assert.strictEqual(await userButton(second).getAttribute("aria-label"), "Account menu (not signed in)")
    await expectHome(first, false)
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await person.close()
  }, 60_000)
})
