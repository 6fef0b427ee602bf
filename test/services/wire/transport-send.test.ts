import { assert, describe, it } from "@effect/vitest"
import { wireConfig } from "../../../src/services/wire/lazy-parts.js"
import { loadLiveChunk } from "../../../src/services/http/internal/lazy-service.js"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { makeClientConfig } from "../../../src/services/wire/client-config.js"
import { Fetch, type FetchFn, makeNoncePool } from "../../../src/services/wire/transport-request.js"
import { sendRequest, sendRequestThen } from "../../../src/services/wire/transport-send.js"
import { ResponseDecodeError } from "../../../src/errors/client/response-decode-error.js"
import * as Cause from "effect/Cause"

// A self-hosted base URL: a network failure probes only its /health, through the same fetch.
const config = wireConfig(
  makeClientConfig({ projectId: "proj", accessType: "client", baseUrl: "http://127.0.0.1:9" }),
  loadLiveChunk
)

const withFetch = (fetch: FetchFn) => Effect.provide(Layer.succeed(Fetch, fetch))

describe("sendRequest", () => {
  it.live("interrupting the call while the body is read aborts the request's signal", () =>
    Effect.gen(function* () {
      const reading = yield* Deferred.make<AbortSignal>()
      const fetch: FetchFn = (_url, init) => {
        const signal = init.signal
        if (signal == null) return Promise.reject(new Error("no signal"))
        // A body that never ends unless the signal aborts it, as undici and browsers do.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            signal.addEventListener("abort", () => controller.error(signal.reason))
          },
          pull: () => new Promise<void>(() => {})
        })
        const response = new Response(body, { status: 200 })
        // The answer has arrived; the caller is now reading its body.
        response.text = () => {
          Deferred.doneUnsafe(reading, Exit.succeed(signal))
          return Response.prototype.text.call(response)
        }
        return Promise.resolve(response)
      }
      const fiber = yield* Effect.forkChild(
        sendRequest(config, { method: "GET", path: "/users/me", withSession: false }, null).pipe(withFetch(fetch))
      )
      const signal = yield* Deferred.await(reading)
      assert.isFalse(signal.aborted)
      yield* Fiber.interrupt(fiber)
      assert.isTrue(signal.aborted)
    })
  )

  it.live("a fetch that throws instead of rejecting is a network failure, not a defect", () =>
    Effect.gen(function* () {
      const fetch: FetchFn = () => {
        throw new TypeError("bad init")
      }
      const error = yield* Effect.flip(
        sendRequest(config, { method: "POST", path: "/users", withSession: false }, null).pipe(withFetch(fetch))
      )
      assert.strictEqual(error._tag, "NetworkError")
      if (error._tag === "NetworkError") {
        assert.strictEqual(error.attempts, 1)
        assert.match(error.causeMessage, /bad init/)
      }
    })
  )

  it.live("a body that fails to read is a network failure of that attempt", () =>
    Effect.gen(function* () {
      let calls = 0
      const fetch: FetchFn = (url) => {
        if (url.endsWith("/health")) return Promise.reject(new TypeError("down"))
        calls++
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.error(new Error("socket closed mid-body"))
          }
        })
        return Promise.resolve(new Response(body, { status: 200 }))
      }
      const error = yield* Effect.flip(
        sendRequest(config, { method: "POST", path: "/users", withSession: false }, null).pipe(withFetch(fetch))
      )
      assert.strictEqual(error._tag, "NetworkError")
      if (error._tag === "NetworkError") assert.match(error.causeMessage, /socket closed mid-body/)
      assert.strictEqual(calls, 1)
    })
  )

  it.live("a 2xx carrying a known-error header is still decoded as that error", () =>
    Effect.gen(function* () {
      const fetch: FetchFn = () =>
        Promise.resolve(
          new Response(JSON.stringify({ code: "USER_NOT_FOUND", error: "no such user" }), {
            status: 200,
            headers: { "X-Stack-Known-Error": "USER_NOT_FOUND", "X-Stack-Actual-Status": "404" }
          })
        )
      const error = yield* Effect.flip(
        sendRequest(config, { method: "GET", path: "/users/u", withSession: false }, null).pipe(withFetch(fetch))
      )
      assert.strictEqual(error._tag, "UserNotFound")
    })
  )
})

describe("sendRequestThen", () => {
  const json =
    (value: unknown): FetchFn =>
    () =>
      Promise.resolve(
        new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } })
      )

  it.live("answers what finish makes of the parsed 2xx body", () =>
    Effect.gen(function* () {
      const seen: Array<unknown> = []
      const answer = yield* sendRequestThen(
        config,
        { method: "GET", path: "/users/me", withSession: false },
        null,
        (body) => {
          seen.push(body)
          return Effect.succeed({ wrapped: body })
        }
      ).pipe(withFetch(json({ id: "u1" })))
      assert.deepStrictEqual(answer, { wrapped: { id: "u1" } })
      assert.deepStrictEqual(seen, [{ id: "u1" }])
    })
  )

  it.live("a failure of finish is the call's failure, and the request is not sent again", () =>
    Effect.gen(function* () {
      let calls = 0
      const fetch: FetchFn = (...args) => {
        calls++
        return json({ id: 7 })(...args)
      }
      const error = yield* Effect.flip(
        sendRequestThen(config, { method: "GET", path: "/users/me", withSession: false }, null, () =>
          Effect.fail(new ResponseDecodeError({ message: "id is not a string", bodyExcerpt: '{"id":7}' }))
        ).pipe(withFetch(fetch))
      )
      assert.strictEqual(error._tag, "ResponseDecodeError")
      assert.strictEqual(calls, 1)
    })
  )

  it.live("a finish that throws ends the call as a defect instead of leaving it waiting", () =>
    Effect.gen(function* () {
      const exit = yield* Effect.exit(
        sendRequestThen(config, { method: "GET", path: "/users/me", withSession: false }, null, () => {
          throw new Error("bug in finish")
        }).pipe(withFetch(json({})))
      )
      assert.isTrue(Exit.isFailure(exit))
      if (Exit.isFailure(exit)) assert.isTrue(Cause.hasDies(exit.cause))
    })
  )
})

describe("makeNoncePool", () => {
  it("32 lower-case hex digits, never repeating across many pool refills", () => {
    const randomNonce = makeNoncePool()
    const seen = new Set<string>()
    for (let i = 0; i < 5_000; i++) {
      const nonce = randomNonce()
      assert.match(nonce, /^[0-9a-f]{32}$/)
      seen.add(nonce)
    }
    assert.strictEqual(seen.size, 5_000)
  })

  it("uses every hex digit in every position (the bytes are not reused or truncated)", () => {
    const randomNonce = makeNoncePool()
    const digits = Array.from({ length: 32 }, () => new Set<string>())
    for (let i = 0; i < 2_000; i++) {
      const nonce = randomNonce()
      for (let p = 0; p < 32; p++) digits[p]!.add(nonce[p]!)
    }
    assert.isTrue(digits.every((d) => d.size === 16))
  })
})
