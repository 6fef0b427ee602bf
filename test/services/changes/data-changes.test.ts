import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import fc from "fast-check"
import { permissionsQuery, teamInvitationsQuery, teamMembersQuery } from "../../../src/react/queries.js"
import {
  type Changes,
  coversKey,
  type DataKey,
  makeDataChanges,
  withChanges
} from "../../../src/services/changes/data-changes.js"
import { dataKeys } from "../../../src/contract/data-keys.js"
import { memberChanges } from "../../../src/services/http/service-calls.js"
import { ServerTeamsCalls, TeamsCalls } from "../../../src/services/teams/teams.js"
import { ServerTeamMembersCalls, TeamMembersCalls } from "../../../src/services/teams/team-members.js"
import { TeamInvitationsCalls } from "../../../src/services/teams/team-invitations.js"
import { ServerTeamPermissionsCalls } from "../../../src/services/teams/team-permissions.js"

const teamKeys = (teamId: string): ReadonlyArray<DataKey> =>
  [
    teamMembersQuery(teamId),
    teamInvitationsQuery(teamId),
    permissionsQuery(teamId),
    permissionsQuery(teamId, { recursive: false })
  ].map((query) => query.key as DataKey)

/** Every write of the tables that names one team, as a function of that team's id. */
const teamScoped: Record<string, (teamId: string) => ReadonlyArray<DataKey>> = {
  "Teams.delete": (t) => memberChanges(TeamsCalls, "delete")(t),
  "Teams.leave": (t) => memberChanges(TeamsCalls, "leave")(t),
  "ServerTeams.delete": (t) => memberChanges(ServerTeamsCalls, "delete")(t),
  "ServerTeams.addMember": (t) => memberChanges(ServerTeamsCalls, "addMember")(t, "u"),
  "ServerTeams.removeMember": (t) => memberChanges(ServerTeamsCalls, "removeMember")(t, "u"),
  "TeamInvitations.send": (t) =>
    memberChanges(
      TeamInvitationsCalls,
      "send"
    )({ teamId: t, email: "a@example.com", callbackUrl: "https://a.example/" }),
  "TeamInvitations.revoke": (t) => memberChanges(TeamInvitationsCalls, "revoke")(t, "i"),
  "TeamMembers.updateMine": (t) => memberChanges(TeamMembersCalls, "updateMine")(t, {}),
  "ServerTeamMembers.update": (t) => memberChanges(ServerTeamMembersCalls, "update")(t, "u", {}),
  "ServerTeamPermissions.grant": (t) => memberChanges(ServerTeamPermissionsCalls, "grant")(t, "u", "p"),
  "ServerTeamPermissions.revoke": (t) => memberChanges(ServerTeamPermissionsCalls, "revoke")(t, "u", "p")
}

describe("data keys", () => {
  it("a write to one team reaches some of that team's data and none of another team's", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (team, other) => {
        fc.pre(team !== other)
        for (const [write, keysOf] of Object.entries(teamScoped)) {
          const announced = keysOf(team)
          const reaches = (key: DataKey) => announced.some((k) => coversKey(k, key))
          assert.isTrue(teamKeys(team).some(reaches), `${write} reaches its team`)
          assert.isFalse(teamKeys(other).some(reaches), `${write} stays out of another team`)
        }
      })
    )
  })

  it("a key covers exactly the keys it is an element-wise prefix of", () => {
    const part = fc.oneof(fc.string({ maxLength: 3 }), fc.boolean())
    fc.assert(
      fc.property(fc.array(part, { maxLength: 4 }), fc.array(part, { maxLength: 4 }), (prefix, rest) => {
        assert.isTrue(coversKey(prefix, [...prefix, ...rest]))
        assert.isTrue(coversKey(dataKeys.everything, prefix))
        const key = [...prefix, ...rest]
        if (key.length > 0) assert.isFalse(coversKey([...key, "more"], key), "longer than the key")
      })
    )
    assert.isFalse(coversKey(["team-members"], ["team-members-x"]), "element by element, not textual")
  })
})

interface Fake {
  readonly read: Effect.Effect<number>
  readonly write: (id: string) => Effect.Effect<string, string>
  readonly writeAll: Effect.Effect<void>
}

const fakeChanges: Changes<Fake> = { read: [], write: (id) => [["thing", id]], writeAll: [["thing"]] }

describe("withChanges", () => {
  it.effect("a write announces its keys once after it succeeds, nothing when it fails; reads are untouched", () =>
    Effect.gen(function* () {
      const hub = makeDataChanges()
      const heard: Array<ReadonlyArray<DataKey>> = []
      hub.listen((keys) => Effect.sync(() => void heard.push(keys)))
      const fake: Fake = {
        read: Effect.succeed(1),
        write: (id) => (id === "bad" ? Effect.fail("refused") : Effect.succeed(id)),
        writeAll: Effect.void
      }
      const wrapped = withChanges(fake, fakeChanges, hub)
      assert.strictEqual(wrapped.read, fake.read)
      yield* wrapped.read
      assert.strictEqual(yield* wrapped.write("a"), "a")
      yield* Effect.flip(wrapped.write("bad"))
      yield* wrapped.writeAll
      assert.deepStrictEqual(heard, [[["thing", "a"]], [["thing"]]])
      assert.strictEqual(withChanges(fake, fakeChanges, undefined), fake, "no channel: the shape as it is")
    })
  )

  it.effect("a write completes only after every listener is done (the cache has reloaded)", () =>
    Effect.gen(function* () {
      const hub = makeDataChanges()
      const gate = yield* Deferred.make<void>()
      const unlisten = hub.listen(() => Deferred.await(gate))
      const wrapped = withChanges(
        { read: Effect.succeed(1), write: Effect.succeed, writeAll: Effect.void },
        fakeChanges,
        hub
      )
      const write = yield* Effect.forkChild(wrapped.write("a"))
      yield* Effect.yieldNow
      assert.isUndefined(write.pollUnsafe(), "waiting for the listener")
      yield* Deferred.succeed(gate, undefined)
      assert.strictEqual(yield* Fiber.join(write), "a")
      unlisten()
      yield* wrapped.write("b") // nobody listens: completes at once
    })
  )
})
