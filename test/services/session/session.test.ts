import { assert, describe, it } from "@effect/vitest"
import { layerLazyParts } from "../../../src/services/http/internal/lazy-service.js"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import type { ClientConfigInput } from "../../../src/services/wire/client-config.js"
import { Session, sessionChanges, type SessionState } from "../../../src/services/session/session.js"
import { type StoredTokens, TokenStore } from "../../../src/services/session/token-store.js"
import {
  type Handler,
  json,
  knownErrorReply,
  type LocalServer,
  localServer,
  type Recorded,
  type Reply,
  unsignedJwt
} from "../support/local-server.js"
import { testClientConfig } from "../support/client-pipeline.js"

// TestClock starts at 0: exp 10 s is inside the 20 s margin (stale), exp 3600 s is fresh.
const stale = unsignedJwt({ sub: "u1", exp: 10 })
const fresh = unsignedJwt({ sub: "u1", exp: 3600 })
const refreshed = unsignedJwt({ sub: "u1", exp: 7200 })
const TOKEN_PATH = "/api/v1/auth/oauth/token"

const tokenAnswer = (access = refreshed) =>
  json({ access_token: access, token_type: "Bearer", expires_in: 600, refresh_token: "r1", scope: "" })

/**
 * A token endpoint whose answers wait until `open()`, and `callers(n, call)`: n concurrent calls that open it
 * once all n have started, so each has reached the refresh in flight (a fiber runs until it suspends) before
 * the answer arrives, with no real delay.
 */
const gated = (answer: () => Reply) => {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  const callers = <A, E>(n: number, call: Effect.Effect<A, E>) =>
    Effect.gen(function* () {
      const started = yield* Deferred.make<void>()
      let count = 0
      const fiber = yield* Effect.forkChild(
        Effect.all(
          Array.from({ length: n }, () =>
            Effect.suspend(() => (++count === n ? Effect.andThen(Deferred.succeed(started, undefined), call) : call))
          ),
          { concurrency: "unbounded" }
        )
      )
      yield* Deferred.await(started)
      open()
      return yield* Fiber.join(fiber)
    })
  return { handler: (r: Recorded) => (r.url === TOKEN_PATH ? opened.then(answer) : json({})), callers }
}

/** A session over a memory store holding `tokens`, talking to a real local server. */
const withSession = <A, E>(
  handler: Handler,
  tokens: StoredTokens,
  use: (ctx: { server: LocalServer; session: Session["Service"]; store: TokenStore["Service"] }) => Effect.Effect<A, E>,
  config: Partial<ClientConfigInput> = {}
) =>
  Effect.scoped(
    Effect.gen(function* () {
      const server = yield* localServer(handler)
      const layer = Layer.merge(Session.layer.pipe(Layer.provide(layerLazyParts)), Layer.empty).pipe(
        Layer.provideMerge(Layer.merge(testClientConfig(server.baseUrl, config), TokenStore.memory(tokens)))
      )
      return yield* Effect.gen(function* () {
        return yield* use({ server, session: yield* Session, store: yield* TokenStore })
      }).pipe(Effect.provide(layer))
    })
  )

