/**
 * Hosted semantics through the client library over HTTP: e-mails come back lower-cased, passwords end
 * sessions (a reset and a server-set password all of them, an update all but the caller's), and the creator
 * of a personal team holds `team_admin` only.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Auth } from "../../src/services/generated/auth.js"
import { ContactChannels } from "../../src/services/generated/contact-channels.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { TeamPermissions } from "../../src/services/generated/team-permissions.js"
import { refreshWith, serverCore } from "../support/clients.js"
import { expectStatus, type TestProject, type TestUser, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { codeFromMail, latestMailTo } from "../support/mailbox.js"
import { clientLayer } from "./auth-support.js"
import { clientLayer as teamsClientLayer } from "./teams-support.js"

const backend = useKitBackend()

const resetUrl = "http://localhost:3000/handler/password-reset"

const serverUsers = (project: TestProject) => ServerUsers.layer.pipe(Layer.provideMerge(serverCore(backend, project)))

/** A second session of the user, as another device would open it. */
const signInAgain = (project: TestProject, user: TestUser) =>
  Effect.promise(
    async () =>
      expectStatus(
        await backend.call(project, "POST", "/auth/password/sign-in", {
          body: { email: user.email, password: user.password }
        }),
        200
      ).body.refresh_token as string
  )

const alive = (project: TestProject, refreshToken: string) =>
  Effect.map(refreshWith(backend, project, refreshToken), (r) => r.status === 200)

describe("hosted semantics through the client", () => {
  it.live("e-mails are stored lower-cased: the sign-up address and a new contact channel", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const email = uniqueEmail("Upper")
      const result = yield* Effect.gen(function* () {
        yield* (yield* Auth).signUpWithCredential({ email: email.toUpperCase(), password: "password-123" })
        const channel = yield* (yield* ContactChannels).create({
          value: "Extra.Address@Example.TEST",
          usedForAuth: false
        })
        const me = yield* (yield* CurrentUser).get
        return { channel, me }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.strictEqual(result.me?.primaryEmail, email.toLowerCase())
      assert.strictEqual(result.channel.value, "extra.address@example.test")
    })
  )

  it.live(
    "updatePassword keeps the caller's session and ends the others; without a refresh token it ends them all",
    () =>
      Effect.gen(function* () {
        const project = yield* Effect.promise(() => backend.createProject())
        const user = yield* Effect.promise(() => backend.signUp(project))
        const other = yield* signInAgain(project, user)
        yield* Auth.use((auth) =>
          auth.updatePassword({ oldPassword: user.password, newPassword: "second-password" })
        ).pipe(Effect.provide(clientLayer(backend, project, user)))
        assert.isTrue(yield* alive(project, user.refreshToken), "the caller's session")
        assert.isFalse(yield* alive(project, other), "another session")

        // A client holding only an access token sends no refresh token: the service ends every session.
        yield* Auth.use((auth) =>
          auth.updatePassword({ oldPassword: "second-password", newPassword: "third-password" })
        ).pipe(Effect.provide(clientLayer(backend, project, { accessToken: user.accessToken, refreshToken: null })))
        assert.isFalse(yield* alive(project, user.refreshToken))
      })
  )

  it.live("resetPassword and a password set by the server end every session", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      const other = yield* signInAgain(project, user)
      yield* Effect.gen(function* () {
        const auth = yield* Auth
        yield* auth.sendForgotPasswordEmail(user.email, { callbackUrl: resetUrl })
        const code = codeFromMail(yield* latestMailTo(backend, user.email), resetUrl)
        yield* auth.resetPassword({ code, password: "after-reset-1" })
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.isFalse(yield* alive(project, user.refreshToken))
      assert.isFalse(yield* alive(project, other))

      const afterReset = yield* signInAgain(project, { ...user, password: "after-reset-1" })
      yield* ServerUsers.use((users) => users.update(user.userId, { password: "set-by-server-1" })).pipe(
        Effect.provide(serverUsers(project))
      )
      assert.isFalse(yield* alive(project, afterReset))
    })
  )

  it.live("the creator of a personal team holds team_admin only", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject({ config: { create_team_on_sign_up: true } }))
      const user = yield* Effect.promise(() => backend.signUp(project))
      const granted = yield* Effect.gen(function* () {
        const me = yield* Effect.promise(() =>
          backend.call(project, "GET", "/users/me", { accessToken: user.accessToken })
        )
        return yield* (yield* TeamPermissions).list(me.body.selected_team_id, { recursive: false })
      }).pipe(Effect.provide(teamsClientLayer(backend, project, user)))
      assert.deepStrictEqual(
        granted.map((p) => p.id),
        ["team_admin"]
      )
    })
  )
})
