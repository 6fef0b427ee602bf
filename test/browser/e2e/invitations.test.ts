/**
 * Team invitations received, in account settings: the server invites a user's verified e-mail address to two
 * teams; signed in, the user sees both in the "Team invitations" section and accepts one there, by its id,
 * without the e-mailed link. The Teams section then shows that team, and the other invitation stays.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { expectHome, fillSignIn } from "./support/app.js"
import { freshEmail, screenshot, type Stack, startStack } from "./support/stack.js"
import { call, expectStatus } from "../../support/local-backend.js"

let stack: Stack
const password = "invited person password"

beforeAll(async () => {
  stack = await startStack("invitations", "shared")
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

/** Through the demo project's server API, as an app's backend would. */
const server = (method: string, path: string, body: unknown) =>
  call(stack.localBackend, stack.localBackend.demoProject, method, path, { accessType: "server", body })

const inviteToNewTeam = async (displayName: string, email: string): Promise<void> => {
  const team = expectStatus(await server("POST", "/teams", { display_name: displayName }), 201)
  expectStatus(
    await server("POST", "/team-invitations/send-code", {
      team_id: team.body.id,
      email,
      callback_url: `${stack.appUrl}/handler/team-invitation`
    }),
    200
  )
}

describe("team invitations in account settings", () => {
  it("an invitation accepted from account settings", async () => {
    const email = freshEmail("ivy")
    expectStatus(
      await server("POST", "/users", {
        primary_email: email,
        primary_email_verified: true,
        primary_email_auth_enabled: true,
        password
      }),
      201
    )
    await inviteToNewTeam("Orbit", email)
    await inviteToNewTeam("Nebula", email)

    const person = await stack.newPerson()
    const page = await person.newPage()
    await fillSignIn(page, email, password)
    await expectHome(page, true)
    await page.goto("/handler/account-settings?section=teams")

    const section = page.getByRole("region", { name: "Team invitations" })
    const list = section.getByRole("list", { name: "Team invitations" })
    await list.getByText("Nebula").waitFor()
    assert.strictEqual(await list.getByRole("listitem").count(), 2)
    assert.include(await list.getByRole("listitem").filter({ hasText: "Orbit" }).innerText(), `Sent to ${email}`)
    const teams = page.getByRole("region", { name: "Teams", exact: true })
    const yourTeams = teams.getByRole("list", { name: "Your teams" })
    // The demo project may give every new user a personal team: count what is there before.
    await teams.getByRole("heading", { name: "Teams" }).waitFor()
    const before = await yourTeams.getByRole("listitem").count()
    assert.strictEqual(await yourTeams.getByText("Orbit").count(), 0)
    await screenshot(page, "invitations-received", "page")

    await list.getByRole("button", { name: "Accept the invitation to Orbit" }).click()
    // The accept reloads both sections: the team joins the Teams list, the invitation leaves this one.
    await yourTeams.getByText("Orbit").waitFor()
    await list.getByText("Orbit").waitFor({ state: "detached" })
    assert.strictEqual(await list.getByRole("listitem").count(), 1)
    assert.strictEqual(await yourTeams.getByRole("listitem").count(), before + 1)

    // The service agrees, not only the page.
    await page.reload()
    await yourTeams.getByText("Orbit").waitFor()
    await list.getByText("Nebula").waitFor()
    assert.strictEqual(await list.getByText("Orbit").count(), 0)
    assert.deepStrictEqual(stack.pageErrors.splice(0), [])
    await person.close()
  }, 90_000)
})