describe("Session.getAccessToken", () => {
  it.effect("returns a fresh token without any request", () =>
    withSession(
      () => tokenAnswer(),
      { accessToken: fresh, refreshToken: "r1" },
      ({ server, session }) =>
        Effect.gen(function* () {
          assert.strictEqual(yield* session.getAccessToken(), fresh)
          assert.strictEqual(server.requests.length, 0)
        })
    )
  )

  it.effect("a token without exp never expires", () => {
    const forever = unsignedJwt({ sub: "u1" })
    return withSession(
      () => tokenAnswer(),
      { accessToken: forever, refreshToken: "r1" },
      ({ server, session }) =>
        Effect.gen(function* () {
          yield* TestClock.adjust("1000 days")
          assert.strictEqual(yield* session.getAccessToken(59_999), forever)
          assert.strictEqual(server.requests.length, 0)
        })
    )
  })

  it.effect("100 concurrent callers on an expired token share exactly one refresh request", () => {
    const endpoint = gated(() => tokenAnswer())
    return withSession(endpoint.handler, { accessToken: stale, refreshToken: "r1" }, ({ server, session, store }) =>
      Effect.gen(function* () {
        const tokens = yield* endpoint.callers(100, session.getAccessToken())
        assert.strictEqual(server.requests.length, 1)
        assert.isTrue(tokens.every((t) => t === refreshed))
        assert.deepStrictEqual(yield* store.get, { accessToken: refreshed, refreshToken: "r1" })
        // and the new token is used from now on
        assert.strictEqual(yield* session.getAccessToken(), refreshed)
        assert.strictEqual(server.requests.length, 1)
      })
    )
  })

  it.effect("the refresh is the form-encoded OAuth grant of docs/wire.md, without X-Stack headers", () =>
    withSession(
      (r) => (r.url === TOKEN_PATH ? tokenAnswer() : json({})),
      { accessToken: stale, refreshToken: "r1" },
      ({ server, session }) =>
        Effect.gen(function* () {
          yield* session.getAccessToken()
          const request = server.requests[0]!
          assert.strictEqual(request.method, "POST")
          assert.strictEqual(request.url, TOKEN_PATH)
          assert.strictEqual(request.headers["content-type"], "application/x-www-form-urlencoded")
          assert.deepStrictEqual(Object.fromEntries(new URLSearchParams(request.body)), {
            grant_type: "refresh_token",
            refresh_token: "r1",
            client_id: "proj",
            client_secret: "pck"
          })
          assert.deepStrictEqual(
            Object.keys(request.headers).filter((h) => h.startsWith("x-stack-")),
            []
          )
        })
    )
  )

  it.effect("a project without a publishable key sends the public-client sentinel as client secret", () =>
    withSession(
      (r) => (r.url === TOKEN_PATH ? tokenAnswer() : json({})),
      { accessToken: null, refreshToken: "r1" },
      ({ server, session }) =>
        Effect.gen(function* () {
          assert.strictEqual(yield* session.getAccessToken(), refreshed)
          assert.strictEqual(
            new URLSearchParams(server.requests[0]!.body).get("client_secret"),
            "__stack_public_client__"
          )
        }),
      { publishableClientKey: undefined }
    )
  )

  it.effect("uses the 20000 ms margin by default and honours a larger required freshness", () => {
    const soon = unsignedJwt({ exp: 25 }) // 25 s left at time 0
    return withSession(
      (r) => (r.url === TOKEN_PATH ? tokenAnswer() : json({})),
      { accessToken: soon, refreshToken: "r1" },
      ({ server, session }) =>
        Effect.gen(function* () {
          assert.strictEqual(yield* session.getAccessToken(), soon)
          assert.strictEqual(yield* session.getAccessToken(25_000), soon)
          assert.strictEqual(server.requests.length, 0)
          assert.strictEqual(yield* session.getAccessToken(25_001), refreshed)
          assert.strictEqual(server.requests.length, 1)
        })
    )
  })

  it.effect("the clock decides: a fresh token turns stale as time passes", () =>
    withSession(
      (r) => (r.url === TOKEN_PATH ? tokenAnswer() : json({})),
      { accessToken: fresh, refreshToken: "r1" },
      ({ server, session }) =>
        Effect.gen(function* () {
          yield* TestClock.adjust("3581 seconds") // 19 s left
          assert.strictEqual(yield* session.getAccessToken(), refreshed)
          assert.strictEqual(server.requests.length, 1)
        })
    )
  )

  it.effect("a required freshness of 60000 ms or more is InvalidFreshness", () =>
    withSession(
      () => tokenAnswer(),
      { accessToken: fresh, refreshToken: "r1" },
      ({ server, session }) =>
        Effect.gen(function* () {
          for (const ms of [60_000, 120_000, Number.NaN]) {
            const error = yield* Effect.flip(session.getAccessToken(ms))
            assert.strictEqual(error._tag, "InvalidFreshness")
          }
          assert.strictEqual(yield* session.getAccessToken(59_999), fresh)
          assert.strictEqual(server.requests.length, 0)
        })
    )
  )

  it.effect("the token string 'undefined' is InvalidTokenString, from setTokens or from the store", () =>
    withSession(
      () => tokenAnswer(),
      { accessToken: fresh, refreshToken: "r1" },
      ({ session, store }) =>
        Effect.gen(function* () {
          const viaSet = yield* Effect.flip(session.setTokens({ accessToken: "undefined", refreshToken: "r2" }))
          assert.strictEqual(viaSet._tag, "InvalidTokenString")
          assert.deepStrictEqual(yield* store.get, { accessToken: fresh, refreshToken: "r1" })
          yield* store.set({ accessToken: fresh, refreshToken: "undefined" })
          const viaStore = yield* Effect.flip(session.getAccessToken())
          assert.strictEqual(viaStore._tag, "InvalidTokenString")
        })
    )
  )

  it.effect("no refresh token and a stale access token: null, no request", () =>
    withSession(
      () => tokenAnswer(),
      { accessToken: stale, refreshToken: null },
      ({ server, session }) =>
        Effect.gen(function* () {
          assert.isNull(yield* session.getAccessToken())
          assert.strictEqual(server.requests.length, 0)
        })
    )
  )

  it.effect("no tokens at all: known invalid, null", () =>
    withSession(
      () => tokenAnswer(),
      { accessToken: null, refreshToken: null },
      ({ server, session }) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* session.state, { _tag: "KnownInvalid" })
          assert.isNull(yield* session.getAccessToken())
          assert.strictEqual(server.requests.length, 0)
        })
    )
  )
})

