import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { ServerTeamMembers, TeamMembers } from "../../src/services/generated/team-members.js"
import { ServerTeamPermissions } from "../../src/services/generated/team-permissions.js"
import { ServerTeams } from "../../src/services/generated/teams.js"
import { useKitBackend } from "../support/local-backend.js"
import { clientLayer, serverLayer } from "./teams-support.js"

const backend = useKitBackend()

const setup = Effect.gen(function* () {
  const project = yield* Effect.promise(() => backend.createProject())
  const alice = yield* Effect.promise(() => backend.signUp(project))
  const bob = yield* Effect.promise(() => backend.signUp(project))
  yield* Effect.promise(() =>
    backend.call(project, "PATCH", "/users/me", { accessToken: alice.accessToken, body: { display_name: "Alice" } })
  )
  const team = yield* Effect.gen(function* () {
    const server = yield* ServerTeams
    const team = yield* server.create({ displayName: "Guild", creatorUserId: alice.userId })
    yield* server.addMember(team.id, bob.userId)
    return team
  }).pipe(Effect.provide(serverLayer(backend, project)))
  return { project, alice, bob, team }
})

describe("team member profiles", () => {
  it.live("a member reads the team's profiles and edits only their own", () =>
    Effect.gen(function* () {
      const { project, alice, bob, team } = yield* setup
      const asAlice = clientLayer(backend, project, alice)

      const before = yield* TeamMembers.use((m) => m.getMine(team.id)).pipe(Effect.provide(asAlice))
      // Without a team-specific name the profile shows the user's own.
      assert.deepStrictEqual(before, {
        teamId: team.id,
        userId: alice.userId,
        displayName: "Alice",
        profileImageUrl: null
      })

      const updated = yield* TeamMembers.use((m) =>
        m.updateMine(team.id, { displayName: "Alice (Guild)", profileImageUrl: "https://img.example/a.png" })
      ).pipe(Effect.provide(asAlice))
      assert.strictEqual(updated.displayName, "Alice (Guild)")
      assert.strictEqual(updated.profileImageUrl, "https://img.example/a.png")

      const seenByBob = yield* Effect.gen(function* () {
        const members = yield* TeamMembers
        return { all: yield* members.list(team.id), alice: yield* members.get(team.id, alice.userId) }
      }).pipe(Effect.provide(clientLayer(backend, project, bob)))
      assert.deepStrictEqual(
        seenByBob.all.map((p) => p.userId),
        [alice.userId, bob.userId]
      )
      assert.deepStrictEqual(seenByBob.alice, updated)

      const editOther = yield* Effect.promise(() =>
        backend.call(project, "PATCH", `/team-member-profiles/${team.id}/${alice.userId}`, {
          accessToken: bob.accessToken,
          body: { display_name: "hacked" }
        })
      )
      assert.strictEqual(editOther.status, 403)

      // The user's own name stays as it was.
      const me = yield* Effect.promise(() =>
        backend.call(project, "GET", "/users/me", { accessToken: alice.accessToken })
      )
      assert.strictEqual(me.body.display_name, "Alice")
    })
  )

  it.live("listing others needs $read_members and membership; team_id is required for clients", () =>
    Effect.gen(function* () {
      const { project, alice, bob, team } = yield* setup
      const outsider = yield* Effect.promise(() => backend.signUp(project))
      yield* ServerTeamPermissions.use((p) => p.revoke(team.id, bob.userId, "team_member")).pipe(
        Effect.provide(serverLayer(backend, project))
      )

      const bobView = yield* Effect.gen(function* () {
        const members = yield* TeamMembers
        return {
          list: yield* Effect.flip(members.list(team.id)),
          other: yield* Effect.flip(members.get(team.id, alice.userId)),
          mine: yield* members.getMine(team.id)
        }
      }).pipe(Effect.provide(clientLayer(backend, project, bob)))
      assert.strictEqual(bobView.list._tag, "TeamPermissionRequired")
      assert.strictEqual(bobView.other._tag, "TeamPermissionRequired")
      assert.strictEqual(bobView.mine.userId, bob.userId)

      const outsiderList = yield* Effect.flip(TeamMembers.use((m) => m.list(team.id))).pipe(
        Effect.provide(clientLayer(backend, project, outsider))
      )
      assert.strictEqual(outsiderList._tag, "TeamMembershipNotFound")

      const noTeam = yield* Effect.promise(() =>
        backend.call(project, "GET", "/team-member-profiles", { accessToken: alice.accessToken })
      )
      assert.strictEqual(noTeam.status, 400)
    })
  )

  it.live("the server sees every profile with its user and edits any of them", () =>
    Effect.gen(function* () {
      const { project, alice, bob, team } = yield* setup
      const result = yield* Effect.gen(function* () {
        const members = yield* ServerTeamMembers
        const byTeam = yield* members.list({ teamId: team.id })
        const byUser = yield* members.list({ userId: bob.userId })
        const edited = yield* members.update(team.id, bob.userId, { displayName: "Bobby" })
        const missing = yield* Effect.flip(members.list({ teamId: "00000000-0000-4000-8000-000000000000" }))
        const notMember = yield* Effect.flip(members.get(team.id, "00000000-0000-4000-8000-000000000000"))
        return { byTeam, byUser, edited, missing, notMember }
      }).pipe(Effect.provide(serverLayer(backend, project)))
      assert.deepStrictEqual(
        result.byTeam.map((p) => p.userId),
        [alice.userId, bob.userId]
      )
      assert.strictEqual(result.byTeam[0]?.user.primaryEmail, alice.email)
      assert.deepStrictEqual(
        result.byUser.map((p) => p.teamId),
        [team.id]
      )
      assert.strictEqual(result.edited.displayName, "Bobby")
      assert.strictEqual(result.edited.user.id, bob.userId)
      assert.strictEqual(result.missing._tag, "TeamNotFound")
      assert.strictEqual(result.notMember._tag, "UserNotFound")
    })
  )
})
