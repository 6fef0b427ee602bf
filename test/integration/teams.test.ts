import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { ServerTeams, Teams } from "../../src/services/generated/teams.js"
import { TeamMembers } from "../../src/services/generated/team-members.js"
import { ServerTeamPermissions, TeamPermissions } from "../../src/services/generated/team-permissions.js"
import { useKitBackend } from "../support/local-backend.js"
import { clientLayer, serverLayer, teamProjectConfig } from "./teams-support.js"

const backend = useKitBackend()

const setup = Effect.promise(async () => {
  const project = await backend.createProject({ config: teamProjectConfig })
  const alice = await backend.signUp(project)
  const bob = await backend.signUp(project)
  return { project, alice, bob }
})

describe("teams", () => {
  it.live("a client creates, lists, reads, updates and deletes its team", () =>
    Effect.gen(function* () {
      const { project, alice, bob } = yield* setup
      const asAlice = clientLayer(backend, project, alice)

      const team = yield* Teams.use((t) => t.create({ displayName: "Acme", clientMetadata: { plan: "free" } })).pipe(
        Effect.provide(asAlice)
      )
      assert.strictEqual(team.displayName, "Acme")
      assert.deepStrictEqual(team.clientMetadata, { plan: "free" })
      assert.strictEqual(team.clientReadOnlyMetadata, null)

      const { listed, read, permissions } = yield* Effect.gen(function* () {
        const teams = yield* Teams
        return {
          listed: yield* teams.list,
          read: yield* teams.get(team.id),
          permissions: yield* (yield* TeamPermissions).list(team.id)
        }
      }).pipe(Effect.provide(asAlice))
      assert.deepStrictEqual(
        listed.map((t) => t.id),
        [team.id]
      )
      assert.deepStrictEqual(read, team)
      // The creator holds the project's creator default ("team_admin") and everything it contains, and not
      // the member default: the hosted service grants a creator only the creator defaults.
      assert.includeMembers(
        permissions.map((p) => p.id),
        ["team_admin", "$update_team", "$delete_team", "$invite_members", "$manage_api_keys"]
      )
      assert.notInclude(
        permissions.map((p) => p.id),
        "team_member"
      )

      // Someone outside the team sees neither the team nor a way to change it.
      const outsider = yield* Effect.gen(function* () {
        const teams = yield* Teams
        return {
          list: yield* teams.list,
          get: yield* Effect.flip(teams.get(team.id)),
          update: yield* Effect.flip(teams.update(team.id, { displayName: "Mine now" })),
          remove: yield* Effect.flip(teams.delete(team.id))
        }
      }).pipe(Effect.provide(clientLayer(backend, project, bob)))
      assert.deepStrictEqual(outsider.list, [])
      assert.strictEqual(outsider.get._tag, "TeamMembershipNotFound")
      assert.strictEqual(outsider.update._tag, "TeamMembershipNotFound")
      assert.strictEqual(outsider.remove._tag, "TeamMembershipNotFound")

      const updated = yield* Teams.use((t) =>
        t.update(team.id, { displayName: "Acme Inc.", profileImageUrl: "data:image/png;base64,iVBORw0KGgo=" })
      ).pipe(Effect.provide(asAlice))
      assert.strictEqual(updated.displayName, "Acme Inc.")
      assert.strictEqual(updated.profileImageUrl, "data:image/png;base64,iVBORw0KGgo=")
      assert.deepStrictEqual(updated.clientMetadata, { plan: "free" })

      yield* Teams.use((t) => t.delete(team.id)).pipe(Effect.provide(asAlice))
      const after = yield* Effect.gen(function* () {
        const teams = yield* Teams
        return { list: yield* teams.list, get: yield* Effect.flip(teams.get(team.id)) }
      }).pipe(Effect.provide(asAlice))
      assert.deepStrictEqual(after.list, [])
      assert.strictEqual(after.get._tag, "TeamMembershipNotFound")
      const gone = yield* Effect.flip(ServerTeams.use((t) => t.get(team.id))).pipe(
        Effect.provide(serverLayer(backend, project))
      )
      assert.strictEqual(gone._tag, "TeamNotFound")
    })
  )

  it.live("a member without $update_team or $delete_team is refused with TEAM_PERMISSION_REQUIRED", () =>
    Effect.gen(function* () {
      const { project, alice, bob } = yield* setup
      const team = yield* Effect.gen(function* () {
        const server = yield* ServerTeams
        const created = yield* server.create({ displayName: "Shared", creatorUserId: alice.userId })
        yield* server.addMember(created.id, bob.userId)
        return created
      }).pipe(Effect.provide(serverLayer(backend, project)))

      const refused = yield* Effect.gen(function* () {
        const teams = yield* Teams
        return {
          update: yield* Effect.flip(teams.update(team.id, { displayName: "Bob's" })),
          remove: yield* Effect.flip(teams.delete(team.id)),
          read: yield* teams.get(team.id)
        }
      }).pipe(Effect.provide(clientLayer(backend, project, bob)))
      assert.strictEqual(refused.update._tag, "TeamPermissionRequired")
      if (refused.update._tag === "TeamPermissionRequired") {
        assert.deepStrictEqual(refused.update.details, {
          team_id: team.id,
          user_id: bob.userId,
          permission_id: "$update_team"
        })
      }
      assert.strictEqual(refused.remove._tag, "TeamPermissionRequired")
      assert.strictEqual(refused.read.displayName, "Shared")
    })
  )

  it.live("the server manages any team, its metadata and its members; a membership cannot be duplicated", () =>
    Effect.gen(function* () {
      const { project, alice, bob } = yield* setup
      const result = yield* Effect.gen(function* () {
        const server = yield* ServerTeams
        const team = yield* server.create({
          displayName: "Ops",
          serverMetadata: { billing: "acct_1" },
          clientReadOnlyMetadata: { tier: "gold" }
        })
        const noMembers = yield* server.list({ userId: alice.userId })
        const added = yield* server.addMember(team.id, alice.userId)
        const duplicate = yield* Effect.flip(server.addMember(team.id, alice.userId))
        const unknownUser = yield* Effect.flip(server.addMember(team.id, "00000000-0000-4000-8000-000000000000"))
        const unknownTeam = yield* Effect.flip(server.addMember("00000000-0000-4000-8000-000000000000", alice.userId))
        const aliceTeams = yield* server.list({ userId: alice.userId })
        const updated = yield* server.update(team.id, { serverMetadata: { billing: "acct_2" }, displayName: "Ops 2" })
        const all = yield* server.list()
        yield* server.removeMember(team.id, alice.userId)
        const removedTwice = yield* Effect.flip(server.removeMember(team.id, alice.userId))
        return { team, noMembers, added, duplicate, unknownUser, unknownTeam, aliceTeams, updated, all, removedTwice }
      }).pipe(Effect.provide(serverLayer(backend, project)))

      assert.deepStrictEqual(result.team.serverMetadata, { billing: "acct_1" })
      assert.deepStrictEqual(result.team.clientReadOnlyMetadata, { tier: "gold" })
      assert.instanceOf(result.team.createdAt, Date)
      assert.deepStrictEqual(result.noMembers, [])
      assert.deepStrictEqual(result.added, { teamId: result.team.id, userId: alice.userId })
      assert.strictEqual(result.duplicate._tag, "TeamMembershipAlreadyExists")
      if (result.duplicate._tag === "TeamMembershipAlreadyExists") assert.strictEqual(result.duplicate.status, 409)
      assert.strictEqual(result.unknownUser._tag, "UserNotFound")
      assert.strictEqual(result.unknownTeam._tag, "TeamNotFound")
      assert.deepStrictEqual(
        result.aliceTeams.map((t) => t.id),
        [result.team.id]
      )
      assert.strictEqual(result.updated.displayName, "Ops 2")
      assert.deepStrictEqual(result.updated.serverMetadata, { billing: "acct_2" })
      assert.deepStrictEqual(result.updated.clientReadOnlyMetadata, { tier: "gold" })
      assert.include(
        result.all.map((t) => t.id),
        result.team.id
      )
      assert.strictEqual(result.removedTwice._tag, "TeamMembershipNotFound")

      // A member added by the server holds the member defaults, not the creator's.
      const memberPermissions = yield* Effect.gen(function* () {
        const server = yield* ServerTeams
        yield* server.addMember(result.team.id, bob.userId)
        return yield* (yield* ServerTeamPermissions).list(
          { teamId: result.team.id, userId: bob.userId },
          { recursive: false }
        )
      }).pipe(Effect.provide(serverLayer(backend, project)))
      assert.deepStrictEqual(
        memberPermissions.map((p) => p.id),
        ["team_member"]
      )
    })
  )

  it.live("a member leaves; another is removed only with $remove_members", () =>
    Effect.gen(function* () {
      const { project, alice, bob } = yield* setup
      const carol = yield* Effect.promise(() => backend.signUp(project))
      const team = yield* Effect.gen(function* () {
        const server = yield* ServerTeams
        const created = yield* server.create({ displayName: "Club", creatorUserId: alice.userId })
        yield* server.addMember(created.id, bob.userId)
        yield* server.addMember(created.id, carol.userId)
        return created
      }).pipe(Effect.provide(serverLayer(backend, project)))

      // Bob (member defaults) may not remove Carol, but may leave.
      const bobRemovesCarol = yield* Effect.flip(Teams.use((t) => t.removeMember(team.id, carol.userId))).pipe(
        Effect.provide(clientLayer(backend, project, bob))
      )
      assert.strictEqual(bobRemovesCarol._tag, "TeamPermissionRequired")

      yield* Teams.use((t) => t.leave(team.id)).pipe(Effect.provide(clientLayer(backend, project, bob)))
      const leftTwice = yield* Effect.flip(Teams.use((t) => t.leave(team.id))).pipe(
        Effect.provide(clientLayer(backend, project, bob))
      )
      assert.strictEqual(leftTwice._tag, "TeamMembershipNotFound")

      // Alice (creator: admin contains $remove_members) removes Carol.
      yield* Teams.use((t) => t.removeMember(team.id, carol.userId)).pipe(
        Effect.provide(clientLayer(backend, project, alice))
      )
      const members = yield* TeamMembers.use((m) => m.list(team.id)).pipe(
        Effect.provide(clientLayer(backend, project, alice))
      )
      assert.deepStrictEqual(
        members.map((m) => m.userId),
        [alice.userId]
      )
    })
  )

  it.live("client team creation follows the project switch, and clients create only for themselves", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      const disabled = yield* Effect.flip(Teams.use((t) => t.create({ displayName: "Nope" }))).pipe(
        Effect.provide(clientLayer(backend, project, user))
      )
      assert.strictEqual(disabled._tag, "HttpError")
      if (disabled._tag === "HttpError") assert.strictEqual(disabled.status, 403)

      const visitor = yield* Effect.flip(Teams.use((t) => t.create({ displayName: "Nope" }))).pipe(
        Effect.provide(clientLayer(backend, project))
      )
      assert.strictEqual(visitor._tag, "UserAuthenticationRequired")

      const open = yield* Effect.promise(() => backend.createProject({ config: teamProjectConfig }))
      const owner = yield* Effect.promise(() => backend.signUp(open))
      const other = yield* Effect.promise(() => backend.signUp(open))
      const forOther = yield* Effect.promise(() =>
        backend.call(open, "POST", "/teams", {
          accessToken: owner.accessToken,
          body: { display_name: "x", creator_user_id: other.userId }
        })
      )
      assert.strictEqual(forOther.status, 403)
      const serverField = yield* Effect.promise(() =>
        backend.call(open, "POST", "/teams", {
          accessToken: owner.accessToken,
          body: { display_name: "x", server_metadata: { a: 1 } }
        })
      )
      assert.strictEqual(serverField.body.code, "SCHEMA_ERROR")
      assert.include(serverField.body.details.message, "  - body contains unknown properties: server_metadata")
      const listOther = yield* Effect.promise(() =>
        backend.call(open, "GET", `/teams?user_id=${other.userId}`, { accessToken: owner.accessToken })
      )
      assert.strictEqual(listOther.status, 403)
      const noUser = yield* Effect.flip(Teams.use((t) => t.list)).pipe(Effect.provide(clientLayer(backend, open)))
      assert.strictEqual(noUser._tag, "CannotGetOwnUserWithoutUser")
    })
  )

  it.live("server-only team endpoints refuse the client access type", () =>
    Effect.gen(function* () {
      const { project, alice } = yield* setup
      const add = yield* Effect.promise(() =>
        backend.call(project, "POST", `/team-memberships/00000000-0000-4000-8000-000000000000/${alice.userId}`, {
          accessToken: alice.accessToken
        })
      )
      assert.strictEqual(add.status, 401)
      assert.strictEqual(add.body.code, "INSUFFICIENT_ACCESS_TYPE")
      const grant = yield* Effect.promise(() =>
        backend.call(project, "POST", `/team-permissions/00000000-0000-4000-8000-000000000000/${alice.userId}/admin`, {
          accessToken: alice.accessToken
        })
      )
      assert.strictEqual(grant.body.code, "INSUFFICIENT_ACCESS_TYPE")
      const definitions = yield* Effect.promise(() =>
        backend.call(project, "GET", "/team-permission-definitions", { accessType: "server" })
      )
      assert.strictEqual(definitions.body.code, "INSUFFICIENT_ACCESS_TYPE")
    })
  )
})
