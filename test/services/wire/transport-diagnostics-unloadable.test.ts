/**
 * The network diagnostics load with the lazy implementations (services/live.ts) once the retries give up.
 * When that chunk cannot load either, as is likely with the network down, the call still fails with its
 * NetworkError, only without diagnostics. (A file of its own: the module mock applies to a whole file.)
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { vi } from "vitest"
import { Transport } from "../../../src/services/http/transport.js"
import { Fetch } from "../../../src/services/wire/transport-request.js"
import { TokenStore } from "../../../src/services/session/token-store.js"
import { testClientConfig } from "../support/client-pipeline.js"

vi.mock("../../../src/services/live.js", () => {
  throw new TypeError("Failed to fetch dynamically imported module")
})

describe("network diagnostics whose chunk cannot load", () => {
  it.effect("the NetworkError goes without diagnostics", () =>
    Effect.gen(function* () {
      const urls: Array<string> = []
      const layer = Transport.layerWithSession.pipe(
        Layer.provide(Layer.merge(testClientConfig("https://api.example"), TokenStore.memory()))
      )
      const failingFetch = Layer.succeed(Fetch, (url: string) => {
        urls.push(url)
        return Promise.reject(new TypeError("fetch failed"))
      })
      const error = yield* Effect.flip(
        Effect.flatMap(Transport, (t) => t.request({ method: "POST", path: "/users", withSession: false }))
      ).pipe(Effect.provide(layer), Effect.provide(failingFetch))
      assert.strictEqual(error._tag, "NetworkError")
      if (error._tag === "NetworkError") {
        assert.isUndefined(error.diagnostics)
        assert.isFalse("diagnostics" in error)
        // The message is the failure alone, without the diagnostics' "Could not connect … Checks: …".
        assert.match(error.message, /^POST https:\/\/api\.example\/api\/v1\/users failed after 1 attempt\(s\): /)
        assert.notInclude(error.message, "Checks")
      }
      // One attempt (a POST is never re-sent) and no health probe.
      assert.strictEqual(urls.length, 1)
    })
  )
})
