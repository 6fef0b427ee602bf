import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { layerCore } from "../../../src/layers/core.js"
import { Auth } from "../../../src/services/generated/auth.js"
import { CurrentUser } from "../../../src/services/generated/current-user.js"
import { type StoredTokens, TokenStore } from "../../../src/services/session/token-store.js"
import { Fetch, type FetchFn } from "../../../src/services/wire/transport-request.js"
import { isTracing, operationName } from "../../../src/services/wire/tracing.js"
import { summarizeFailure, urlTemplate } from "../../../src/services/wire/tracing-spans.js"
import { unsignedJwt } from "../support/local-server.js"
import { wireUser } from "../support/wire-user.js"
import { exported, parentOf, recordingTracer } from "../support/recording-tracer.js"

const baseUrl = "http://127.0.0.1:8102"
// TestClock starts at 0: exp is in seconds after the start of each test.
const fresh = unsignedJwt({ sub: "user-1", exp: 3600 })
const expired = unsignedJwt({ sub: "user-1", exp: -100 })

const reply = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", ...headers } })

const layerWith = (fetch: FetchFn, tokens: StoredTokens) =>
  Layer.mergeAll(CurrentUser.layer, Auth.layer).pipe(
    Layer.provideMerge(
      layerCore(
        { projectId: "proj", accessType: "client", publishableClientKey: "pck-secret", baseUrl },
        TokenStore.memory(tokens)
      )
    ),
    Layer.provideMerge(Layer.succeed(Fetch, fetch))
  )

describe("tracing helpers", () => {
  it("url.template keeps the plain words of a path and turns everything else into {id}", () => {
    assert.strictEqual(urlTemplate("/users/me"), "/api/v1/users/me")
    assert.strictEqual(urlTemplate("/users/3f1c1f3e-6a55-4e0f-9a53-0f4d1f6b2a11"), "/api/v1/users/{id}")
    assert.strictEqual(urlTemplate("/team-memberships/team_1/me"), "/api/v1/team-memberships/{id}/me")
    assert.strictEqual(urlTemplate(`/users/${encodeURIComponent("ann@example.com")}`), "/api/v1/users/{id}")
    assert.strictEqual(urlTemplate("/team-invitations/accept/"), "/api/v1/team-invitations/accept")
  })

  it("names an operation after its service key and member", () => {
    assert.strictEqual(operationName("stackfx/CurrentUser", "update"), "stackfx.CurrentUser.update")
  })

  it("summarises a failure by code, status or tag, never by its message", () => {
    assert.deepStrictEqual(summarizeFailure({ _tag: "HttpError", status: 500, body: "secret", message: "secret" }), {
      type: "500",
      exception: { name: "HttpError", message: "HttpError (HTTP 500)" }
    })
    assert.deepStrictEqual(summarizeFailure({ _tag: "InvalidInput", message: 'Expected string, got "secret"' }), {
      type: "InvalidInput",
      exception: { name: "InvalidInput", message: "InvalidInput" }
    })
    assert.strictEqual(summarizeFailure("boom").type, "Error")
  })

  it.effect("tracing is off with effect's default tracer and when switched off", () =>
    Effect.gen(function* () {
      const probe = Effect.withFiber((fiber) => Effect.succeed(isTracing(fiber)))
      const { tracer } = recordingTracer()
      assert.isFalse(yield* probe)
      assert.isTrue(yield* probe.pipe(Effect.withTracer(tracer)))
      assert.isFalse(yield* probe.pipe(Effect.withTracer(tracer), Effect.withTracerEnabled(false)))
    })
  )
})

