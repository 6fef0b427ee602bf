import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { isJsonValue, JsonValue } from "../../src/domain/wire.js"

const isJson = Schema.is(Schema.Json)

describe("JsonValue", () => {
  it("answers as effect's Schema.Json on any value", () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true, withSparseArray: true }), (u) => {
        assert.strictEqual(isJsonValue(u), isJson(u))
      }),
      { numRuns: 2_000 }
    )
  })

  it("answers as effect's Schema.Json on JSON values and on flat objects holding a non-JSON value", () => {
    const notJson = fc.constantFrom(undefined, Number.NaN, Infinity, () => 1, Symbol("s"), new Date(0), 1n)
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), notJson)), (json, flat) => {
        assert.isTrue(isJsonValue(json))
        assert.strictEqual(isJsonValue(flat), isJson(flat))
        assert.strictEqual(isJsonValue(Object.values(flat)), isJson(Object.values(flat)))
      }),
      { numRuns: 1_000 }
    )
  })

  it("refuses a cycle, as effect does", () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic["self"] = cyclic
    assert.isFalse(isJsonValue(cyclic))
    assert.isFalse(isJson(cyclic))
  })

  it("decodes and fails as Schema.Json, with its annotations", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(JsonValue)({ a: [1, "x", null] }), { a: [1, "x", null] })
    assert.throws(() => Schema.decodeUnknownSync(JsonValue)({ a: Number.NaN }))
    assert.strictEqual(JsonValue.ast.annotations?.["expected"], Schema.Json.ast.annotations?.["expected"])
  })
})
