/**
 * A user or team nested in another answer is the whole object of the caller's access type, with exactly
 * the keys the object's own endpoint answers: clients of the hosted service read nested users and teams
 * with the same code as top-level ones.
 */
import { assert, describe, it } from "@effect/vitest"
import { expectStatus, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const keysOf = (value: unknown) => Object.keys(value as Record<string, unknown>).sort()

describe("nested users and teams", () => {
  it("member profiles (server) nest the full server user, as GET /users/{id} answers it", async () => {
    const project = await backend.createProject()
    const member = await backend.signUp(project)
    const team = (await backend.createTeam(project, member.userId, "Nest")).body
    const user = expectStatus(
      await backend.call(project, "GET", `/users/${member.userId}`, { accessType: "server" }),
      200
    ).body
    assert.property(user, "risk_scores")

    const list = expectStatus(
      await backend.call(project, "GET", `/team-member-profiles?team_id=${team.id}`, { accessType: "server" }),
      200
    ).body
    assert.lengthOf(list.items, 1)
    assert.deepStrictEqual(keysOf(list.items[0].user), keysOf(user))
    assert.deepStrictEqual(list.items[0].user.risk_scores, user.risk_scores)

    const one = expectStatus(
      await backend.call(project, "GET", `/team-member-profiles/${team.id}/${member.userId}`, { accessType: "server" }),
      200
    ).body
    assert.deepStrictEqual(keysOf(one.user), keysOf(user))
  })

  it("the selected team inside a user is the full team of the access type", async () => {
    const project = await backend.createProject()
    const member = await backend.signUp(project)
    const team = (await backend.createTeam(project, member.userId, "Chosen")).body
    expectStatus(
      await backend.call(project, "PATCH", `/users/${member.userId}`, {
        accessType: "server",
        body: { selected_team_id: team.id }
      }),
      200
    )
    for (const accessType of ["client", "server"] as const) {
      const teamView = expectStatus(
        await backend.call(project, "GET", `/teams/${team.id}`, { accessType, accessToken: member.accessToken }),
        200
      ).body
      const userView = expectStatus(
        await backend.call(project, "GET", "/users/me", { accessType, accessToken: member.accessToken }),
        200
      ).body
      assert.deepStrictEqual(keysOf(userView.selected_team), keysOf(teamView), accessType)
    }
  })

  it("the users in the admin metrics are full server users", async () => {
    const project = await backend.createProject()
    const member = await backend.signUp(project)
    const user = expectStatus(
      await backend.call(project, "GET", `/users/${member.userId}`, { accessType: "server" }),
      200
    ).body
    const metrics = expectStatus(
      await backend.call(project, "GET", "/internal/metrics", { accessType: "admin" }),
      200
    ).body
    assert.lengthOf(metrics.recently_registered, 1)
    assert.deepStrictEqual(keysOf(metrics.recently_registered[0]), keysOf(user))
  })
})
