import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { onePassDecoder } from "../../src/domain/wire-one-pass.js"
import { wireSchemaEntries } from "../support/wire-schemas.js"

// The one-pass decode must answer exactly what the schema answers, for every answer it accepts, and accept
// every answer the schema accepts (else it would only cost time).
const onePass = wireSchemaEntries.flatMap(([name, schema]) => {
  const decoder = onePassDecoder(schema)
  return decoder === undefined ? [] : [[name, schema, decoder] as const]
})

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

describe("one-pass decode of wire structs", () => {
  it("covers the entities answers carry (the list is not empty)", () => {
    const names = onePass.map(([name]) => name)
    for (const name of ["ClientUser", "ServerUser", "ClientTeam", "RefreshTokenResponse"]) {
      assert.include(names, name)
    }
  })

  for (const [name, schema, decoder] of onePass) {
    const encode = Schema.encodeUnknownSync(schema)
    const decode = Schema.decodeUnknownExit(schema)

    it.prop(`${name}: a valid answer decodes to what the schema decodes`, [Arbitrary.schema(schema)], ([value]) => {
      const wire = JSON.parse(JSON.stringify(encode(value)))
      const fast = decoder(wire)
      const slow = decode(wire)
      assert.isTrue(Exit.isSuccess(fast) && Exit.isSuccess(slow))
      if (Exit.isSuccess(fast) && Exit.isSuccess(slow)) assert.deepStrictEqual(fast.value, slow.value)
    }, { arbitrary: { runs: 40 } })

    it.prop(`${name}: a damaged answer fails or succeeds as the schema does, with the same value`, [
      Arbitrary.schema(schema),
      Arbitrary.schema(Schema.String),
      Arbitrary.schema(Schema.Literals([0, 1, 2])),
      Arbitrary.schema(Schema.Union([Schema.Json, Schema.Undefined]))
    ], ([value, key, how, junk]) => {
      const wire = damaged(JSON.parse(JSON.stringify(encode(value))), key, how, junk)
      const fast = decoder(wire)
      const slow = decode(wire)
      assert.strictEqual(Exit.isSuccess(fast), Exit.isSuccess(slow))
      if (Exit.isSuccess(fast) && Exit.isSuccess(slow)) assert.deepStrictEqual(fast.value, slow.value)
    }, { arbitrary: { runs: 60 } })
  }
})
