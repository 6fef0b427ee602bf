import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { isIdempotent } from "../../src/services/wire/retry.js"
import { isLoggedIn, Session } from "../../src/services/session/session.js"
import { jsonBody, Transport } from "../../src/services/http/transport.js"
import { type Fault, faults } from "../support/fault-proxy.js"
import { FastClock } from "./support/fast-clock.js"
import {
  clientRuntime,
  type ClientServices,
  outcome,
  outcomeTag,
  PASSWORD,
  signUpDirect,
  uniqueEmail,
  useFaultBackend
} from "./support/harness.js"
import { attemptBudget, expectedFor } from "./support/retry-model.js"

// Property tests over generated fault sequences, against the local backend behind the fault proxy.
// Sleeps run 1000x faster (the requested lengths are still checked), so a full 1+2+4+8 s backoff costs
// 15 ms of real time: nothing here waits for a client's sleep to end, the proxy's delays are real and the
// client has no deadline; sequences are short and runs few enough for the file to stay well under a minute.
const SPEED_UP = 1000

const NUM_RUNS = Number(process.env["FAULT_RUNS"] ?? 30)
const TOKEN_PATH = "/api/v1/auth/oauth/token"

const env = useFaultBackend()

// --- generators ---------------------------------------------------------------------------------------

/** Faults that hit the wire: every kind the env.proxy has, with small real delays and short Retry-After. */
const wireFault: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 5, arbitrary: fc.constant(faults.pass) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      faults.rateLimited(),
      faults.rateLimited({ retryAfter: "0" }),
      faults.rateLimited({ retryAfter: "1" }),
      faults.rateLimited({ override: true })
    )
  },
  { weight: 1, arbitrary: fc.constantFrom(500, 502, 503).map((s) => faults.serverError(s)) },
  { weight: 2, arbitrary: fc.constant(faults.loopDetected()) },
  { weight: 3, arbitrary: fc.constantFrom(faults.dropBeforeUpstream, faults.dropAfterUpstream, faults.dropMidAnswer) },
  { weight: 1, arbitrary: fc.integer({ min: 5, max: 40 }).map((ms) => faults.delay(ms)) },
  { weight: 1, arbitrary: fc.constant(faults.malformedJson()) },
  { weight: 1, arbitrary: fc.constant(faults.knownErrorMismatch()) }
)

/** What the backend may say about tokens: refresh refused (ends the session) or access token refused. */
const tokenFault: fc.Arbitrary<Fault> = fc.constantFrom(
  faults.knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401),
  faults.oauthError("invalid_grant"),
  faults.knownError("UNPARSABLE_ACCESS_TOKEN", 401)
)

const refreshRejections = new Set([
  faults.knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401).kind,
  faults.oauthError("invalid_grant").kind
])

type CallKind = "GET /users/me" | "PATCH /users/me" | "POST /auth/password/sign-up"

const call = (kind: CallKind): Effect.Effect<unknown, unknown, ClientServices> => {
  switch (kind) {
    case "GET /users/me":
      return Effect.flatMap(CurrentUser, (u) => u.get)
    case "PATCH /users/me":
      return Effect.flatMap(CurrentUser, (u) => u.update({ clientMetadata: { touched: Date.now() } }))
    case "POST /auth/password/sign-up":
      return Effect.flatMap(Transport, (t) =>
        t.request({
          method: "POST",
          path: "/auth/password/sign-up",
          body: jsonBody({ email: uniqueEmail("prop"), password: PASSWORD }),
          withSession: false
        })
      )
  }
}

const methodOf = (kind: CallKind) => kind.split(" ")[0] ?? "GET"

// --- checks shared by the properties -----------------------------------------------------------------

const apiArrivals = () => env.proxy.arrivals.filter((a) => a.path.startsWith("/api/"))

const isDrop = (fault: string) => fault === "drop-before" || fault === "drop-after" || fault === "drop-mid-answer"

/**
 * A request that is not safe to repeat is never sent again after a network failure: once one is dropped,
 * the call is over, so no API request at all follows it, and the backend ran it at most once.
 */
