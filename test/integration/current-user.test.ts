/** CurrentUser against the local backend: a visitor is null, update, and deleting the user ends the session. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { Session } from "../../src/services/session/session.js"
import { clientCore, type Tokens } from "../support/clients.js"
import { type TestProject, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const client = (tokens?: Tokens, project: TestProject = backend.internal()) =>
  CurrentUser.layer.pipe(Layer.provideMerge(clientCore(backend, project, tokens)))

describe("CurrentUser", () => {
  it.live("is null for a visitor, without a request that could fail", () =>
    Effect.gen(function* () {
      const user = yield* (yield* CurrentUser).get
      assert.isNull(user)
    }).pipe(Effect.provide(client()))
  )

  it.live("reads and updates the signed-in user", () =>
    Effect.gen(function* () {
      const signedUp = yield* Effect.promise(() => backend.signUp(backend.internal()))
      yield* Effect.gen(function* () {
        const users = yield* CurrentUser
        const me = yield* users.get
        assert.strictEqual(me?.id, signedUp.userId)
        const renamed = yield* users.update({ displayName: "Renamed", clientMetadata: { theme: "dark" } })
        assert.strictEqual(renamed.displayName, "Renamed")
        assert.deepStrictEqual(renamed.clientMetadata, { theme: "dark" })
        assert.strictEqual((yield* users.get)?.displayName, "Renamed")
      }).pipe(Effect.provide(client({ accessToken: signedUp.accessToken, refreshToken: signedUp.refreshToken })))
    })
  )

  it.live("deleting the signed-in user is refused unless the project allows client deletion", () =>
    Effect.gen(function* () {
      const signedUp = yield* Effect.promise(() => backend.signUp(backend.internal()))
      const refused = yield* Effect.flip(Effect.flatMap(CurrentUser, (users) => users.delete)).pipe(
        Effect.provide(client({ accessToken: signedUp.accessToken, refreshToken: signedUp.refreshToken }))
      )
      assert.strictEqual(refused._tag, "HttpError")
    })
  )

  it.live("deleting the signed-in user ends the session", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() =>
        backend.createProject({ config: { client_user_deletion_enabled: true } })
      )
      const signedUp = yield* Effect.promise(() => backend.signUp(project))
      yield* Effect.gen(function* () {
        const users = yield* CurrentUser
        const session = yield* Session
        yield* users.delete
        assert.strictEqual(session.current()._tag, "KnownInvalid")
        assert.isNull(yield* users.get)
      }).pipe(
        Effect.provide(client({ accessToken: signedUp.accessToken, refreshToken: signedUp.refreshToken }, project))
      )
      const after = yield* Effect.promise(() =>
        backend.call(project, "GET", "/users/me", { accessToken: signedUp.accessToken })
      )
      assert.notStrictEqual(after.status, 200, "the deleted user's token no longer reads a user")
    })
  )
})
