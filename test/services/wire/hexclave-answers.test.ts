/**
 * The answer headers under the service's Hexclave names (docs/wire.md, "Two names"): the client reads
 * `x-hexclave-actual-status` and `x-hexclave-known-error` first and the old `x-stack-*` names after, so an
 * answer that carries only the new names, or both with different values, means what the new names say.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import fc from "fast-check"
import { UserNotFound } from "../../../src/errors/index.js"
import { actualStatus, knownErrorHeader } from "../../../src/errors/wire-response.js"
import { TokenStore } from "../../../src/services/session/token-store.js"
import { Transport } from "../../../src/services/http/transport.js"
import { type Handler, localServer } from "../support/local-server.js"
import { testClientConfig } from "../support/client-pipeline.js"

const get = (handler: Handler) =>
  Effect.scoped(
    Effect.gen(function* () {
      const server = yield* localServer(handler)
      return yield* Effect.flatMap(Transport, (t) => t.request({ method: "GET", path: "/users/u2" })).pipe(
        Effect.provide(
          Transport.layerWithSession.pipe(
            Layer.provide(Layer.merge(testClientConfig(server.baseUrl), TokenStore.memory()))
          )
        ),
        Effect.flip
      )
    })
  )

const userNotFoundBody = JSON.stringify({ code: "USER_NOT_FOUND", error: "User not found." })

describe("answers with the Hexclave header names", () => {
  it.effect("x-hexclave-actual-status alone restores the real status of a plain-text answer", () =>
    Effect.gen(function* () {
      const error = yield* get(() => ({
        status: 200,
        headers: { "x-hexclave-actual-status": "404" },
        body: "no such route"
      }))
      assert.deepInclude(error, { _tag: "HttpError", status: 404, body: "no such route" })
    })
  )

  it.effect("x-hexclave-known-error alone carries a known error", () =>
    Effect.gen(function* () {
      const error = yield* get(() => ({
        status: 200,
        headers: { "x-hexclave-actual-status": "404", "x-hexclave-known-error": "USER_NOT_FOUND" },
        body: userNotFoundBody
      }))
      assert.instanceOf(error, UserNotFound)
      assert.strictEqual(error._tag === "UserNotFound" && error.status, 404)
    })
  )

  it.effect("the new names win over the old ones when both are sent with different values", () =>
    Effect.gen(function* () {
      const error = yield* get(() => ({
        status: 200,
        headers: {
          "x-hexclave-actual-status": "404",
          "x-stack-actual-status": "400",
          "x-hexclave-known-error": "USER_NOT_FOUND",
          "x-stack-known-error": "TEAM_NOT_FOUND"
        },
        body: userNotFoundBody
      }))
      assert.instanceOf(error, UserNotFound)
      assert.strictEqual(error._tag === "UserNotFound" && error.status, 404)
    })
  )

  it("reads the new name first and the old one after, whatever the values", () => {
    const status = fc.integer({ min: 100, max: 599 })
    const code = fc.stringMatching(/^[A-Z_]{1,20}$/)
    fc.assert(
      fc.property(status, fc.option(status), code, fc.option(code), (oldStatus, newStatus, oldCode, newCode) => {
        const headers: Record<string, string> = {
          "x-stack-actual-status": String(oldStatus),
          "x-stack-known-error": oldCode,
          ...(newStatus === null ? {} : { "x-hexclave-actual-status": String(newStatus) }),
          ...(newCode === null ? {} : { "x-hexclave-known-error": newCode })
        }
        const wire = { status: 200, headers, body: "" }
        assert.strictEqual(actualStatus(wire), newStatus ?? oldStatus)
        assert.strictEqual(knownErrorHeader(wire), newCode ?? oldCode)
      })
    )
  })
})
