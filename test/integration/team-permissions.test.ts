import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { PermissionDefinitions } from "../../src/services/generated/permission-definitions.js"
import { ServerTeamPermissions, TeamPermissions } from "../../src/services/generated/team-permissions.js"
import { ServerTeams } from "../../src/services/generated/teams.js"
import { useKitBackend } from "../support/local-backend.js"
import { adminLayer, clientLayer, serverLayer } from "./teams-support.js"

const backend = useKitBackend()

/** A project with a user who belongs to a team (with no permissions at all, to start from nothing). */
const setup = Effect.gen(function* () {
  const project = yield* Effect.promise(() =>
    backend.createProject({ config: { team_member_default_permissions: [] } })
  )
  const user = yield* Effect.promise(() => backend.signUp(project))
  const team = yield* Effect.gen(function* () {
    const server = yield* ServerTeams
    const team = yield* server.create({ displayName: "Lab" })
    yield* server.addMember(team.id, user.userId)
    return team
  }).pipe(Effect.provide(serverLayer(backend, project)))
  return { project, user, team }
})

const ids = (items: ReadonlyArray<{ readonly id: string }>) => items.map((p) => p.id)

describe("team permissions and definitions", () => {
  it.live("a granted permission brings what it contains, transitively; non-recursive lists the grant only", () =>
    Effect.gen(function* () {
      const { project, user, team } = yield* setup
      yield* Effect.gen(function* () {
        const definitions = yield* PermissionDefinitions
        yield* definitions.create({ id: "perm_c", description: "leaf" })
        yield* definitions.create({ id: "perm_b", containedPermissionIds: ["perm_c", "$read_members"] })
        yield* definitions.create({ id: "perm_a", containedPermissionIds: ["perm_b"] })
      }).pipe(Effect.provide(adminLayer(backend, project)))

      const granted = yield* ServerTeamPermissions.use((p) => p.grant(team.id, user.userId, "perm_a")).pipe(
        Effect.provide(serverLayer(backend, project))
      )
      assert.deepStrictEqual(granted, { id: "perm_a", teamId: team.id, userId: user.userId })

      const seen = yield* Effect.gen(function* () {
        const permissions = yield* TeamPermissions
        return {
          recursive: yield* permissions.list(team.id),
          direct: yield* permissions.list(team.id, { recursive: false }),
          hasC: yield* permissions.has(team.id, "perm_c"),
          hasInvite: yield* permissions.has(team.id, "$invite_members")
        }
      }).pipe(Effect.provide(clientLayer(backend, project, user)))
      assert.deepStrictEqual(ids(seen.recursive), ["$read_members", "perm_a", "perm_b", "perm_c"])
      for (const p of seen.recursive) assert.deepStrictEqual([p.teamId, p.userId], [team.id, user.userId])
      assert.deepStrictEqual(ids(seen.direct), ["perm_a"])
      assert.isTrue(seen.hasC)
      assert.isFalse(seen.hasInvite)

      // A permission held only through another cannot be revoked on its own.
      const server = yield* Effect.gen(function* () {
        const permissions = yield* ServerTeamPermissions
        const indirect = yield* Effect.flip(permissions.revoke(team.id, user.userId, "perm_b"))
        const unknown = yield* Effect.flip(permissions.grant(team.id, user.userId, "nope"))
        const badId = yield* Effect.flip(permissions.grant(team.id, user.userId, "Not Valid"))
        yield* permissions.revoke(team.id, user.userId, "perm_a")
        return { indirect, unknown, badId, after: yield* permissions.list({ teamId: team.id, userId: user.userId }) }
      }).pipe(Effect.provide(serverLayer(backend, project)))
      assert.strictEqual(server.indirect._tag, "TeamPermissionNotFound")
      assert.strictEqual(server.unknown._tag, "PermissionNotFound")
      // Refused before sending: the declaration's path schema has the permission id's pattern.
      assert.strictEqual(server.badId._tag, "InvalidInput")
      assert.deepStrictEqual(server.after, [])
    })
  )

  it.live("contained permissions must exist; ids are unique and well formed; built-ins stay put", () =>
    Effect.gen(function* () {
      const { project } = yield* setup
      const result = yield* Effect.gen(function* () {
        const definitions = yield* PermissionDefinitions
        const missing = yield* Effect.flip(definitions.create({ id: "reader", containedPermissionIds: ["ghost"] }))
        const reader = yield* definitions.create({
          id: "reader",
          containedPermissionIds: ["$read_members", "$read_members"]
        })
        const duplicate = yield* Effect.flip(definitions.create({ id: "reader" }))
        const builtinClash = yield* Effect.flip(definitions.create({ id: "$read_members" }))
        const badId = yield* Effect.flip(definitions.create({ id: "Bad-Id" }))
        const updateMissing = yield* Effect.flip(definitions.update("reader", { containedPermissionIds: ["ghost"] }))
        const updateUnknown = yield* Effect.flip(definitions.update("ghost", { description: "x" }))
        const deleteUnknown = yield* Effect.flip(definitions.delete("ghost"))
        const list = yield* definitions.list
        return { missing, reader, duplicate, builtinClash, badId, updateMissing, updateUnknown, deleteUnknown, list }
      }).pipe(Effect.provide(adminLayer(backend, project)))

      assert.strictEqual(result.missing._tag, "ContainedPermissionNotFound")
      if (result.missing._tag === "ContainedPermissionNotFound")
        assert.deepStrictEqual(result.missing.details, { permission_id: "ghost" })
      assert.deepStrictEqual(result.reader, { id: "reader", containedPermissionIds: ["$read_members"] })
      assert.strictEqual(result.duplicate._tag, "PermissionIdAlreadyExists")
      assert.strictEqual(result.builtinClash._tag, "PermissionIdAlreadyExists")
      assert.strictEqual(result.badId._tag, "InvalidInput")
      assert.strictEqual(result.updateMissing._tag, "ContainedPermissionNotFound")
      assert.strictEqual(result.updateUnknown._tag, "PermissionNotFound")
      assert.strictEqual(result.deleteUnknown._tag, "PermissionNotFound")
      const listed = ids(result.list)
      assert.includeMembers(listed, [
        "$delete_team",
        "$invite_members",
        "$read_members",
        "$remove_members",
        "$update_team",
        "reader",
        "team_admin",
        "team_member"
      ])
      assert.deepStrictEqual(listed, [...listed].sort())
      const admin = result.list.find((d) => d.id === "team_admin")
      assert.deepStrictEqual(admin?.description, "Default permission for team admins")
      assert.sameMembers(
        [...(admin?.containedPermissionIds ?? [])],
        ["$update_team", "$delete_team", "$read_members", "$remove_members", "$invite_members", "$manage_api_keys"]
      )
      const member = result.list.find((d) => d.id === "team_member")
      assert.deepStrictEqual(member?.description, "Default permission for team members")
      assert.sameMembers([...(member?.containedPermissionIds ?? [])], ["$read_members", "$invite_members"])

      const builtinPatch = yield* Effect.promise(() =>
        backend.call(project, "PATCH", "/team-permission-definitions/$read_members", {
          accessType: "admin",
          body: { description: "mine" }
        })
      )
      assert.strictEqual(builtinPatch.status, 400)
      const reserved = yield* Effect.promise(() =>
        backend.call(project, "POST", "/team-permission-definitions", { accessType: "admin", body: { id: "$my_own" } })
      )
      assert.strictEqual(reserved.body.code, "SCHEMA_ERROR")
    })
  )

  it.live("cycles resolve without hanging; renames and deletions carry over to grants", () =>
    Effect.gen(function* () {
      const { project, user, team } = yield* setup
      yield* Effect.gen(function* () {
        const definitions = yield* PermissionDefinitions
        yield* definitions.create({ id: "ping" })
        yield* definitions.create({ id: "pong", containedPermissionIds: ["ping"] })
        // ping -> pong -> ping, and ping contains itself too
        yield* definitions.update("ping", { containedPermissionIds: ["pong", "ping"] })
      }).pipe(Effect.provide(adminLayer(backend, project)))
      yield* ServerTeamPermissions.use((p) => p.grant(team.id, user.userId, "ping")).pipe(
        Effect.provide(serverLayer(backend, project))
      )
      const cyclic = yield* TeamPermissions.use((p) => p.list(team.id)).pipe(
        Effect.provide(clientLayer(backend, project, user)),
        Effect.timeout("10 seconds")
      )
      assert.deepStrictEqual(ids(cyclic), ["ping", "pong"])

      const renamed = yield* PermissionDefinitions.use((d) =>
        d.update("ping", { id: "ding", description: "renamed" })
      ).pipe(Effect.provide(adminLayer(backend, project)))
      assert.deepStrictEqual(renamed, { id: "ding", description: "renamed", containedPermissionIds: ["ding", "pong"] })
      const afterRename = yield* Effect.gen(function* () {
        const definitions = yield* PermissionDefinitions
        return (yield* definitions.list).find((d) => d.id === "pong")
      }).pipe(Effect.provide(adminLayer(backend, project)))
      assert.deepStrictEqual(afterRename?.containedPermissionIds, ["ding"])
      const direct = yield* TeamPermissions.use((p) => p.list(team.id, { recursive: false })).pipe(
        Effect.provide(clientLayer(backend, project, user))
      )
      assert.deepStrictEqual(ids(direct), ["ding"])

      yield* PermissionDefinitions.use((d) => d.delete("ding")).pipe(Effect.provide(adminLayer(backend, project)))
      const afterDelete = yield* TeamPermissions.use((p) => p.list(team.id)).pipe(
        Effect.provide(clientLayer(backend, project, user))
      )
      assert.deepStrictEqual(afterDelete, [])
      const pong = yield* PermissionDefinitions.use((d) => d.list).pipe(
        Effect.map((list) => list.find((d) => d.id === "pong")),
        Effect.provide(adminLayer(backend, project))
      )
      assert.deepStrictEqual(pong?.containedPermissionIds, [])
    })
  )

  it.live("clients list only their own permissions; the server lists anyone's", () =>
    Effect.gen(function* () {
      const { project, user, team } = yield* setup
      const other = yield* Effect.promise(() => backend.signUp(project))
      const listed = yield* Effect.gen(function* () {
        const permissions = yield* ServerTeamPermissions
        yield* permissions.grant(team.id, user.userId, "team_member")
        return {
          byTeam: yield* permissions.list({ teamId: team.id }),
          byPermission: yield* permissions.list({ permissionId: "$invite_members", teamId: team.id })
        }
      }).pipe(Effect.provide(serverLayer(backend, project)))
      assert.deepStrictEqual(ids(listed.byTeam), ["$invite_members", "$read_members", "team_member"])
      assert.deepStrictEqual(listed.byPermission, [{ id: "$invite_members", teamId: team.id, userId: user.userId }])

      const foreign = yield* Effect.promise(() =>
        backend.call(project, "GET", `/team-permissions?team_id=${team.id}&user_id=${user.userId}`, {
          accessToken: other.accessToken
        })
      )
      assert.strictEqual(foreign.status, 403)
      const visitor = yield* Effect.flip(TeamPermissions.use((p) => p.list(team.id))).pipe(
        Effect.provide(clientLayer(backend, project))
      )
      assert.strictEqual(visitor._tag, "CannotGetOwnUserWithoutUser")
    })
  )
})
