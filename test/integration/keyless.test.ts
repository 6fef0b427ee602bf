/**
 * Projects without a publishable client key (issue 36, §1): a client tier built without one signs up, reads
 * its user and refreshes its session against a project that does not require the key, sending no key header
 * and the service's public-client sentinel as the OAuth client secret; a project that requires its key
 * (`project.requirePublishableClientKey`) refuses both with `PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT`.
 * Over real HTTP, through a proxy that records what arrives.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { PUBLIC_CLIENT_SECRET_SENTINEL } from "../../src/domain/api.js"
import { clientTier } from "../../src/layers/client.js"
import { Auth } from "../../src/services/generated/auth.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { Session } from "../../src/services/session/session.js"
import { TokenStore } from "../../src/services/session/token-store.js"
import { faultProxy } from "../support/fault-proxy.js"
import { expectStatus, type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const requireKey = (project: TestProject) =>
  Effect.promise(() =>
    backend.call(project, "PATCH", "/internal/config/override/project", {
      accessType: "admin",
      body: { config_override_string: JSON.stringify({ "project.requirePublishableClientKey": true }) }
    })
  ).pipe(Effect.map((result) => expectStatus(result, 200)))

const keyless = (project: TestProject, baseUrl: string) =>
  clientTier({ projectId: project.id, baseUrl, tokenStore: TokenStore.memory() })

const signUp = Auth.use((auth) => auth.signUpWithCredential({ email: uniqueEmail(), password: "a-long-password-1" }))

describe("a client tier without a publishable client key", () => {
  it.live("signs up, reads its user and refreshes its session against a project that does not require the key", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const project = yield* Effect.promise(() => backend.createProject())
        const proxy = yield* faultProxy(backend.localBackend().url)
        yield* Effect.gen(function* () {
          const signedUp = yield* signUp
          assert.isTrue(signedUp.isNewUser)
          const session = yield* Session
          const before = yield* session.getTokens()
          // The access token counts as expired: the next call refreshes the session first.
          yield* session.markExpired(before.accessToken ?? "")
          const me = yield* CurrentUser.use((user) => user.get)
          assert.strictEqual(me?.id, signedUp.userId)
        }).pipe(Effect.provide(keyless(project, proxy.url)))

        const api = proxy.arrivals.filter((a) => a.path.startsWith("/api/v1/") && a.path !== "/api/v1/auth/oauth/token")
        assert.isAbove(api.length, 1)
        for (const arrival of api) {
          assert.isUndefined(arrival.headers["x-hexclave-publishable-client-key"], arrival.path)
          assert.isUndefined(arrival.headers["x-stack-publishable-client-key"], arrival.path)
          assert.strictEqual(arrival.headers["x-hexclave-project-id"], project.id)
        }
        const refresh = proxy.arrivals.find((a) => a.path === "/api/v1/auth/oauth/token")
        assert.isDefined(refresh)
        assert.strictEqual(new URLSearchParams(refresh?.body).get("client_secret"), PUBLIC_CLIENT_SECRET_SENTINEL)
      })
    )
  )

  it.live("is refused where the project requires its key: sign-up and the sentinel's refresh alike", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const baseUrl = backend.localBackend().url
      // Signed up while the project did not require the key yet: its session is then refreshed with the sentinel.
      const refreshToken = yield* Effect.gen(function* () {
        yield* signUp
        return (yield* Session.use((s) => s.getTokens())).refreshToken
      }).pipe(Effect.provide(keyless(project, baseUrl)))
      yield* requireKey(project)

      // Any call of a keyless tier may meet this refusal: it is in every call's error channel, typed and
      // matchable by its tag (not folded into UnexpectedKnownError), here on a sign-up and on a session read.
      const refusedSignUp = yield* signUp.pipe(
        Effect.as(undefined),
        Effect.catchTag("PublishableClientKeyRequiredForProject", (e) => Effect.succeed(e)),
        Effect.provide(keyless(project, baseUrl))
      )
      assert.strictEqual(refusedSignUp?.code, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT")
      assert.strictEqual(refusedSignUp?.status, 401)
      assert.deepStrictEqual(refusedSignUp?.details, { project_id: project.id })
      const refusedSessions = yield* Effect.flip(
        Auth.use((auth) => auth.signInWithCredential({ email: uniqueEmail(), password: "a-long-password-1" })).pipe(
          Effect.provide(keyless(project, baseUrl))
        )
      )
      assert.strictEqual(refusedSessions._tag, "PublishableClientKeyRequiredForProject")

      const refusedRefresh = yield* Effect.gen(function* () {
        const session = yield* Session
        yield* session.setTokens({ accessToken: null, refreshToken })
        return yield* Effect.flip(session.getAccessToken())
      }).pipe(Effect.provide(keyless(project, baseUrl)))
      assert.strictEqual(refusedRefresh._tag, "PublishableClientKeyRequiredForProject")

      // With its key the same project signs up as before.
      const withKey = clientTier({
        projectId: project.id,
        publishableClientKey: project.publishableClientKey,
        baseUrl,
        tokenStore: TokenStore.memory()
      })
      assert.isTrue((yield* signUp.pipe(Effect.provide(withKey))).isNewUser)
    })
  )
})
