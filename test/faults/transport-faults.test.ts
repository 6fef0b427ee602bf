import { assert, beforeEach, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { rateLimitMaxRetries } from "../../src/services/wire/retry.js"
import { isLoggedIn, Session } from "../../src/services/session/session.js"
import type { StoredTokens } from "../../src/services/session/token-store.js"
import { jsonBody, Transport } from "../../src/services/http/transport.js"
import { type Fault, faults } from "../support/fault-proxy.js"
import { FastClock } from "./support/fast-clock.js"
import {
  clientRuntime,
  type ClientServices,
  outcome,
  outcomeTag,
  PASSWORD,
  serverHeaders,
  signUpDirect,
  uniqueEmail,
  useFaultBackend
} from "./support/harness.js"

// One fault at a time, against the local backend behind the fault proxy. Each test signs up its own user
// straight at the backend, then talks through the proxy with a client whose sleeps are shortened 100x
// (the requested lengths are recorded, so the backoff itself is still checked).

const env = useFaultBackend()
beforeEach(() => env.proxy.reset())

/** API arrivals as "METHOD /path fault", without the /api/v1 prefix. */
const arrivals = (): Array<string> =>
  env.proxy.arrivals
    .filter((a) => a.path.startsWith("/api/"))
    .map((a) => `${a.method} ${a.path.replace(/^\/api\/v1/, "")} ${a.fault}`)

const upstreamCount = (method: string, path: string): number =>
  env.proxy.upstream.filter((r) => r.method === method && r.path === `/api/v1${path}`).length

const getMe = Effect.flatMap(CurrentUser, (u) => u.get)
const sessionState = Effect.flatMap(Session, (s) => s.state)

/** Runs `program` in a fresh client signed in as a fresh user, with `faults` queued for its requests. */
const withUser = async <A>(
  queued: ReadonlyArray<Fault>,
  program: (ctx: {
    userId: string
    tokens: StoredTokens
    clock: FastClock
    email: string
  }) => Effect.Effect<A, never, ClientServices>,
  options: { readonly staleToken?: boolean; readonly unreadableAccessToken?: boolean } = {}
): Promise<A> => {
  const user = await signUpDirect(env.localBackend)
  const clock = new FastClock(100)
  // 11 minutes ahead: every access token looks expired (even fresh ones), so every call refreshes first.
  if (options.staleToken === true) clock.offsetMs = 11 * 60_000
  // An unreadable access token counts as expired; the refreshed one is fresh, so one refresh suffices.
  const stored = options.unreadableAccessToken === true ? { ...user.tokens, accessToken: "not-a-jwt" } : user.tokens
  const runtime = clientRuntime(env.proxy.url, env.localBackend.project, clock, stored)
  try {
    env.proxy.enqueue(...queued)
    const exit = await runtime.run(program({ ...user, clock }))
    const result = outcome(exit)
    if (result._tag !== "Value") throw new Error(`harness program failed: ${JSON.stringify(result)}`)
    return result.value
  } finally {
    await runtime.dispose()
  }
}

/** The call's outcome as a plain value, so the program itself never fails. */
const settle = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.map(Effect.exit(effect), outcome)

/** Asserts the session is still signed in with the original refresh token. */
const assertStillSignedIn = (tokens: StoredTokens) =>
  Effect.gen(function* () {
    const state = yield* sessionState
    assert.isTrue(isLoggedIn(state), `still signed in, got ${state._tag}`)
    assert.strictEqual(state._tag === "Active" ? state.refreshToken : null, tokens.refreshToken)
  })

const signUpViaTransport = (email: string) =>
  Effect.flatMap(Transport, (t) =>
    t.request({
      method: "POST",
      path: "/auth/password/sign-up",
      body: jsonBody({ email, password: PASSWORD }),
      withSession: false
    })
  )

const signInDirect = async (email: string): Promise<boolean> => {
  const res = await fetch(`${env.localBackend.apiUrl}/auth/password/sign-in`, {
    method: "POST",
    headers: { ...serverHeaders(env.localBackend.project) },
    body: JSON.stringify({ email, password: PASSWORD })
  })
  await res.text()
  return res.headers.get("x-stack-known-error") === null && res.status === 200
}

const nonZero = (sleeps: ReadonlyArray<number>) => sleeps.filter((ms) => ms > 0)

describe("429 Too Many Requests", () => {
  it("without Retry-After: retried at once, and the call succeeds", async () => {
    await withUser([faults.rateLimited()], ({ userId, tokens, clock }) =>
      Effect.gen(function* () {
        const me = yield* settle(getMe)
        assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
        assert.deepStrictEqual(arrivals(), ["GET /users/me 429", "GET /users/me pass"])
        assert.deepStrictEqual(nonZero(clock.sleeps), [])
        yield* assertStillSignedIn(tokens)
      })
    )
  })

  it("with Retry-After in seconds or as an HTTP date: waits that long", async () => {
    // Far enough ahead that a slow machine's setup time does not eat it.
    const date = new Date(Date.now() + 30_000).toUTCString()
    await withUser(
      [faults.rateLimited({ retryAfter: "2" }), faults.rateLimited({ retryAfter: date })],
      ({ userId, clock }) =>
        Effect.gen(function* () {
          const me = yield* settle(getMe)
          assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
          const [first, second] = nonZero(clock.sleeps)
          assert.strictEqual(first, 2000)
          // An HTTP date has one-second resolution and the first wait already passed.
          assert.isTrue(second !== undefined && second > 15_000 && second <= 30_000, `waited ${second} ms`)
        })
    )
  })

  it("under the status override (200 + x-stack-actual-status: 429): the same", async () => {
    await withUser([faults.rateLimited({ override: true, retryAfter: "0" })], ({ userId }) =>
      Effect.gen(function* () {
        const me = yield* settle(getMe)
        assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
        assert.deepStrictEqual(arrivals(), ["GET /users/me 429-after-0", "GET /users/me pass"])
      })
    )
  })

  it("on a POST: retried (the server did not run it), and the user is created once", async () => {
    const email = uniqueEmail("post429")
    await withUser([faults.rateLimited(), faults.rateLimited({ retryAfter: "0" })], () =>
      Effect.gen(function* () {
        const result = yield* settle(signUpViaTransport(email))
        assert.strictEqual(outcomeTag(result), "Value")
        assert.strictEqual(upstreamCount("POST", "/auth/password/sign-up"), 1)
        assert.strictEqual(arrivals().length, 3)
      })
    )
  })

  it("a long Retry-After (120 s, over the 60 s the client once capped) is waited out as the service asks, nobody signed out", async () => {
    await withUser([faults.rateLimited({ retryAfter: "120" })], ({ tokens, userId, clock }) =>
      Effect.gen(function* () {
        const me = yield* settle(getMe)
        assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
        assert.deepStrictEqual(arrivals(), ["GET /users/me 429-after-120", "GET /users/me pass"])
        assert.deepStrictEqual(nonZero(clock.sleeps), [120_000])
        yield* assertStillSignedIn(tokens)
      })
    )
  })

  it("the 429 bound is per request: a 508 retry in between does not restart it", async () => {
    const some = (n: number) => Array.from({ length: n }, () => faults.rateLimited({ retryAfter: "0" }))
    await withUser([...some(5), faults.loopDetected(), ...some(6)], () =>
      Effect.gen(function* () {
        const result = yield* settle(getMe)
        assert.strictEqual(result._tag === "TypedError" && "status" in result.error ? result.error.status : 0, 429)
        // Ten 429 retries and one 508 retry: the eleventh 429 ends the request.
        assert.strictEqual(arrivals().length, 12)
      })
    )
  })

  it("a run of 429s ends as HttpError(429) after the bound, and nobody is signed out", async () => {
    const many = Array.from({ length: rateLimitMaxRetries + 1 }, () => faults.rateLimited({ retryAfter: "0" }))
    await withUser([...many, faults.rateLimited()], ({ tokens }) =>
      Effect.gen(function* () {
        const result = yield* settle(getMe)
        assert.strictEqual(outcomeTag(result), "HttpError")
        assert.strictEqual(result._tag === "TypedError" && "status" in result.error ? result.error.status : 0, 429)
        assert.strictEqual(arrivals().length, rateLimitMaxRetries + 1)
        yield* assertStillSignedIn(tokens)
        // The next call gets the last queued 429, is retried, and succeeds: the session was never touched.
        assert.strictEqual(outcomeTag(yield* settle(getMe)), "Value")
      })
    )
  })
})

describe("5xx and 508", () => {
  for (const status of [500, 502, 503]) {
    it(`${status}: not retried, HttpError with status and body, session kept`, async () => {
      await withUser([faults.serverError(status)], ({ tokens }) =>
        Effect.gen(function* () {
          const result = yield* settle(getMe)
          assert.strictEqual(outcomeTag(result), "HttpError")
          if (result._tag === "TypedError" && result.error._tag === "HttpError") {
            assert.strictEqual(result.error.status, status)
            assert.strictEqual(result.error.body, `Injected ${status}`)
          }
          assert.deepStrictEqual(arrivals(), [`GET /users/me ${status}`])
          yield* assertStillSignedIn(tokens)
        })
      )
    })
  }

  it("508 INFINITE_LOOP_DETECTED: retried with 1 s, 2 s backoff, then succeeds", async () => {
    await withUser([faults.loopDetected(), faults.loopDetected()], ({ userId, clock }) =>
      Effect.gen(function* () {
        const me = yield* settle(getMe)
        assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
        assert.deepStrictEqual(nonZero(clock.sleeps), [1000, 2000])
      })
    )
  })

  it("508 five times: HttpError(508) after 5 attempts and 1/2/4/8 s of backoff", async () => {
    await withUser(
      Array.from({ length: 5 }, () => faults.loopDetected()),
      ({ tokens, clock }) =>
        Effect.gen(function* () {
          const result = yield* settle(getMe)
          assert.strictEqual(
            result._tag === "TypedError" && result.error._tag === "HttpError" ? result.error.status : 0,
            508
          )
          assert.strictEqual(arrivals().length, 5)
          assert.deepStrictEqual(nonZero(clock.sleeps), [1000, 2000, 4000, 8000])
          yield* assertStillSignedIn(tokens)
        })
    )
  })

  it("508 on a POST is retried too (the platform refused it before it ran)", async () => {
    await withUser([faults.loopDetected()], () =>
      Effect.gen(function* () {
        assert.strictEqual(outcomeTag(yield* settle(signUpViaTransport(uniqueEmail("post508")))), "Value")
        assert.strictEqual(upstreamCount("POST", "/auth/password/sign-up"), 1)
      })
    )
  })
})

describe("dropped connections", () => {
  it("GET dropped before the backend: retried after 1 s, succeeds, the backend saw it once", async () => {
    await withUser([faults.dropBeforeUpstream], ({ userId, clock }) =>
      Effect.gen(function* () {
        const me = yield* settle(getMe)
        assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
        assert.deepStrictEqual(arrivals(), ["GET /users/me drop-before", "GET /users/me pass"])
        assert.strictEqual(upstreamCount("GET", "/users/me"), 1)
        assert.deepStrictEqual(nonZero(clock.sleeps), [1000])
      })
    )
  })

  it("GET dropped after the backend answered: retried (safe to repeat), the backend saw it twice", async () => {
    await withUser([faults.dropAfterUpstream], ({ userId }) =>
      Effect.gen(function* () {
        const me = yield* settle(getMe)
        assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
        assert.strictEqual(upstreamCount("GET", "/users/me"), 2)
      })
    )
  })

  it("GET whose answer is cut off mid-body: retried, succeeds", async () => {
    await withUser([faults.dropMidAnswer], ({ userId }) =>
      Effect.gen(function* () {
        const me = yield* settle(getMe)
        assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
        assert.deepStrictEqual(arrivals(), ["GET /users/me drop-mid-answer", "GET /users/me pass"])
      })
    )
  })

  it("POST whose answer is cut off mid-body: NetworkError, ran once, never re-sent", async () => {
    const email = uniqueEmail("dropmid")
    await withUser([faults.dropMidAnswer], () =>
      Effect.gen(function* () {
        assert.strictEqual(outcomeTag(yield* settle(signUpViaTransport(email))), "NetworkError")
        assert.deepStrictEqual(arrivals(), ["POST /auth/password/sign-up drop-mid-answer"])
        assert.strictEqual(upstreamCount("POST", "/auth/password/sign-up"), 1)
      })
    )
    assert.isTrue(await signInDirect(email))
  })

  it("GET that never gets through: NetworkError after 5 attempts, 1/2/4/8 s backoff, then diagnostics", async () => {
    await withUser(
      Array.from({ length: 5 }, () => faults.dropBeforeUpstream),
      ({ tokens, clock }) =>
        Effect.gen(function* () {
          const result = yield* settle(getMe)
          assert.strictEqual(outcomeTag(result), "NetworkError")
          if (result._tag === "TypedError" && result.error._tag === "NetworkError") {
            assert.strictEqual(result.error.attempts, 5)
            assert.isDefined(result.error.diagnostics)
          }
          assert.deepStrictEqual(nonZero(clock.sleeps).slice(0, 4), [1000, 2000, 4000, 8000])
          assert.strictEqual(arrivals().length, 5)
          // The diagnostics probe the API's health through the same (now passing) proxy.
          assert.isTrue(env.proxy.arrivals.some((a) => a.path === "/health"))
          yield* assertStillSignedIn(tokens)
        })
    )
  })

  it("POST dropped before the backend: NetworkError at once, nothing created, never re-sent", async () => {
    const email = uniqueEmail("dropbefore")
    await withUser([faults.dropBeforeUpstream], () =>
      Effect.gen(function* () {
        const result = yield* settle(signUpViaTransport(email))
        assert.strictEqual(outcomeTag(result), "NetworkError")
        assert.strictEqual(
          result._tag === "TypedError" && result.error._tag === "NetworkError" ? result.error.attempts : 0,
          1
        )
        assert.deepStrictEqual(arrivals(), ["POST /auth/password/sign-up drop-before"])
        assert.strictEqual(upstreamCount("POST", "/auth/password/sign-up"), 0)
      })
    )
    assert.isFalse(await signInDirect(email))
  })

  it("POST dropped after the backend ran it: NetworkError, the user exists exactly once, never re-sent", async () => {
    const email = uniqueEmail("dropafter")
    await withUser([faults.dropAfterUpstream], () =>
      Effect.gen(function* () {
        const result = yield* settle(signUpViaTransport(email))
        assert.strictEqual(outcomeTag(result), "NetworkError")
        assert.deepStrictEqual(arrivals(), ["POST /auth/password/sign-up drop-after"])
        assert.strictEqual(upstreamCount("POST", "/auth/password/sign-up"), 1)
      })
    )
    assert.isTrue(await signInDirect(email))
  })

  it("PATCH dropped after the backend ran it: not retried either", async () => {
    await withUser([faults.dropAfterUpstream], ({ tokens }) =>
      Effect.gen(function* () {
        const result = yield* settle(Effect.flatMap(CurrentUser, (u) => u.update({ displayName: "Dropped" })))
        assert.strictEqual(outcomeTag(result), "NetworkError")
        assert.strictEqual(upstreamCount("PATCH", "/users/me"), 1)
        assert.deepStrictEqual(arrivals(), ["PATCH /users/me drop-after"])
        yield* assertStillSignedIn(tokens)
        const me = yield* settle(getMe)
        assert.strictEqual(me._tag === "Value" ? me.value?.displayName : outcomeTag(me), "Dropped")
      })
    )
  })
})

describe("slow answers", () => {
  it("a slow answer still completes", async () => {
    let release: () => void = () => {}
    const held = faults.hold(new Promise<void>((resolve) => (release = resolve)))
    await withUser([held], ({ userId }) =>
      Effect.gen(function* () {
        const call = yield* Effect.forkChild(settle(getMe))
        yield* Effect.promise(() => env.proxy.arrived(1))
        assert.isUndefined(call.pollUnsafe(), "the call waits while its answer is held")
        release()
        const me = yield* Fiber.join(call)
        assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
        assert.deepStrictEqual(arrivals(), ["GET /users/me held"])
      })
    )
  })

  it("a caller's timeout interrupts a slow call cleanly: the request is aborted and never runs", async () => {
    // The proxy holds the request until the client leaves, so only the caller's timeout can end the call.
    await withUser([faults.hold(new Promise<void>(() => {}))], ({ tokens }) =>
      Effect.gen(function* () {
        const result = yield* settle(Effect.timeout(getMe, "5 seconds"))
        assert.strictEqual(outcomeTag(result), "TimeoutError")
        // The hold ends when the proxy sees the aborted request's connection close.
        yield* Effect.promise(() => env.proxy.settled())
        assert.deepStrictEqual(arrivals(), ["GET /users/me held"])
        assert.strictEqual(upstreamCount("GET", "/users/me"), 0)
        yield* assertStillSignedIn(tokens)
      })
    )
  })
})

describe("answers that lie", () => {
  it("malformed JSON with 200: ResponseDecodeError, session kept", async () => {
    await withUser([faults.malformedJson()], ({ tokens }) =>
      Effect.gen(function* () {
        assert.strictEqual(outcomeTag(yield* settle(getMe)), "ResponseDecodeError")
        assert.strictEqual(arrivals().length, 1)
        yield* assertStillSignedIn(tokens)
      })
    )
  })

  it("a known-error header that disagrees with the body: KnownErrorMismatch, never the named error", async () => {
    await withUser(
      [faults.knownErrorMismatch({ headerCode: "USER_NOT_FOUND", bodyCode: "TEAM_NOT_FOUND" })],
      ({ tokens }) =>
        Effect.gen(function* () {
          const result = yield* settle(getMe)
          assert.strictEqual(outcomeTag(result), "KnownErrorMismatch")
          yield* assertStillSignedIn(tokens)
        })
    )
  })

  it("the backend calls the access token invalid: refreshed once and the call is sent again", async () => {
    await withUser([faults.knownError("UNPARSABLE_ACCESS_TOKEN", 401)], ({ userId, tokens }) =>
      Effect.gen(function* () {
        const me = yield* settle(getMe)
        assert.strictEqual(me._tag === "Value" ? me.value?.id : outcomeTag(me), userId)
        assert.deepStrictEqual(arrivals(), [
          "GET /users/me known-UNPARSABLE_ACCESS_TOKEN",
          "POST /auth/oauth/token pass",
          "GET /users/me pass"
        ])
        yield* assertStillSignedIn(tokens)
      })
    )
  })
})

describe("faults on the refresh itself", () => {
  const refreshFaultCases: ReadonlyArray<readonly [string, Fault, string]> = [
    ["429", faults.rateLimited({ retryAfter: "0" }), "Value"],
    ["503", faults.serverError(503), "HttpError"],
    ["a connection dropped before the backend", faults.dropBeforeUpstream, "NetworkError"],
    ["a connection dropped after the backend", faults.dropAfterUpstream, "NetworkError"],
    ["malformed JSON", faults.malformedJson(), "ResponseDecodeError"],
    ["a mismatched known error", faults.knownErrorMismatch(), "KnownErrorMismatch"],
    ["a slow answer", faults.delay(100), "Value"]
  ]
  for (const [name, fault, expected] of refreshFaultCases) {
    it(`${name}: ${expected}, and the session survives`, async () => {
      await withUser(
        [fault],
        ({ userId, tokens }) =>
          Effect.gen(function* () {
            const first = yield* settle(getMe)
            assert.strictEqual(outcomeTag(first), expected)
            assert.strictEqual(arrivals()[0], `POST /auth/oauth/token ${fault.kind}`)
            yield* assertStillSignedIn(tokens)
            const again = yield* settle(getMe)
            assert.strictEqual(again._tag === "Value" ? again.value?.id : outcomeTag(again), userId)
          }),
        { staleToken: true }
      )
    })
  }

  const rejections: ReadonlyArray<readonly [string, Fault]> = [
    ["REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", faults.knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401)],
    ["PROVIDER_REJECTED", faults.knownError("PROVIDER_REJECTED", 401)],
    ["OAuth invalid_grant", faults.oauthError("invalid_grant")]
  ]
  for (const [name, fault] of rejections) {
    it(`${name}: the session ends, and the user reads as null`, async () => {
      await withUser(
        [fault],
        () =>
          Effect.gen(function* () {
            const me = yield* settle(getMe)
            assert.strictEqual(me._tag === "Value" ? me.value : outcomeTag(me), null)
            assert.strictEqual((yield* sessionState)._tag, "KnownInvalid")
            assert.deepStrictEqual(arrivals(), [`POST /auth/oauth/token ${fault.kind}`])
          }),
        { staleToken: true }
      )
    })
  }

  it("concurrent callers share one refresh: a 503 on it fails them all once, and the session survives", async () => {
    // The proxy holds the refresh until all eight callers have called and the refresh has reached it.
    let release: () => void = () => {}
    const held = faults.hold(new Promise<void>((resolve) => (release = resolve)), faults.serverError(503))
    await withUser(
      [held],
      ({ userId, tokens }) =>
        Effect.gen(function* () {
          let calling = 0
          const allCalling = yield* Deferred.make<void>()
          const call = Effect.andThen(
            Effect.suspend(() => (++calling === 8 ? Deferred.succeed(allCalling, undefined) : Effect.void)),
            settle(getMe)
          )
          const releasing = Deferred.await(allCalling).pipe(
            Effect.andThen(Effect.promise(() => env.proxy.arrived(1))),
            Effect.andThen(Effect.sync(() => release()))
          )
          const [results] = yield* Effect.all(
            [
              Effect.all(
                Array.from({ length: 8 }, () => call),
                { concurrency: "unbounded" }
              ),
              releasing
            ],
            { concurrency: "unbounded" }
          )
          assert.deepStrictEqual(
            results.map(outcomeTag),
            Array.from({ length: 8 }, () => "HttpError")
          )
          assert.deepStrictEqual(arrivals(), ["POST /auth/oauth/token held+503"])
          yield* assertStillSignedIn(tokens)
          const again = yield* Effect.all(
            Array.from({ length: 8 }, () => settle(getMe)),
            { concurrency: "unbounded" }
          )
          assert.deepStrictEqual(
            again.map((r) => (r._tag === "Value" ? r.value?.id : outcomeTag(r))),
            Array.from({ length: 8 }, () => userId)
          )
          assert.strictEqual(upstreamCount("POST", "/auth/oauth/token"), 1)
        }),
      { unreadableAccessToken: true }
    )
  })

  it("a refresh token the backend revoked (signed out elsewhere): the session ends", async () => {
    await withUser(
      [],
      ({ tokens }) =>
        Effect.gen(function* () {
          const res = yield* Effect.promise(() =>
            fetch(`${env.localBackend.apiUrl}/auth/sessions/current`, {
              method: "DELETE",
              headers: {
                "x-stack-override-error-status": "true",
                "x-stack-project-id": env.localBackend.project.id,
                "x-stack-access-type": "client",
                "x-stack-publishable-client-key": env.localBackend.project.publishableClientKey,
                "x-stack-access-token": tokens.accessToken ?? "",
                "x-stack-refresh-token": tokens.refreshToken ?? ""
              }
            })
          )
          yield* Effect.promise(() => res.text())
          assert.strictEqual(res.status, 200)
          const me = yield* settle(getMe)
          assert.strictEqual(me._tag === "Value" ? me.value : outcomeTag(me), null)
          assert.strictEqual((yield* sessionState)._tag, "KnownInvalid")
        }),
      { staleToken: true }
    )
  })
})