const assertNoResendAfterNetworkFailure = (context: string) => {
  const arrivals = apiArrivals()
  arrivals.forEach((a, i) => {
    if (!isIdempotent(a.method) && isDrop(a.fault)) {
      assert.strictEqual(i, arrivals.length - 1, `${context}: ${a.method} ${a.path} was dropped, then more was sent`)
    }
  })
  const forwarded = new Map<string, number>()
  for (const r of env.proxy.upstream) {
    if (isIdempotent(r.method)) continue
    const key = `${r.method} ${r.path} ${r.body}`
    forwarded.set(key, (forwarded.get(key) ?? 0) + 1)
  }
  for (const [key, count] of forwarded) {
    // A refresh may legitimately run twice in one step (stale token, then the token is refused).
    if (!key.startsWith(`POST ${TOKEN_PATH}`))
      assert.strictEqual(count, 1, `${context}: ${key} reached the backend ${count} times`)
  }
}

const assertNoUnhandled = (context: string) =>
  assert.deepStrictEqual(env.unhandledSeen(), [], `${context}: unhandled rejection or uncaught exception`)

// --- properties --------------------------------------------------------------------------------------

describe("generated fault sequences", () => {
  it("every call ends with a value or a typed error, as the retry policy says, within its budget", async () => {
    const scenario = fc.record({
      kind: fc.constantFrom<CallKind>(
        "GET /users/me",
        "GET /users/me",
        "PATCH /users/me",
        "POST /auth/password/sign-up"
      ),
      queue: fc.array(wireFault, { minLength: 0, maxLength: 8 })
    })
    await fc.assert(
      fc.asyncProperty(scenario, async ({ kind, queue }) => {
        env.proxy.reset()
        const user = await signUpDirect(env.localBackend)
        const clock = new FastClock(SPEED_UP)
        const runtime = clientRuntime(env.proxy.url, env.localBackend.project, clock, user.tokens)
        const context = `${kind} with [${queue.map((f) => f.kind).join(", ")}]`
        try {
          env.proxy.enqueue(...queue)
          const result = outcome(await runtime.run(call(kind)))
          const expected = expectedFor(methodOf(kind), queue)
          const arrivals = apiArrivals()

          assert.notStrictEqual(result._tag, "Defect", `${context}: ${JSON.stringify(result)}`)
          assert.strictEqual(outcomeTag(result), expected.end._tag, context)
          if (expected.end._tag === "HttpError" && result._tag === "TypedError") {
            assert.strictEqual((result.error as { status?: number }).status, expected.end.status, context)
          }
          if (result._tag === "TypedError" && outcomeTag(result) === "NetworkError") {
            assert.strictEqual((result.error as { attempts?: number }).attempts, expected.attempts, context)
          }
          assert.strictEqual(arrivals.length, expected.attempts, `${context}: attempts`)
          assert.isAtMost(arrivals.length, attemptBudget, context)
          assert.isTrue(
            arrivals.every((a) => a.path === `/api/v1${kind.split(" ")[1]}`),
            `${context}: no refresh expected`
          )
          // The diagnostics' probe timeout (5 s) is a sleep too; it is not a backoff.
          const backoff = clock.sleeps.filter((ms) => ms > 0 && ms !== 5000)
          assert.deepStrictEqual(backoff, [...expected.backoff], `${context}: backoff`)

          assertNoResendAfterNetworkFailure(context)
          if (kind !== "POST /auth/password/sign-up") {
            const state = await runtime.run(Effect.flatMap(Session, (s) => s.state))
            assert.isTrue(state._tag === "Success" && isLoggedIn(state.value), `${context}: signed out`)
          }
          assertNoUnhandled(context)
        } finally {
          await runtime.dispose()
        }
      }),
      { numRuns: NUM_RUNS }
    )
  }, 60_000)

  it("a session is lost only when the refresh token is refused (a 429 never signs anyone out)", async () => {
    const step = fc.record({
      kind: fc.constantFrom<CallKind>("GET /users/me", "PATCH /users/me"),
      // Stale: the client's clock runs 11 minutes ahead, so the call refreshes the token first.
      stale: fc.boolean(),
      queue: fc.array(fc.oneof({ weight: 6, arbitrary: wireFault }, { weight: 1, arbitrary: tokenFault }), {
        maxLength: 4
      })
    })
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        const user = await signUpDirect(env.localBackend)
        const clock = new FastClock(SPEED_UP)
        const runtime = clientRuntime(env.proxy.url, env.localBackend.project, clock, user.tokens)
        let refused = false
        try {
          for (const [i, s] of steps.entries()) {
            env.proxy.reset()
            clock.offsetMs = s.stale ? 11 * 60_000 : 0
            env.proxy.enqueue(...s.queue)
            const context = `step ${i} ${s.kind}${s.stale ? " (stale)" : ""} with [${s.queue.map((f) => f.kind).join(", ")}]`
            const result = outcome(await runtime.run(call(s.kind)))
            assert.notStrictEqual(result._tag, "Defect", `${context}: ${JSON.stringify(result)}`)

            const arrivals = apiArrivals()
            refused ||= arrivals.some((a) => a.path === TOKEN_PATH && refreshRejections.has(a.fault))
            const state = await runtime.run(Effect.flatMap(Session, (session) => session.state))
            assert.strictEqual(state._tag === "Success" && isLoggedIn(state.value), !refused, `${context}: signed in?`)
            // Each queued fault costs at most one extra attempt; past the queue, a refresh and a send (twice
            // when the access token is refused) all pass.
            assert.isAtMost(arrivals.length, s.queue.length + 4, `${context}: attempts`)
            assertNoResendAfterNetworkFailure(context)
            assertNoUnhandled(context)
          }
          // Without faults, the session that survived works, and the one that ended reads as a visitor.
          env.proxy.reset()
          clock.offsetMs = 0
          const me = outcome(await runtime.run(Effect.flatMap(CurrentUser, (u) => u.get)))
          assert.strictEqual(me._tag, "Value")
          const id = me._tag === "Value" ? (me.value?.id ?? null) : "error"
          assert.strictEqual(id, refused ? null : user.userId)
        } finally {
          await runtime.dispose()
        }
      }),
      { numRuns: NUM_RUNS }
    )
  }, 60_000)

  it("concurrent callers under faults: all settle, share the refresh, and keep the session unless it is refused", async () => {
    const scenario = fc.record({
      callers: fc.integer({ min: 2, max: 8 }),
      queue: fc.array(fc.oneof({ weight: 6, arbitrary: wireFault }, { weight: 1, arbitrary: tokenFault }), {
        maxLength: 6
      })
    })
    await fc.assert(
      fc.asyncProperty(scenario, async ({ callers, queue }) => {
        env.proxy.reset()
        const user = await signUpDirect(env.localBackend)
        const clock = new FastClock(SPEED_UP)
        // An unreadable access token counts as expired: the first callers need one refresh, and the token
        // it brings is fresh, so (unless the backend refuses a token) one refresh serves them all.
        const runtime = clientRuntime(env.proxy.url, env.localBackend.project, clock, {
          accessToken: "not-a-jwt",
          refreshToken: user.tokens.refreshToken
        })
        const context = `${callers} callers with [${queue.map((f) => f.kind).join(", ")}]`
        try {
          env.proxy.enqueue(...queue)
          const getMe = Effect.flatMap(CurrentUser, (u) => u.get)
          const all = Effect.all(
            Array.from({ length: callers }, () => Effect.exit(getMe)),
            { concurrency: "unbounded" }
          )
          const exits = await runtime.run(all)
          assert.isTrue(exits._tag === "Success", context)
          for (const exit of exits._tag === "Success" ? exits.value : []) {
            const result = outcome(exit)
            assert.notStrictEqual(result._tag, "Defect", `${context}: ${JSON.stringify(result)}`)
            if (result._tag === "Value") assert.include([user.userId, null], result.value?.id ?? null, context)
          }

          const arrivals = apiArrivals()
          const refused = arrivals.some((a) => a.path === TOKEN_PATH && refreshRejections.has(a.fault))
          const state = await runtime.run(Effect.flatMap(Session, (s) => s.state))
          assert.strictEqual(state._tag === "Success" && isLoggedIn(state.value), !refused, `${context}: signed in?`)
          const accessRefused = arrivals.filter((a) => a.fault === "known-UNPARSABLE_ACCESS_TOKEN").length
          const refreshes = env.proxy.upstream.filter((r) => r.path === TOKEN_PATH).length
          // Each caller refreshes at most once, plus once per access token the backend refuses.
          assert.isAtMost(refreshes, callers + accessRefused, `${context}: refreshes`)
          assertNoUnhandled(context)
        } finally {
          await runtime.dispose()
        }
      }),
      { numRuns: NUM_RUNS }
    )
  }, 60_000)
})
