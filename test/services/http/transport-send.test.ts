import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { makeClientConfig } from "../../../src/services/http/client-config.js"
import { Fetch, type FetchFn, randomNonce } from "../../../src/services/http/transport-fetch.js"
import { sendRequest } from "../../../src/services/http/transport-send.js"

// A self-hosted base URL: a network failure probes only its /health, through the same fetch.
const config = makeClientConfig({ projectId: "proj", accessType: "client", baseUrl: "http://127.0.0.1:9" })

const withFetch = (fetch: FetchFn) => Effect.provide(Layer.succeed(Fetch, fetch))

describe("sendRequest", () => {
  it.live("interrupting the call while the body is read aborts the request's signal", () =>
    Effect.gen(function*() {
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
    }))

  it.live("a fetch that throws instead of rejecting is a network failure, not a defect", () =>
    Effect.gen(function*() {
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
    }))

  it.live("a body that fails to read is a network failure of that attempt", () =>
    Effect.gen(function*() {
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
    }))

  it.live("a 2xx carrying a known-error header is still decoded as that error", () =>
    Effect.gen(function*() {
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
    }))
})

describe("randomNonce", () => {
  it("32 lower-case hex digits, never repeating across many pool refills", () => {
    const seen = new Set<string>()
    for (let i = 0; i < 5_000; i++) {
      const nonce = randomNonce()
      assert.match(nonce, /^[0-9a-f]{32}$/)
      seen.add(nonce)
    }
    assert.strictEqual(seen.size, 5_000)
  })

  it("uses every hex digit in every position (the bytes are not reused or truncated)", () => {
    const digits = Array.from({ length: 32 }, () => new Set<string>())
    for (let i = 0; i < 2_000; i++) {
      const nonce = randomNonce()
      for (let p = 0; p < 32; p++) digits[p]!.add(nonce[p]!)
    }
    assert.isTrue(digits.every((d) => d.size === 16))
  })
})
