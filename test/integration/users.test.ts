/** ServerUsers against the local backend: pagination, search, team filter, create, update, delete. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import type { ServerUser } from "../../src/domain/user.js"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { ServerTeams } from "../../src/services/generated/teams.js"
import { type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { serverTierOn } from "../support/clients.js"

const backend = useKitBackend()

const server = (project: TestProject) => serverTierOn(backend, project)

/** Sign-up order, the order the API lists in (ties on the timestamp broken by id). */
const bySignUp = (a: ServerUser, b: ServerUser) =>
  a.signedUpAt.getTime() - b.signedUpAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** A fresh project with 25 users; every fifth one has "needle" in its display name. */
const projectWith25Users = Effect.gen(function* () {
  const project = yield* Effect.promise(() => backend.createProject())
  const users = yield* Effect.forEach(
    Array.from({ length: 25 }, (_, i) => i),
    (i) =>
      ServerUsers.use((u) =>
        u.create({
          primaryEmail: uniqueEmail(`list${i}`),
          displayName: i % 5 === 0 ? `Haystack needle ${i}` : `Person ${i}`
        })
      ),
    { concurrency: 1 }
  ).pipe(Effect.provide(server(project)))
  return { project, users }
})

describe("ServerUsers.list", () => {
  it.live("pages through 25 users with limit and cursor, in both directions, and as a Stream", () =>
    Effect.gen(function* () {
      const { project, users } = yield* projectWith25Users
      const expected = [...users].sort(bySignUp).map((u) => u.id)

      const result = yield* Effect.gen(function* () {
        const api = yield* ServerUsers
        const everything = yield* api.list()
        const pages: Array<ReadonlyArray<string>> = []
        let cursor: string | undefined
        for (;;) {
          const page = yield* api.list({ limit: 10, cursor, orderBy: "signedUpAt" })
          pages.push(page.items.map((u) => u.id))
          if (page.nextCursor === null) break
          cursor = page.nextCursor
        }
        const descPage = yield* api.list({ limit: 25, desc: true })
        const streamed = yield* Stream.runCollect(api.listAll({ limit: 7 }))
        const streamedDesc = yield* Stream.runCollect(api.listAll({ desc: true }))
        return { everything, pages, descPage, streamed, streamedDesc }
      }).pipe(Effect.provide(server(project)))

      assert.strictEqual(result.everything.items.length, 25)
      assert.isNull(result.everything.nextCursor)
      assert.deepStrictEqual(
        result.everything.items.map((u) => u.id),
        expected
      )
      assert.deepStrictEqual(
        result.pages.map((p) => p.length),
        [10, 10, 5]
      )
      assert.deepStrictEqual(result.pages.flat(), expected)
      assert.deepStrictEqual(
        result.descPage.items.map((u) => u.id),
        [...expected].reverse()
      )
      assert.deepStrictEqual(
        Array.from(result.streamed, (u) => u.id),
        expected
      )
      assert.deepStrictEqual(
        Array.from(result.streamedDesc, (u) => u.id),
        [...expected].reverse()
      )
    })
  )

  it.live("searches display names, emails and ids, and filters by team", () =>
    Effect.gen(function* () {
      const { project, users } = yield* projectWith25Users
      const needles = users
        .filter((u) => u.displayName?.includes("needle"))
        .map((u) => u.id)
        .sort()
      const target = users[7]!

      const result = yield* Effect.gen(function* () {
        const api = yield* ServerUsers
        const teams = yield* ServerTeams
        const team = yield* teams.create({ displayName: "Members only" })
        yield* teams.addMember(team.id, users[3]!.id)
        yield* teams.addMember(team.id, users[11]!.id)
        return {
          byName: yield* api.list({ query: "NEEDLE" }),
          byNamePaged: yield* api.list({ query: "needle", limit: 2 }),
          byEmail: yield* api.list({ query: target.primaryEmail!.slice(0, 12) }),
          byId: yield* api.list({ query: target.id }),
          none: yield* api.list({ query: "no-such-person-anywhere" }),
          team: yield* api.list({ teamId: team.id })
        }
      }).pipe(Effect.provide(server(project)))

      assert.deepStrictEqual(result.byName.items.map((u) => u.id).sort(), needles)
      assert.strictEqual(result.byNamePaged.items.length, 2)
      assert.isNotNull(result.byNamePaged.nextCursor)
      assert.deepStrictEqual(
        result.byEmail.items.map((u) => u.id),
        [target.id]
      )
      assert.deepStrictEqual(
        result.byId.items.map((u) => u.id),
        [target.id]
      )
      assert.deepStrictEqual(result.none.items, [])
      assert.deepStrictEqual(result.team.items.map((u) => u.id).sort(), [users[3]!.id, users[11]!.id].sort())
    })
  )

  it.live("refuses a limit that is not a positive integer before sending anything", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const error = yield* ServerUsers.use((u) => Effect.flip(u.list({ limit: 0 }))).pipe(
        Effect.provide(server(project))
      )
      assert.strictEqual(error._tag, "InvalidInput")
    })
  )
})

