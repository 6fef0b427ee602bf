import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import * as D from "../../src/domain/index.js"
import { wireSchemaEntries } from "../support/wire-schemas.js"

const entries = wireSchemaEntries

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** What a real HTTP body does to a value: JSON text and back. */
const throughJson = (u: unknown): unknown => JSON.parse(JSON.stringify(u))

describe("wire schemas", () => {
  for (const [name, schema] of entries) {
    const encode = Schema.encodeUnknownSync(schema)
    const decode = Schema.decodeUnknownSync(schema)

    it.prop(
      `${name}: decode(encode(x)) = x`,
      [Arbitrary.schema(schema)],
      ([value]) => {
        assert.deepStrictEqual(decode(encode(value)), value)
      },
      { arbitrary: { runs: 60 } }
    )

    it.prop(
      `${name}: survives a JSON body`,
      [Arbitrary.schema(schema)],
      ([value]) => {
        const wire = throughJson(encode(value))
        // JSON itself folds -0 into 0, so both sides go through it.
        assert.deepStrictEqual(throughJson(encode(decode(wire))), wire)
      },
      { arbitrary: { runs: 60 } }
    )

    it.prop(
      `${name}: encoded keys are snake_case`,
      [Arbitrary.schema(schema)],
      ([value]) => {
        const wire = encode(value)
        const objects = isRecord(wire) && Array.isArray(wire["items"]) ? [wire, ...wire["items"]] : [wire]
        for (const o of objects) {
          if (!isRecord(o)) continue
          for (const key of Object.keys(o)) assert.match(key, /^[a-z0-9_]+$/, `${name}.${key}`)
        }
      },
      { arbitrary: { runs: 20 } }
    )

    it.prop(
      `${name}: tolerates unknown extra wire fields`,
      [Arbitrary.schema(schema), Arbitrary.schema(Schema.Record(Schema.String, Schema.Json))],
      ([value, extra]) => {
        const wire = encode(value)
        if (!isRecord(wire)) return
        // Extra fields never overwrite a field the schema knows.
        const withExtra = { ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`x_${k}`, v])), ...wire }
        assert.deepStrictEqual(decode(withExtra), decode(wire))
      },
      { arbitrary: { runs: 40 } }
    )
  }
})

describe("snakeCase", () => {
  it("matches the wire spelling of the fields", () => {
    assert.strictEqual(D.snakeCase("clientReadOnlyMetadata"), "client_read_only_metadata")
    assert.strictEqual(D.snakeCase("totpSecretBase64"), "totp_secret_base64")
    assert.strictEqual(D.snakeCase("id"), "id")
  })
  it("only inserts underscores before upper-case letters and lower-cases them", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,20}$/), (key) => {
        const snake = D.snakeCase(key)
        assert.strictEqual(snake.replace(/_/g, ""), key.toLowerCase())
        assert.match(snake, /^[a-z0-9_]+$/)
      })
    )
  })
})

describe("wireStruct", () => {
  // The reference is effect's own `encodeKeys`: wireStruct builds the same schema with a faster rename,
  // so both must agree on every value, every wire body (with and without its optional keys) and every
  // failure message.
  const fields = {
    id: Schema.String,
    createdAt: D.Millis,
    displayName: Schema.optionalKey(Schema.String),
    clientMetadata: D.Metadata,
    selectedTeam: Schema.NullOr(D.ClientTeam)
  }
  const ours = D.wireStruct(fields, { createdAt: "created_at_millis" })
  const reference = Schema.Struct(fields).pipe(
    Schema.encodeKeys({
      id: "id",
      createdAt: "created_at_millis",
      displayName: "display_name",
      clientMetadata: "client_metadata",
      selectedTeam: "selected_team"
    })
  )
  const decodeOurs = Schema.decodeUnknownExit(ours)
  const decodeReference = Schema.decodeUnknownExit(reference)
  const encodeOurs = Schema.encodeSync(ours)
  const encodeReference = Schema.encodeSync(reference)

  it.prop(
    "encodes like encodeKeys",
    [Arbitrary.schema(ours)],
    ([value]) => {
      const wire = encodeOurs(value)
      assert.deepStrictEqual(wire, encodeReference(value))
      assert.deepStrictEqual(Object.keys(wire), Object.keys(encodeReference(value)))
    },
    { arbitrary: { runs: 60 } }
  )

  it.prop(
    "decodes like encodeKeys, optional and defaulted keys left out or not",
    [Arbitrary.schema(ours), Arbitrary.schema(Schema.Tuple([Schema.Boolean, Schema.Boolean]))],
    ([value, [dropName, dropMetadata]]) => {
      const wire: Record<string, unknown> = { ...(throughJson(encodeOurs(value)) as Record<string, unknown>) }
      if (dropName) delete wire["display_name"]
      if (dropMetadata) delete wire["client_metadata"]
      const decoded = decodeOurs(wire)
      assert.deepStrictEqual(decoded, decodeReference(wire))
      if (decoded._tag === "Success") assert.strictEqual("displayName" in decoded.value, "display_name" in wire)
    },
    { arbitrary: { runs: 60 } }
  )

  it("fails like encodeKeys", () => {
    const bodies: ReadonlyArray<unknown> = [
      null,
      [],
      { id: 1, created_at_millis: 0, selected_team: null },
      { id: "u", created_at_millis: "soon", selected_team: null },
      { id: "u", created_at_millis: 0 },
      { id: "u", created_at_millis: 0, selected_team: { id: 2 } },
      { id: "u", createdAt: 0, selected_team: null }
    ]
    for (const body of bodies) {
      const exit = decodeOurs(body)
      assert.strictEqual(exit._tag, "Failure", JSON.stringify(body))
      assert.deepStrictEqual(String(exit), String(decodeReference(body)), JSON.stringify(body))
    }
  })
})
