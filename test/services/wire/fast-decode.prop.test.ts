import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { JsonValue } from "../../../src/domain/wire.js"
import { unsure } from "../../../src/domain/wire.js"
import { Metadata, Millis, nullableKey } from "../../../src/domain/wire.js"
import { fastDecoder } from "../../../src/services/wire/wire-codec.js"
import { wireSchemaEntries, wireSchemas } from "../../support/wire-schemas.js"

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** A valid answer with one of its keys replaced, removed, or joined by an unknown one. */
const damaged = (wire: unknown, key: string, how: number, junk: unknown): unknown => {
  if (!isRecord(wire)) return junk
  const keys = Object.keys(wire)
  const target = keys.length === 0 ? key : keys[key.length % keys.length]!
  const copy: Record<string, unknown> = { ...wire }
  if (how === 0) copy[target] = junk
  else if (how === 1) delete copy[target]
  else copy[`x_${key}`] = junk
  return copy
}

// The compiled decoders (services/wire/fast-decode.ts) may say `unsure` of any answer (the schema then decodes
// it), but what they do answer must be exactly the schema's value; and they must answer every valid answer,
// else the calls would pay for them and the schema both.
const compiledDecoders = wireSchemaEntries.flatMap(([name, schema]) => {
  const decoder = fastDecoder(schema)
  return decoder === undefined ? [] : [[name, schema, decoder] as const]
})

describe("compiled decode of wire answers", () => {
  it("covers every answer: only call inputs, whose checks the schema runs, have none", () => {
    const without = wireSchemaEntries.filter(([, schema]) => fastDecoder(schema) === undefined).map(([name]) => name)
    for (const name of without) assert.match(name, /(Update|Create)$/)
    const names = compiledDecoders.map(([name]) => name)
    for (const name of [
      "ClientUser",
      "ServerUser",
      "ClientTeam",
      "AdminProject",
      "RefreshTokenResponse",
      "AccessTokenClaims"
    ]) {
      assert.include(names, name)
    }
  })

  it("answers unsure of what it cannot vouch for: the schema decides", () => {
    const decoder = fastDecoder(wireSchemas.ClientUser)
    assert.isDefined(decoder)
    for (const input of [null, "user", [], {}, { id: 1 }]) assert.strictEqual(decoder?.(input), unsure)
  })

  for (const [name, schema, decoder] of compiledDecoders) {
    const encode = Schema.encodeUnknownSync(schema)
    const decode = Schema.decodeUnknownExit(schema)

    it.prop(
      `${name}: a valid answer decodes to what the schema decodes`,
      [Arbitrary.schema(schema)],
      ([value]) => {
        const wire = JSON.parse(JSON.stringify(encode(value)))
        const compiled = decoder(wire)
        const slow = decode(wire)
        assert.notStrictEqual(compiled, unsure)
        assert.isTrue(Exit.isSuccess(slow))
        if (Exit.isSuccess(slow)) assert.deepStrictEqual(compiled, slow.value)
      },
      { arbitrary: { runs: 40 } }
    )

    it.prop(
      `${name}: of a damaged answer it is unsure, or answers what the schema does`,
      [
        Arbitrary.schema(schema),
        Arbitrary.schema(Schema.String),
        Arbitrary.schema(Schema.Literals([0, 1, 2])),
        Arbitrary.schema(Schema.Union([Schema.Json, Schema.Undefined]))
      ],
      ([value, key, how, junk]) => {
        const wire = damaged(JSON.parse(JSON.stringify(encode(value))), key, how, junk)
        const compiled = decoder(wire)
        if (compiled === unsure) return
        const slow = decode(wire)
        assert.isTrue(Exit.isSuccess(slow))
        if (Exit.isSuccess(slow)) assert.deepStrictEqual(compiled, slow.value)
      },
      { arbitrary: { runs: 60 } }
    )
  }
})

describe("compiled decode of the building blocks", () => {
  const values = fc.oneof(
    fc.anything({ withDate: true, withMap: true, withNullPrototype: true, withTypedArray: true }),
    fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 2 ** 53, 8.64e15 + 1, 1.5, new Date(Number.NaN))
  )
  const blocks = {
    Millis,
    Metadata: Schema.Struct({ metadata: Metadata }),
    nullableKey: Schema.Struct({ email: nullableKey(Schema.String) }),
    JsonValue,
    Json: Schema.Json,
    Int: Schema.Int,
    Finite: Schema.optionalKey(Schema.Finite)
  }
  for (const [name, schema] of Object.entries(blocks)) {
    const decoder = fastDecoder(schema)
    const decode = Schema.decodeUnknownExit(schema as Schema.Decoder<unknown>)
    it("compiles " + name, () => assert.isDefined(decoder))
    it(`${name}: any value is unsure, or decodes as the schema decodes it`, () => {
      fc.assert(
        fc.property(values, fc.boolean(), (value, absent) => {
          const input =
            name === "Metadata"
              ? absent
                ? {}
                : { metadata: value }
              : name === "nullableKey"
                ? absent
                  ? {}
                  : { email: value }
                : value
          const compiled = decoder?.(input)
          if (compiled === unsure) return
          const slow = decode(input)
          assert.isTrue(Exit.isSuccess(slow))
          if (Exit.isSuccess(slow)) assert.deepStrictEqual(compiled, slow.value)
        }),
        { numRuns: 300 }
      )
    })
  }
})