describe("ServerUsers create, get, update, delete", () => {
  it.live("creates a user with a password who can then sign in, reads, updates and deletes it", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const email = uniqueEmail("created")
      const created = yield* ServerUsers.use((u) =>
        u.create({
          primaryEmail: email,
          primaryEmailVerified: true,
          // As on the hosted service, a server-created user signs in with the email only when asked.
          primaryEmailAuthEnabled: true,
          password: "a long enough password",
          displayName: "Created",
          serverMetadata: { plan: "pro" },
          clientReadOnlyMetadata: { level: 3 }
        })
      ).pipe(Effect.provide(server(project)))
      assert.strictEqual(created.primaryEmail, email)
      assert.isTrue(created.primaryEmailVerified)
      assert.isTrue(created.hasPassword)
      assert.deepStrictEqual(created.serverMetadata, { plan: "pro" })
      assert.deepStrictEqual(created.clientReadOnlyMetadata, { level: 3 })

      const signIn = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/password/sign-in", { body: { email, password: "a long enough password" } })
      )
      assert.strictEqual(signIn.status, 200)
      assert.strictEqual(signIn.body.user_id, created.id)

      const outcome = yield* Effect.gen(function* () {
        const api = yield* ServerUsers
        const read = yield* api.get(created.id)
        const updated = yield* api.update(created.id, {
          displayName: "Renamed",
          serverMetadata: { plan: "team" },
          primaryEmail: uniqueEmail("renamed")
        })
        const reread = yield* api.get(created.id)
        yield* api.delete(created.id)
        const afterDelete = yield* Effect.flip(api.get(created.id))
        const deleteAgain = yield* Effect.flip(api.delete(created.id))
        return { read, updated, reread, afterDelete, deleteAgain }
      }).pipe(Effect.provide(server(project)))

      // Signing in moved lastActiveAt; everything else reads back as created.
      assert.deepStrictEqual({ ...outcome.read, lastActiveAt: created.lastActiveAt }, created)
      assert.isAtLeast(outcome.read.lastActiveAt.getTime(), created.lastActiveAt.getTime())
      assert.strictEqual(outcome.updated.displayName, "Renamed")
      assert.deepStrictEqual(outcome.updated.serverMetadata, { plan: "team" })
      assert.isFalse(outcome.updated.primaryEmailVerified, "a new primary email starts unverified")
      assert.deepStrictEqual(outcome.reread, outcome.updated)
      assert.strictEqual(outcome.afterDelete._tag, "UserNotFound")
      assert.strictEqual(outcome.deleteAgain._tag, "UserNotFound")
    })
  )

  it.live("answers the documented known errors", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const email = uniqueEmail("taken")
      const errors = yield* Effect.gen(function* () {
        const api = yield* ServerUsers
        // Emails are unique among those used for sign-in only.
        const user = yield* api.create({ primaryEmail: email, primaryEmailAuthEnabled: true })
        return {
          duplicate: yield* Effect.flip(api.create({ primaryEmail: email, primaryEmailAuthEnabled: true })),
          // The service's users route takes any password up to 70 characters (no minimum): a longer one is
          // refused by the schema, here before it is sent.
          longPassword: yield* Effect.flip(api.create({ primaryEmail: uniqueEmail(), password: "x".repeat(71) })),
          missing: yield* Effect.flip(api.get("00000000-0000-4000-8000-000000000000")),
          updateMissing: yield* Effect.flip(api.update("00000000-0000-4000-8000-000000000000", { displayName: "x" })),
          notMember: yield* Effect.flip(
            api.update(user.id, { selectedTeamId: "00000000-0000-4000-8000-000000000000" })
          ),
          emailTakenOnUpdate: yield* Effect.flip(
            Effect.flatMap(api.create({ primaryEmail: uniqueEmail(), primaryEmailAuthEnabled: true }), (other) =>
              api.update(other.id, { primaryEmail: email })
            )
          )
        }
      }).pipe(Effect.provide(server(project)))

      assert.strictEqual(errors.duplicate._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
      if (errors.duplicate._tag === "ContactChannelAlreadyUsedForAuthBySomeoneElse")
        assert.strictEqual(errors.duplicate.details.contact_channel_value, email)
      assert.strictEqual(errors.longPassword._tag, "InvalidInput")
      assert.strictEqual(errors.missing._tag, "UserNotFound")
      assert.strictEqual(errors.updateMissing._tag, "UserNotFound")
      assert.strictEqual(errors.notMember._tag, "TeamMembershipNotFound")
      assert.strictEqual(errors.emailTakenOnUpdate._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
    })
  )
})

describe("ServerUsers and ServerTeams path parameters", () => {
  it.live("refuse an id the declaration's path schema refuses before sending anything, naming the parameter", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const result = yield* Effect.gen(function* () {
        const users = yield* ServerUsers
        const teams = yield* ServerTeams
        return {
          user: yield* Effect.flip(users.get("not-a-user")),
          team: yield* Effect.flip(teams.update("me", { displayName: "x" })),
          // Well-formed ids are sent: the backend's own answer.
          unknown: yield* Effect.flip(users.get("00000000-0000-4000-8000-000000000000"))
        }
      }).pipe(Effect.provide(server(project)))
      assert.strictEqual(result.user._tag, "InvalidInput")
      if (result.user._tag === "InvalidInput") assert.include(result.user.message, "user_id")
      assert.strictEqual(result.team._tag, "InvalidInput")
      if (result.team._tag === "InvalidInput") assert.include(result.team.message, "team_id")
      assert.strictEqual(result.unknown._tag, "UserNotFound")
    })
  )
})
