/** ServerSessions against the local backend: create, list, delete, and what a deleted session can still do. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { clientTier } from "../../src/layers/client.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { ServerSessions } from "../../src/services/generated/server-sessions.js"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { type StoredTokens, TokenStore } from "../../src/services/session/token-store.js"
import { Fetch, type FetchFn } from "../../src/services/wire/transport-request.js"
import { refreshWith, serverTierOn } from "../support/clients.js"
import { type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const server = (project: TestProject, tokens?: StoredTokens) => serverTierOn(backend, project, tokens)

const client = (project: TestProject, tokens: StoredTokens) =>
  clientTier({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.localBackend().url,
    tokenStore: TokenStore.memory(tokens)
  })

const projectWithUser = Effect.gen(function* () {
  const project = yield* Effect.promise(() => backend.createProject())
  const user = yield* ServerUsers.use((u) => u.create({ primaryEmail: uniqueEmail("session") })).pipe(
    Effect.provide(server(project))
  )
  return { project, user }
})

describe("ServerSessions", () => {
  it.live("creates a session (one year by default) whose tokens sign the user in", () =>
    Effect.gen(function* () {
      const { project, user } = yield* projectWithUser
      const sent: Array<unknown> = []
      const spy: FetchFn = (url, init) => {
        if (url.endsWith("/auth/sessions") && typeof init.body === "string") sent.push(JSON.parse(init.body))
        return globalThis.fetch(url, init)
      }
      const tokens = yield* ServerSessions.use((s) => s.create({ userId: user.id })).pipe(
        Effect.provide(server(project)),
        Effect.provideService(Fetch, spy)
      )
      assert.deepStrictEqual(sent, [{ user_id: user.id, expires_in_millis: 31_536_000_000 }])

      const me = yield* CurrentUser.use((c) => c.get).pipe(Effect.provide(client(project, tokens)))
      assert.strictEqual(me?.id, user.id)
      // The refresh token alone gets a new access token.
      const refreshed = yield* CurrentUser.use((c) => c.get).pipe(
        Effect.provide(client(project, { accessToken: null, refreshToken: tokens.refreshToken }))
      )
      assert.strictEqual(refreshed?.id, user.id)
    })
  )

  it.live("lists a user's sessions and deletes one; its refresh token no longer refreshes", () =>
    Effect.gen(function* () {
      const { project, user } = yield* projectWithUser
      const outcome = yield* Effect.gen(function* () {
        const sessions = yield* ServerSessions
        const first = yield* sessions.create({ userId: user.id })
        const second = yield* sessions.create({ userId: user.id })
        const before = yield* sessions.list(user.id)
        return { first, second, before }
      }).pipe(Effect.provide(server(project)))

      assert.strictEqual(outcome.before.length, 2)
      for (const session of outcome.before) {
        assert.strictEqual(session.userId, user.id)
        assert.isFalse(session.isImpersonation)
        assert.isFalse(session.isCurrentSession)
        assert.instanceOf(session.createdAt, Date)
        assert.instanceOf(session.lastUsedAt, Date)
      }
      const [newest, oldest] = outcome.before
      assert.isAtLeast(newest!.createdAt.getTime(), oldest!.createdAt.getTime())

      // Which listed session is the first one: the one whose tokens the first create handed out.
      const firstId = yield* sessionIdOf(project, outcome.first)
      assert.include(
        outcome.before.map((s) => s.id),
        firstId
      )

      const after = yield* Effect.gen(function* () {
        const sessions = yield* ServerSessions
        yield* sessions.delete(user.id, firstId)
        return yield* sessions.list(user.id)
      }).pipe(Effect.provide(server(project)))
      assert.deepStrictEqual(
        after.map((s) => s.id),
        outcome.before.map((s) => s.id).filter((id) => id !== firstId)
      )

      const dead = yield* refreshWith(backend, project, outcome.first.refreshToken)
      assert.strictEqual(dead.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
      const alive = yield* refreshWith(backend, project, outcome.second.refreshToken)
      assert.strictEqual(alive.status, 200)
      assert.isNull(alive.knownError)

      // A client holding only the deleted session's refresh token ends up signed out.
      const visitor = yield* CurrentUser.use((c) => c.get).pipe(
        Effect.provide(client(project, { accessToken: null, refreshToken: outcome.first.refreshToken }))
      )
      assert.isNull(visitor)
    })
  )

  it.live("answers the documented errors", () =>
    Effect.gen(function* () {
      const { project, user } = yield* projectWithUser
      const other = yield* ServerUsers.use((u) => u.create({ primaryEmail: uniqueEmail("other") })).pipe(
        Effect.provide(server(project))
      )
      const tokens = yield* ServerSessions.use((s) => s.create({ userId: user.id })).pipe(
        Effect.provide(server(project))
      )
      const sessionId = yield* sessionIdOf(project, tokens)

      const errors = yield* Effect.gen(function* () {
        const sessions = yield* ServerSessions
        return {
          unknownUser: yield* Effect.flip(sessions.create({ userId: "00000000-0000-4000-8000-000000000000" })),
          unknownSession: yield* Effect.flip(sessions.delete(user.id, "00000000-0000-4000-8000-000000000000")),
          wrongUser: yield* Effect.flip(sessions.delete(other.id, sessionId)),
          noSessions: yield* sessions.list("00000000-0000-4000-8000-000000000000")
        }
      }).pipe(Effect.provide(server(project)))
      assert.strictEqual(errors.unknownUser._tag, "UserIdDoesNotExist")
      assert.strictEqual(errors.unknownSession._tag, "SessionNotFound")
      assert.strictEqual(errors.wrongUser._tag, "SessionNotFound")
      assert.deepStrictEqual(errors.noSessions, [])

      // A server tier signed in with that very session sees it as current and cannot delete it this way.
      const asCurrent = yield* Effect.gen(function* () {
        const sessions = yield* ServerSessions
        const listed = yield* sessions.list(user.id)
        const refused = yield* Effect.flip(sessions.delete(user.id, sessionId))
        return { listed, refused }
      }).pipe(Effect.provide(server(project, tokens)))
      assert.deepStrictEqual(
        asCurrent.listed.filter((s) => s.isCurrentSession).map((s) => s.id),
        [sessionId]
      )
      assert.strictEqual(asCurrent.refused._tag, "CannotDeleteCurrentSession")
    })
  )

  it.live("a short-lived session disappears from the list once expired", () =>
    Effect.gen(function* () {
      const { project, user } = yield* projectWithUser
      const tokens = yield* ServerSessions.use((s) => s.create({ userId: user.id, expiresInMillis: 500 })).pipe(
        Effect.provide(server(project))
      )
      yield* Effect.sleep("700 millis")
      const listed = yield* ServerSessions.use((s) => s.list(user.id)).pipe(Effect.provide(server(project)))
      assert.deepStrictEqual(listed, [])
      const dead = yield* refreshWith(backend, project, tokens.refreshToken)
      assert.strictEqual(dead.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
    })
  )

  it.live("signing out of the current session still works next to the new session routes", () =>
    Effect.gen(function* () {
      const { project, user } = yield* projectWithUser
      const tokens = yield* ServerSessions.use((s) => s.create({ userId: user.id })).pipe(
        Effect.provide(server(project))
      )
      const signOut = yield* Effect.promise(() =>
        backend.call(project, "DELETE", "/auth/sessions/current", {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken
        })
      )
      assert.strictEqual(signOut.status, 200)
      assert.deepStrictEqual(signOut.body, { success: true })
      const listed = yield* ServerSessions.use((s) => s.list(user.id)).pipe(Effect.provide(server(project)))
      assert.deepStrictEqual(listed, [])
    })
  )
})

/** The session id behind a pair of tokens: the current session as seen through those tokens. */
const sessionIdOf = (project: TestProject, tokens: StoredTokens & { readonly accessToken: string }) =>
  ServerSessions.use((s) => s.list("me")).pipe(
    Effect.provide(server(project, tokens)),
    Effect.flatMap((listed) => {
      const current = listed.find((s) => s.isCurrentSession)
      return current === undefined ? Effect.die(new Error("no current session")) : Effect.succeed(current.id)
    })
  )
