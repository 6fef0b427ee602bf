import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { ClientConfig } from "../../../src/services/wire/client-config.js"
import { TokenStore } from "../../../src/services/session/token-store.js"
import { jsonBody, Transport } from "../../../src/services/http/transport.js"
import { layerFetchFromHttpClient } from "../../../src/services/wire/transport-httpclient.js"
import { json, knownErrorReply, localServer } from "../support/local-server.js"

describe("layerFetchFromHttpClient", () => {
  it.live("routes requests through effect's HttpClient, without trace headers", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const server = yield* localServer((r) =>
          r.url.includes("missing") ? knownErrorReply("USER_NOT_FOUND", 404) : json({ echo: r.body }, 201)
        )
        const layer = Transport.layerWithSession.pipe(
          Layer.provide(
            Layer.merge(
              ClientConfig.layer({ projectId: "proj", accessType: "client", baseUrl: server.baseUrl }),
              TokenStore.memory()
            )
          ),
          Layer.provide(layerFetchFromHttpClient),
          Layer.provide(FetchHttpClient.layer)
        )
        const results = yield* Effect.gen(function* () {
          const transport = yield* Transport
          const created = yield* transport.request({
            method: "POST",
            path: "/teams",
            body: jsonBody({ display_name: "T" })
          })
          const missing = yield* Effect.flip(transport.request({ method: "GET", path: "/users/missing" }))
          return { created, missing }
        }).pipe(Effect.withSpan("caller"), Effect.provide(layer))
        assert.deepStrictEqual(results.created, { echo: JSON.stringify({ display_name: "T" }) })
        assert.strictEqual(results.missing._tag, "UserNotFound")
        const post = server.requests[0]!
        assert.strictEqual(post.headers["x-hexclave-project-id"], "proj")
        assert.strictEqual(post.headers["content-type"], "application/json")
        assert.isUndefined(post.headers["traceparent"])
        assert.isUndefined(post.headers["b3"])

        // The same client used directly inside a span does send them: the switch above is what removes them.
        yield* HttpClient.get(`${server.baseUrl}/direct`).pipe(
          Effect.withSpan("direct"),
          Effect.provide(FetchHttpClient.layer)
        )
        assert.isDefined(server.requests.at(-1)?.headers["traceparent"])
      })
    )
  )
})