describe("Session refresh failures", () => {
  const endsSession = (name: string, reply: Handler) =>
    it.effect(`${name}: null, the store is cleared and the stream emits the end of the session`, () =>
      withSession(reply, { accessToken: stale, refreshToken: "r1" }, ({ server, session, store }) =>
        Effect.gen(function* () {
          const states = yield* Effect.forkChild(Stream.runCollect(Stream.take(sessionChanges(session), 2)))
          yield* Effect.yieldNow
          const results = yield* Effect.all(
            Array.from({ length: 10 }, () => session.getAccessToken()),
            {
              concurrency: "unbounded"
            }
          )
          assert.isTrue(results.every((t) => t === null))
          assert.strictEqual(server.requests.length, 1)
          assert.deepStrictEqual(yield* store.get, { accessToken: null, refreshToken: null })
          const seen: ReadonlyArray<SessionState> = yield* Fiber.join(states)
          assert.deepStrictEqual(
            seen.map((s) => s._tag),
            ["Active", "KnownInvalid"]
          )
          // the session stays ended: no further refresh attempts
          assert.isNull(yield* session.getAccessToken())
          assert.strictEqual(server.requests.length, 1)
        })
      )
    )

  endsSession("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", () => knownErrorReply("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401))
  endsSession("PROVIDER_REJECTED (same category)", () => knownErrorReply("PROVIDER_REJECTED", 401))
  endsSession("the OAuth error invalid_grant", () =>
    json({ error: "invalid_grant", error_description: "Refresh token not found" }, 400)
  )

  it.effect("other errors propagate to every waiting caller and keep the session", () => {
    const endpoint = gated(() => ({ status: 500, body: "down" }))
    return withSession(endpoint.handler, { accessToken: stale, refreshToken: "r1" }, ({ server, session, store }) =>
      Effect.gen(function* () {
        const results = yield* endpoint.callers(20, Effect.flip(session.getAccessToken()))
        assert.isTrue(results.every((e) => e._tag === "HttpError"))
        assert.strictEqual(server.requests.length, 1)
        assert.deepStrictEqual(yield* store.get, { accessToken: stale, refreshToken: "r1" })
        assert.strictEqual((yield* session.state)._tag, "Active")
        // a later call tries again
        yield* Effect.flip(session.getAccessToken())
        assert.strictEqual(server.requests.length, 2)
      })
    )
  })

  it.effect("an unrelated known error (e.g. invalid client key) propagates typed", () =>
    withSession(
      () => knownErrorReply("INVALID_PUBLISHABLE_CLIENT_KEY", 401, { details: { project_id: "proj" } }),
      { accessToken: stale, refreshToken: "r1" },
      ({ session }) =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(session.getAccessToken())
          assert.strictEqual(error._tag, "InvalidPublishableClientKey")
        })
    )
  )
})

