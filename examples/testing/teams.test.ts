/**
 * Fixtures for teams, invitations, API keys and TOTP, and the project the global setup opened for the suite.
 */
import { expect, it } from "vitest"
import { Effect } from "effect"
import { clientTierFromEnv, Projects } from "stackfx"
import { startStackTest, uniqueEmail } from "stackfx-backend/testing"

it("makes a team with members and permissions, and invites by e-mail", async () => {
  await using test = await startStackTest()
  const owner = await test.createUser()
  const member = await test.createUser()
  const team = await test.createTeam({
    displayName: "Acme",
    creator: owner,
    members: [member],
    permissions: { [member.id]: ["team_admin"] }
  })
  expect(team.displayName).toBe("Acme")
  const invited = uniqueEmail("invited")
  const link = await test.invite({ team, inviter: owner, email: invited })
  expect(link.url).toContain("/handler/team-invitation?code=")
  expect((await test.mailbox.latest(invited)).subject).toContain("Acme")
})

it("makes API keys where the project allows them, and says which option otherwise", async () => {
  await using allowed = await startStackTest({ allowUserApiKeys: true })
  const user = await allowed.createUser()
  const key = await allowed.createApiKey({ user })
  expect(key.secret.length).toBeGreaterThan(20)
  await using refused = await startStackTest()
  const other = await refused.createUser()
  await expect(refused.createApiKey({ user: other })).rejects.toThrow(/allowUserApiKeys: true/)
})

it("gives a TOTP user the current code by the project's clock", async () => {
  await using test = await startStackTest()
  const user = await test.createUser({ totp: true })
  const code = user.totpCode?.() ?? ""
  expect(code).toMatch(/^\d{6}$/)
  test.advanceTime(60_000)
  expect(user.totpCode?.()).not.toBe(code)
})

it("hands the suite's project to the tiers through the environment (global setup)", async () => {
  const project = await Effect.runPromise(
    Projects.use((projects) => projects.current).pipe(Effect.provide(clientTierFromEnv({ tokenStore: "memory" })))
  )
  expect(project.displayName).toBe("Example suite")
})
