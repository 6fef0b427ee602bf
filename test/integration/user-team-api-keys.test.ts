/**
 * UserApiKeys, TeamApiKeys and ServerApiKeys against a local backend over HTTP: the lifecycle of a key
 * (shown once, listed by its last four, revoked for good), the server's check and its user or team, the
 * team permission, the project switch, and the data keys a write announces.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ServerApiKeys, TeamApiKeys, UserApiKeys } from "../../src/services/generated/user-and-team-keys.js"
import { DataChanges, type DataKey } from "../../src/services/changes/data-changes.js"
import { dataKeys } from "../../src/contract/data-keys.js"
import { ServerTeams } from "../../src/services/generated/teams.js"
import { exported, recordingTracer } from "../services/support/recording-tracer.js"
import { clientCore, serverCore } from "../support/clients.js"
import { type TestProject, type TestUser, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const HOUR = 3_600_000

const clientLayer = (project: TestProject, user?: TestUser) =>
  Layer.mergeAll(UserApiKeys.layer, TeamApiKeys.layer).pipe(Layer.provideMerge(clientCore(backend, project, user)))
const serverLayer = (project: TestProject) =>
  Layer.mergeAll(ServerApiKeys.layer, ServerTeams.layer).pipe(Layer.provideMerge(serverCore(backend, project)))

const enabledProject = (user = true, team = true) =>
  Effect.promise(() => backend.createProject({ config: { allow_user_api_keys: user, allow_team_api_keys: team } }))
const signUp = (project: TestProject) => Effect.promise(() => backend.signUp(project))

describe("user API keys", () => {
  it.live(
    "the key is shown once, listed by its last four, renamed, revoked; the server checks it and finds its user",
    () =>
      Effect.gen(function* () {
        const project = yield* enabledProject()
        const user = yield* signUp(project)
        const expiresAt = new Date(Date.now() + HOUR)

        const mine = yield* Effect.gen(function* () {
          const keys = yield* UserApiKeys
          const changes = yield* DataChanges
          const announced: Array<DataKey> = []
          const unlisten = changes.listen((keys) => Effect.sync(() => void announced.push(...keys)))
          const created = yield* keys.create({ description: "CLI", expiresAt })
          const forever = yield* keys.create({ description: "Forever", expiresAt: null, isPublic: true })
          const listed = yield* keys.list
          const renamed = yield* keys.update(created.id, { description: "Laptop" })
          unlisten()
          return { created, forever, listed, renamed, announced }
        }).pipe(Effect.provide(clientLayer(project, user)))

        assert.match(mine.created.value, /^sk_[0-9a-z]{45}[0-9a-f]{32}user[0-9a-z]574ck4u7h[0-9a-f]{8}$/)
        assert.match(mine.forever.value, /^pk_/)
        assert.deepStrictEqual(
          [
            mine.created.type,
            mine.created.userId,
            mine.created.expiresAt?.getTime(),
            mine.created.manuallyRevokedAt,
            mine.created.validity
          ],
          ["user", user.userId, expiresAt.getTime(), null, { _tag: "Valid" }]
        )
        assert.isNull(mine.forever.expiresAt)
        assert.deepStrictEqual(
          mine.listed.map((k) => [k.description, k.value.lastFour]),
          [
            ["Forever", mine.forever.value.slice(-4)],
            ["CLI", mine.created.value.slice(-4)]
          ]
        )
        assert.strictEqual(mine.renamed.description, "Laptop")
        assert.deepStrictEqual(mine.announced, [dataKeys.userApiKeys, dataKeys.userApiKeys, dataKeys.userApiKeys])

        const checked = yield* Effect.gen(function* () {
          const server = yield* ServerApiKeys
          return {
            key: yield* server.checkUserKey(mine.created.value),
            owner: yield* server.userOfKey(mine.created.value)
          }
        }).pipe(Effect.provide(serverLayer(project)))
        assert.deepStrictEqual(
          [checked.key.id, checked.key.description, checked.key.validity],
          [mine.created.id, "Laptop", { _tag: "Valid" }]
        )
        assert.strictEqual(checked.owner.id, user.userId)

        const revoked = yield* UserApiKeys.use((k) => k.revoke(mine.created.id)).pipe(
          Effect.provide(clientLayer(project, user))
        )
        assert.strictEqual(revoked.validity._tag, "ManuallyRevoked")
        // The key goes in the body only: no span of the check, failed or not, holds it.
        const { spans, tracer } = recordingTracer()
        const refused = yield* ServerApiKeys.use((k) => Effect.flip(k.checkUserKey(mine.created.value))).pipe(
          Effect.provide(serverLayer(project)),
          Effect.withTracer(tracer)
        )
        assert.strictEqual(refused._tag, "ApiKeyRevoked")
        assert.isAbove(spans.length, 1)
        for (const span of spans) assert.notInclude(exported(span), mine.created.value.slice(3, 40), span.name)
      })
  )

  it.live("an expired key is refused by the check; a made-up one is not found; a team key is the wrong kind", () =>
    Effect.gen(function* () {
      const project = yield* enabledProject()
      const user = yield* signUp(project)
      const expired = yield* UserApiKeys.use((k) =>
        k.create({ description: "old", expiresAt: new Date(Date.now() - HOUR) })
      ).pipe(Effect.provide(clientLayer(project, user)))
      assert.strictEqual(expired.validity._tag, "Expired")
      const failures = yield* Effect.gen(function* () {
        const server = yield* ServerApiKeys
        const team = yield* (yield* ServerTeams).create({ displayName: "T" })
        const teamKey = yield* server.createTeamKey(team.id, { description: "deploy", expiresAt: null })
        return {
          expired: yield* Effect.flip(server.checkUserKey(expired.value)),
          unknown: yield* Effect.flip(server.checkUserKey("sk_not_a_key")),
          wrong: yield* Effect.flip(server.checkUserKey(teamKey.value)),
          teamOf: (yield* server.teamOfKey(teamKey.value)).id,
          teamId: team.id
        }
      }).pipe(Effect.provide(serverLayer(project)))
      assert.strictEqual(failures.expired._tag, "ApiKeyExpired")
      assert.strictEqual(failures.unknown._tag, "ApiKeyNotFound")
      assert.strictEqual(failures.wrong._tag, "WrongApiKeyType")
      assert.strictEqual(failures.teamOf, failures.teamId)
    })
  )

  it.live("a project that does not allow them refuses with ApiKeysDisabled", () =>
    Effect.gen(function* () {
      const project = yield* enabledProject(false, false)
      const user = yield* signUp(project)
      const errors = yield* Effect.gen(function* () {
        return {
          user: yield* Effect.flip((yield* UserApiKeys).list),
          team: yield* Effect.flip((yield* TeamApiKeys).list("00000000-0000-4000-8000-000000000000"))
        }
      }).pipe(Effect.provide(clientLayer(project, user)))
      assert.deepStrictEqual(
        [errors.user._tag, errors.user._tag === "ApiKeysDisabled" ? errors.user.keyType : ""],
        ["ApiKeysDisabled", "user"]
      )
      assert.strictEqual(errors.team._tag, "ApiKeysDisabled")
    })
  )
})

describe("team API keys", () => {
  it.live("members with $manage_api_keys manage them; other members get ApiKeyNotFound", () =>
    Effect.gen(function* () {
      const project = yield* enabledProject()
      const admin = yield* signUp(project)
      const member = yield* signUp(project)
      const team = yield* Effect.gen(function* () {
        const teams = yield* ServerTeams
        const team = yield* teams.create({ displayName: "Lab", creatorUserId: admin.userId })
        yield* teams.addMember(team.id, member.userId)
        return team
      }).pipe(Effect.provide(serverLayer(project)))

      const made = yield* Effect.gen(function* () {
        const keys = yield* TeamApiKeys
        const created = yield* keys.create(team.id, { description: "deploy", expiresAt: null })
        const revoked = yield* keys.revoke(team.id, created.id)
        return { created, revoked, listed: yield* keys.list(team.id) }
      }).pipe(Effect.provide(clientLayer(project, admin)))
      assert.deepStrictEqual([made.created.type, made.created.teamId], ["team", team.id])
      assert.match(made.created.value, /^sk_.*team[0-9a-z]574ck4u7h[0-9a-f]{8}$/)
      assert.strictEqual(made.revoked.validity._tag, "ManuallyRevoked")
      assert.deepStrictEqual(
        made.listed.map((k) => k.id),
        [made.created.id]
      )

      const refused = yield* TeamApiKeys.use((k) => Effect.flip(k.list(team.id))).pipe(
        Effect.provide(clientLayer(project, member))
      )
      assert.strictEqual(refused._tag, "ApiKeyNotFound")
    })
  )
})