describe("spans of a call", () => {
  it.effect("an operation is one span, with one client span per HTTP attempt below it", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      const seen: Array<string> = []
      const fetch: FetchFn = async (url, init) => {
        seen.push(`${init.method} ${url}`)
        return reply(wireUser({ display_name: "Bea" }))
      }
      const user = yield* CurrentUser.use((me) => me.update({ displayName: "Bea" })).pipe(
        Effect.provide(layerWith(fetch, { accessToken: fresh, refreshToken: "refresh-1" })),
        Effect.withTracer(tracer)
      )
      assert.strictEqual(user.displayName, "Bea")
      assert.deepStrictEqual(seen, [`PATCH ${baseUrl}/api/v1/users/me`])
      assert.deepStrictEqual(
        spans.map((s) => s.name),
        ["stackfx.CurrentUser.update", "PATCH /api/v1/users/me"]
      )
      const [operation, attempt] = spans
      assert.strictEqual(operation!.kind, "internal")
      assert.strictEqual(attempt!.kind, "client")
      assert.strictEqual(parentOf(attempt!, spans), operation)
      assert.deepStrictEqual(Object.fromEntries(attempt!.attributes), {
        "http.request.method": "PATCH",
        "url.template": "/api/v1/users/me",
        "server.address": "127.0.0.1",
        "server.port": 8102,
        "url.scheme": "http",
        "http.response.status_code": 200
      })
      for (const span of spans) {
        assert.strictEqual(span.status._tag, "Ended")
        // The decoded user is the caller's data: a span ends without it.
        assert.notInclude(exported(span), "ann@example.com")
      }
    })
  )

  it.effect("a service loaded on first use is traced the same way", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      const fetch: FetchFn = async () => reply({ access_token: fresh, refresh_token: "refresh-2", user_id: "user-1" })
      yield* Auth.use((auth) =>
        auth.signInWithCredential({ email: "ann@example.com", password: "hunter2-hunter2" })
      ).pipe(Effect.provide(layerWith(fetch, { accessToken: null, refreshToken: null })), Effect.withTracer(tracer))
      assert.deepStrictEqual(
        spans.map((s) => s.name),
        ["stackfx.Auth.signInWithCredential", "POST /api/v1/auth/password/sign-in"]
      )
      assert.strictEqual(parentOf(spans[1]!, spans), spans[0])
    })
  )

  it.effect("a known error: error.type is its code, the status is the real one, the message stays out", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      const fetch: FetchFn = async () =>
        reply(
          {
            code: "USER_EMAIL_ALREADY_EXISTS",
            details: { email: "ann@example.com", would_work_if_email_was_verified: false },
            error: "A user with e-mail ann@example.com already exists."
          },
          { "x-stack-actual-status": "409", "x-stack-known-error": "USER_EMAIL_ALREADY_EXISTS" }
        )
      const error = yield* Auth.use((auth) =>
        auth.signUpWithCredential({ email: "ann@example.com", password: "hunter2-hunter2" })
      ).pipe(
        Effect.flip,
        Effect.provide(layerWith(fetch, { accessToken: null, refreshToken: null })),
        Effect.withTracer(tracer)
      )
      assert.strictEqual(error._tag, "UserEmailAlreadyExists")
      const [operation, attempt] = spans
      assert.strictEqual(operation!.attributes.get("error.type"), "USER_EMAIL_ALREADY_EXISTS")
      assert.strictEqual(attempt!.attributes.get("error.type"), "USER_EMAIL_ALREADY_EXISTS")
      assert.strictEqual(attempt!.attributes.get("http.response.status_code"), 409)
      assert.include(exported(operation!), "UserEmailAlreadyExists USER_EMAIL_ALREADY_EXISTS (HTTP 409)")
      for (const span of spans) assert.notInclude(exported(span), "ann@example.com")
    })
  )

  it.effect("a refresh is a child span of the call that needed it, with its own attempt below it", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      const fetch: FetchFn = async (url) =>
        url.endsWith("/auth/oauth/token")
          ? reply({ access_token: fresh, refresh_token: "refresh-2", token_type: "Bearer" })
          : reply(wireUser())
      yield* CurrentUser.use((me) => me.get).pipe(
        Effect.provide(layerWith(fetch, { accessToken: expired, refreshToken: "refresh-1" })),
        Effect.withTracer(tracer)
      )
      const byName = (name: string) => spans.find((s) => s.name === name)!
      const operation = byName("stackfx.CurrentUser.get")
      const refresh = byName("stackfx.Session.refresh")
      assert.strictEqual(parentOf(refresh, spans), operation)
      assert.strictEqual(parentOf(byName("POST /api/v1/auth/oauth/token"), spans), refresh)
      assert.strictEqual(parentOf(byName("GET /api/v1/users/me"), spans), operation)
      for (const span of spans) {
        for (const secret of ["refresh-1", "refresh-2", fresh, expired, "pck-secret"])
          assert.notInclude(exported(span), secret)
      }
    })
  )

  it.effect("each retry is a client span of its own, counted by http.request.resend_count", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      let calls = 0
      const fetch: FetchFn = async () => {
        calls++
        if (calls === 1) throw new TypeError("fetch failed")
        return reply(wireUser())
      }
      const fiber = yield* CurrentUser.use((me) => me.get).pipe(
        Effect.provide(layerWith(fetch, { accessToken: fresh, refreshToken: "refresh-1" })),
        Effect.withTracer(tracer),
        Effect.forkChild
      )
      // The first network retry waits 1 s.
      yield* TestClock.adjust("1 second")
      yield* Fiber.join(fiber)
      const attempts = spans.filter((s) => s.name === "GET /api/v1/users/me")
      assert.strictEqual(attempts.length, 2)
      assert.isUndefined(attempts[0]!.attributes.get("http.request.resend_count"))
      assert.strictEqual(attempts[0]!.attributes.get("error.type"), "NetworkFailure")
      assert.strictEqual(attempts[1]!.attributes.get("http.request.resend_count"), 1)
      assert.strictEqual(attempts[1]!.attributes.get("http.response.status_code"), 200)
      for (const attempt of attempts) assert.strictEqual(parentOf(attempt, spans)?.name, "stackfx.CurrentUser.get")
    })
  )

  it.effect("no span is made when tracing is switched off", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      yield* CurrentUser.use((me) => me.get).pipe(
        Effect.provide(layerWith(async () => reply(wireUser()), { accessToken: fresh, refreshToken: "refresh-1" })),
        Effect.withTracer(tracer),
        Effect.withTracerEnabled(false)
      )
      assert.deepStrictEqual(spans, [])
    })
  )
})
