/**
 * The admin and server actions the service added (issue 28, §1.5): metrics with or without anonymous users,
 * the webhook portal's answer and test event, the sign-in invitation e-mail, and the preview of the users an
 * onboarding change would restrict. Each against the local backend over HTTP.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Metrics } from "../../src/services/generated/metrics.js"
import { ProjectConfig } from "../../src/services/generated/project-config.js"
import { SignInInvitations } from "../../src/services/generated/sign-in-invitations.js"
import { Webhooks } from "../../src/services/generated/webhooks.js"
import { adminCore, serverCore } from "../support/clients.js"
import { expectStatus, type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { latestMailTo } from "../support/mailbox.js"

const backend = useKitBackend()

const admin = (project: TestProject) =>
  Layer.mergeAll(Metrics.layer, Webhooks.layer, ProjectConfig.layer, SignInInvitations.layer).pipe(
    Layer.provideMerge(adminCore(backend, project))
  )
const server = (project: TestProject) => SignInInvitations.layer.pipe(Layer.provideMerge(serverCore(backend, project)))

const newProject = Effect.promise(() => backend.createProject())
const anonymousSignUp = (project: TestProject) =>
  Effect.promise(async () => expectStatus(await backend.call(project, "POST", "/auth/anonymous/sign-up"), 200))

describe("metrics", () => {
  it.live("count anonymous users only with includeAnonymous", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      yield* Effect.promise(() => backend.signUp(project))
      yield* anonymousSignUp(project)
      yield* anonymousSignUp(project)
      const [without, withAnonymous] = yield* Effect.all([
        Metrics.use((m) => m.get()),
        Metrics.use((m) => m.get({ includeAnonymous: true }))
      ]).pipe(Effect.provide(admin(project)))
      assert.strictEqual(without.totalUsers, 1)
      assert.strictEqual(without.dailyUsers.at(-1)?.activity, 1)
      assert.strictEqual(without.recentlyRegistered.length, 1)
      assert.strictEqual(without.authOverview?.mau, 1)
      assert.strictEqual(withAnonymous.totalUsers, 3)
      assert.strictEqual(withAnonymous.dailyUsers.at(-1)?.activity, 3)
      assert.strictEqual(withAnonymous.recentlyRegistered.length, 3)
      assert.strictEqual(withAnonymous.recentlyActive.length, 3)
      assert.strictEqual(withAnonymous.authOverview?.mau, 3)
      // The three kinds never overlap and count everybody either way.
      for (const metrics of [without, withAnonymous]) {
        assert.deepInclude(metrics.authOverview, { verifiedUsers: 0, unverifiedUsers: 1, anonymousUsers: 2 })
      }
      assert.strictEqual(without.authOverview?.totalUsersFiltered, 1)
      assert.strictEqual(withAnonymous.authOverview?.totalUsersFiltered, 3)
    })
  )
})

describe("webhooks", () => {
  it.live("the portal answer has the token and no url here; a test event finds no endpoint", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const { portal, token, test } = yield* Effect.gen(function* () {
        const webhooks = yield* Webhooks
        return {
          portal: yield* webhooks.portal,
          token: yield* webhooks.svixToken,
          test: yield* webhooks.sendTest("ep_1")
        }
      }).pipe(Effect.provide(admin(project)))
      assert.deepStrictEqual(portal, { token })
      assert.deepStrictEqual(test, { success: false, errorMessage: "Endpoint not found. Make sure it still exists." })
      const client = yield* Effect.promise(() =>
        backend.call(project, "POST", "/internal/send-test-webhook", { body: { endpoint_id: "ep_1" } })
      )
      assert.strictEqual(client.knownError, "INSUFFICIENT_ACCESS_TYPE")
    })
  )
})

describe("sign-in invitations", () => {
  it.live("e-mail a link to the trusted callback URL itself, from a server; an untrusted URL is refused", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const email = uniqueEmail("invited")
      const callbackUrl = "http://localhost:3000/handler/sign-in?from=invite"
      yield* SignInInvitations.use((s) => s.send(email, callbackUrl)).pipe(Effect.provide(server(project)))
      const mail = yield* latestMailTo(backend, email)
      assert.include(mail.text, callbackUrl)
      assert.notInclude(mail.text, "code=")
      const refused = yield* Effect.flip(
        SignInInvitations.use((s) => s.send(email, "https://evil.example/sign-in")).pipe(Effect.provide(admin(project)))
      )
      assert.strictEqual(refused._tag, "RedirectUrlNotWhitelisted")
      const client = yield* Effect.promise(() =>
        backend.call(project, "POST", "/internal/send-sign-in-invitation", {
          body: { email, callback_url: callbackUrl }
        })
      )
      assert.strictEqual(client.knownError, "INSUFFICIENT_ACCESS_TYPE")
    })
  )
})

describe("the onboarding preview", () => {
  it.live("lists the users that turning e-mail verification on would restrict, newest first", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const first = yield* Effect.promise(() => backend.signUp(project))
      const second = yield* Effect.promise(() => backend.signUp(project))
      yield* anonymousSignUp(project)
      const result = yield* Effect.gen(function* () {
        const config = yield* ProjectConfig
        return {
          on: yield* config.previewAffectedUsers({ requireEmailVerification: true }),
          limited: yield* config.previewAffectedUsers({ requireEmailVerification: true }, 1),
          unchanged: yield* config.previewAffectedUsers({}),
          off: yield* config.previewAffectedUsers({ requireEmailVerification: false })
        }
      }).pipe(Effect.provide(admin(project)))
      assert.strictEqual(result.on.totalAffectedCount, 2)
      assert.deepStrictEqual(
        result.on.affectedUsers.map((u) => [u.id, u.primaryEmail, u.restrictedReason.type]),
        [
          [second.userId, second.email, "email_not_verified"],
          [first.userId, first.email, "email_not_verified"]
        ]
      )
      assert.deepStrictEqual(result.limited, { affectedUsers: [result.on.affectedUsers[0]!], totalAffectedCount: 2 })
      assert.deepStrictEqual(result.unchanged, { affectedUsers: [], totalAffectedCount: 0 })
      assert.deepStrictEqual(result.off, { affectedUsers: [], totalAffectedCount: 0 })
      const badLimit = yield* Effect.promise(() =>
        backend.call(project, "POST", "/internal/onboarding/preview-affected-users?limit=many", {
          accessType: "admin",
          body: { onboarding: { require_email_verification: true } }
        })
      )
      assert.strictEqual(badLimit.knownError, "SCHEMA_ERROR")
    })
  )

  it.live("lists nobody when verification is already required", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() =>
        backend.createProject({ config: { require_email_verification: true } })
      )
      yield* Effect.promise(() => backend.signUp(project))
      const preview = yield* ProjectConfig.use((c) => c.previewAffectedUsers({ requireEmailVerification: true })).pipe(
        Effect.provide(admin(project))
      )
      assert.deepStrictEqual(preview, { affectedUsers: [], totalAffectedCount: 0 })
    })
  )
})
