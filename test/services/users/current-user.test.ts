/**
 * CurrentUser.get over the real pipeline against a local stub server: the answer decoded, the server's
 * "nobody is signed in" as a visitor, every other known error folded into UnexpectedKnownError (get
 * documents none), and an answer of the wrong shape a typed ResponseDecodeError.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { CurrentUser } from "../../../src/services/generated/current-user.js"
import { type Handler, knownErrorReply, localServer, unsignedJwt } from "../support/local-server.js"
import { clientPipeline } from "../support/client-pipeline.js"
import { wireUser } from "../support/wire-user.js"

const getUser = (handler: Handler) =>
  Effect.scoped(
    Effect.gen(function* () {
      const server = yield* localServer(handler)
      const tokens = { accessToken: unsignedJwt({ sub: "user-1", exp: 4_000_000_000 }), refreshToken: "refresh-1" }
      const layer = CurrentUser.layer.pipe(Layer.provide(clientPipeline(server.baseUrl, tokens)))
      return yield* Effect.provide(
        CurrentUser.use((me) => me.get),
        layer
      )
    })
  )

const json = (body: unknown) => () => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) })

describe("CurrentUser.get", () => {
  it.live("answers the signed-in user, decoded", () =>
    Effect.gen(function* () {
      const user = yield* getUser(json(wireUser({ client_metadata: { theme: "dark" } })))
      assert.strictEqual(user?.displayName, "Ann")
      assert.deepStrictEqual(user?.clientMetadata, { theme: "dark" })
      assert.instanceOf(user?.signedUpAt, Date)
    })
  )

  it.live("answers null when the server says nobody is signed in", () =>
    Effect.gen(function* () {
      assert.isNull(yield* getUser(() => knownErrorReply("CANNOT_GET_OWN_USER_WITHOUT_USER", 400)))
    })
  )

  it.live("folds any other known error into UnexpectedKnownError, keeping its code", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(getUser(() => knownErrorReply("USER_NOT_FOUND", 404)))
      assert.strictEqual(error._tag, "UnexpectedKnownError")
      if (error._tag === "UnexpectedKnownError") assert.strictEqual(error.code, "USER_NOT_FOUND")
    })
  )

  it.live("an answer of the wrong shape is a ResponseDecodeError", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(getUser(json(wireUser({ has_password: "yes" }))))
      assert.strictEqual(error._tag, "ResponseDecodeError")
    })
  )
})
