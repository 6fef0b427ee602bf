/**
 * FeatureSupport goes through the one HTTP pipeline with a text answer: the same headers as every call
 * (without the session's tokens), the same retries, and the same known-error decoding.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { FeatureSupport } from "../../../src/services/generated/feature-support.js"
import { clientPipeline } from "../support/client-pipeline.js"
import { type Handler, knownErrorReply, type LocalServer, localServer, unsignedJwt } from "../support/local-server.js"

const SENTENCE = "quantum_sign_in is not yet supported."

const withFeatureSupport = <A, E>(
  handler: Handler,
  use: (server: LocalServer) => Effect.Effect<A, E, FeatureSupport>
) =>
  Effect.scoped(
    Effect.gen(function* () {
      const server = yield* localServer(handler)
      // A signed-in tab: the report still goes without the session's tokens.
      const tokens = { accessToken: unsignedJwt({ sub: "user-1", exp: 4_000_000_000 }), refreshToken: "refresh-1" }
      const layer = FeatureSupport.layer.pipe(Layer.provide(clientPipeline(server.baseUrl, tokens)))
      return yield* Effect.provide(use(server), layer)
    })
  )

const check = FeatureSupport.use((f) => f.check("quantum_sign_in", { extra: 1 }))

describe("FeatureSupport.check", () => {
  it.live("answers the plain-text sentence, sent with the pipeline's headers and no session", () =>
    withFeatureSupport(
      () => ({ headers: { "content-type": "text/plain" }, body: `  ${SENTENCE}\n` }),
      (server) =>
        Effect.gen(function* () {
          assert.strictEqual(yield* check, SENTENCE)
          const sent = server.requests[0]!
          assert.strictEqual(sent.method, "POST")
          assert.strictEqual(sent.url, "/api/v1/check-feature-support")
          assert.deepStrictEqual(JSON.parse(sent.body), { extra: 1, feature_name: "quantum_sign_in" })
          assert.strictEqual(sent.headers["x-hexclave-project-id"], "proj")
          assert.strictEqual(sent.headers["x-hexclave-publishable-client-key"], "pck")
          assert.strictEqual(sent.headers["x-hexclave-override-error-status"], "true")
          assert.match(String(sent.headers["x-hexclave-random-nonce"]), /^[0-9a-f]{32}$/)
          assert.isUndefined(sent.headers["x-hexclave-access-token"])
          assert.isUndefined(sent.headers["x-hexclave-refresh-token"])
        })
    )
  )

  it.live("is retried like every call when rate limited", () =>
    withFeatureSupport(
      (_request, index) =>
        index === 0
          ? { status: 429, headers: { "retry-after": "0" }, body: "slow down" }
          : { headers: { "content-type": "text/plain" }, body: SENTENCE },
      (server) =>
        Effect.gen(function* () {
          assert.strictEqual(yield* check, SENTENCE)
          assert.strictEqual(server.requests.length, 2)
          // Each attempt carries its own nonce, as on every call.
          assert.notStrictEqual(
            server.requests[0]!.headers["x-hexclave-random-nonce"],
            server.requests[1]!.headers["x-hexclave-random-nonce"]
          )
        })
    )
  )

  it.live("a known-error answer is decoded as on every call (it documents none, so it is unexpected)", () =>
    withFeatureSupport(
      () => knownErrorReply("PROJECT_NOT_FOUND", 404, { details: { project_id: "proj" } }),
      () =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(check)
          assert.strictEqual(error._tag, "UnexpectedKnownError")
          if (error._tag === "UnexpectedKnownError") {
            assert.strictEqual(error.code, "PROJECT_NOT_FOUND")
            assert.strictEqual(error.status, 404)
          }
        })
    )
  )

  it.live("another error status is an HttpError with the body", () =>
    withFeatureSupport(
      () => ({ status: 400, headers: { "content-type": "text/plain" }, body: "bad request" }),
      () =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(check)
          assert.strictEqual(error._tag, "HttpError")
          if (error._tag === "HttpError") assert.strictEqual(error.body, "bad request")
        })
    )
  )
})
