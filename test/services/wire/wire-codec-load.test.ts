import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { makeCodecLoader, lazySchema, resolveSchema } from "../../../src/services/wire/wire-codec-load.js"
import * as WireCodec from "../../../src/services/wire/wire-codec.js"

describe("the codec loader", () => {
  it.effect("loads once, starting when asked, and answers at once afterwards", () =>
    Effect.gen(function* () {
      let imports = 0
      const loader = makeCodecLoader(() => {
        imports++
        return Promise.resolve(WireCodec)
      })
      assert.isUndefined(loader.now())
      loader.start()
      loader.start()
      assert.strictEqual(imports, 1)
      // Still loading: nothing to use at once yet.
      assert.isUndefined(loader.now())
      const first = yield* loader.get("GET", "/users/me")
      assert.strictEqual(loader.now(), WireCodec)
      const second = yield* loader.get("GET", "/users/me")
      assert.strictEqual(first, WireCodec)
      assert.strictEqual(second, WireCodec)
      assert.strictEqual(imports, 1)
    })
  )

  it.effect("a chunk that cannot load is the call's NetworkError, and the next call tries again", () =>
    Effect.gen(function* () {
      let fail = true
      const loader = makeCodecLoader(() =>
        fail ? Promise.reject(new Error("Failed to fetch dynamically imported module")) : Promise.resolve(WireCodec)
      )
      const error = yield* Effect.flip(loader.get("PATCH", "/users/me"))
      assert.strictEqual(error._tag, "NetworkError")
      assert.strictEqual(error.method, "PATCH")
      assert.strictEqual(error.url, "/users/me")
      assert.include(error.message, "could not load its response decoder: Failed to fetch dynamically imported module")
      fail = false
      assert.strictEqual(yield* loader.get("PATCH", "/users/me"), WireCodec)
    })
  )

  it("a lazy schema names the codec's schema; a schema stands for itself", () => {
    const picked = resolveSchema(
      lazySchema((codec) => codec.schemas.ClientUser),
      WireCodec
    )
    assert.strictEqual(picked, WireCodec.schemas.ClientUser)
    assert.strictEqual(resolveSchema(WireCodec.schemas.SuccessResponse, WireCodec), WireCodec.schemas.SuccessResponse)
  })
})