describe("Session transitions", () => {
  it.effect("markExpired forces a refresh of the current token only", () =>
    withSession(
      (r) => (r.url === TOKEN_PATH ? tokenAnswer() : json({})),
      { accessToken: fresh, refreshToken: "r1" },
      ({ server, session }) =>
        Effect.gen(function* () {
          yield* session.markExpired("some-other-token")
          assert.strictEqual(yield* session.getAccessToken(), fresh)
          yield* session.markExpired(fresh)
          assert.strictEqual(yield* session.getAccessToken(), refreshed)
          assert.strictEqual(server.requests.length, 1)
        })
    )
  )

  it.effect("setTokens starts a session and clear ends it; both reach the store and the stream", () =>
    withSession(
      () => tokenAnswer(),
      { accessToken: null, refreshToken: null },
      ({ session, store }) =>
        Effect.gen(function* () {
          const states = yield* Effect.forkChild(Stream.runCollect(Stream.take(sessionChanges(session), 3)))
          yield* Effect.yieldNow
          yield* session.setTokens({ accessToken: fresh, refreshToken: "r9" })
          assert.deepStrictEqual(yield* store.get, { accessToken: fresh, refreshToken: "r9" })
          assert.strictEqual(yield* session.getAccessToken(), fresh)
          yield* session.clear
          assert.deepStrictEqual(yield* store.get, { accessToken: null, refreshToken: null })
          const seen = yield* Fiber.join(states)
          assert.deepStrictEqual(seen, [
            { _tag: "KnownInvalid" },
            { _tag: "Active", accessToken: fresh, refreshToken: "r9", accessTokenExpired: false },
            { _tag: "KnownInvalid" }
          ])
        })
    )
  )

  it.effect("subscribe calls its listener synchronously on each change until unsubscribed", () =>
    withSession(
      () => tokenAnswer(),
      { accessToken: fresh, refreshToken: "r1" },
      ({ session }) =>
        Effect.gen(function* () {
          const seen: Array<string> = []
          const unsubscribe = session.subscribe((s) => seen.push(s._tag))
          yield* session.markExpired(fresh)
          assert.deepStrictEqual(session.current(), {
            _tag: "Active",
            accessToken: fresh,
            refreshToken: "r1",
            accessTokenExpired: true
          })
          yield* session.clear
          unsubscribe()
          yield* session.setTokens({ accessToken: fresh, refreshToken: "r2" })
          assert.deepStrictEqual(seen, ["Active", "KnownInvalid"])
          assert.strictEqual(session.current()._tag, "Active")
        })
    )
  )

  it.effect("picks up tokens another tab wrote to the store", () =>
    withSession(
      () => tokenAnswer(),
      { accessToken: null, refreshToken: null },
      ({ session, store }) =>
        Effect.gen(function* () {
          const seen: Array<string> = []
          session.subscribe((s) => seen.push(s._tag))
          yield* store.set({ accessToken: fresh, refreshToken: "other-tab" })
          assert.deepStrictEqual(seen, [])
          assert.strictEqual((yield* session.syncFromStore)._tag, "Active")
          assert.deepStrictEqual(seen, ["Active"])
          assert.strictEqual(yield* session.getAccessToken(), fresh)
          assert.deepStrictEqual(yield* session.state, {
            _tag: "Active",
            accessToken: fresh,
            refreshToken: "other-tab",
            accessTokenExpired: false
          })
        })
    )
  )
})

describe("Session.tokensNow", () => {
  it.effect("answers getTokens() at once when no refresh or re-read is needed, else undefined", () =>
    Effect.gen(function* () {
      // Fresh at 0 ms; inside the 20 s margin at 3,590 s.
      yield* withSession(
        () => tokenAnswer(),
        { accessToken: fresh, refreshToken: "r" },
        ({ session, store, server }) =>
          Effect.gen(function* () {
            assert.deepStrictEqual(session.tokensNow(0), { accessToken: fresh, refreshToken: "r" })
            assert.deepStrictEqual(session.tokensNow(0), yield* session.getTokens())
            assert.isUndefined(session.tokensNow(3_590_000))
            // Marked expired: a refresh is due.
            yield* session.markExpired(fresh)
            assert.isUndefined(session.tokensNow(0))
            // The store holds another tab's tokens: getTokens() must re-read it first.
            yield* store.set({ accessToken: refreshed, refreshToken: "other-tab" })
            assert.isUndefined(session.tokensNow(0))
            assert.strictEqual(server.requests.length, 0)
          })
      )
      // No session, or only a stale access token without a refresh token: no tokens, at once.
      yield* withSession(
        () => tokenAnswer(),
        { accessToken: null, refreshToken: null },
        ({ session }) =>
          Effect.sync(() => assert.deepStrictEqual(session.tokensNow(0), { accessToken: null, refreshToken: null }))
      )
      yield* withSession(
        () => tokenAnswer(),
        { accessToken: stale, refreshToken: null },
        ({ session }) =>
          Effect.sync(() => assert.deepStrictEqual(session.tokensNow(0), { accessToken: null, refreshToken: null }))
      )
    })
  )

  it.effect("a store that cannot read at once (a user's own) always leaves it to getTokens()", () =>
    Effect.gen(function* () {
      const session = yield* Session
      assert.isUndefined(session.tokensNow(0))
      assert.deepStrictEqual(yield* session.getTokens(), { accessToken: fresh, refreshToken: "r" })
    }).pipe(
      Effect.provide(
        Session.layer
          .pipe(Layer.provide(layerLazyParts))
          .pipe(
            Layer.provide(
              Layer.merge(
                testClientConfig("http://127.0.0.1:9"),
                TokenStore.custom({ get: () => ({ accessToken: fresh, refreshToken: "r" }), set: () => undefined })
              )
            )
          )
      )
    )
  )
})
