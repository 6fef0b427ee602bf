/**
 * `JsonValue`: effect's `Schema.Json` (same annotations, same answers) with a check that allocates nothing
 * for the usual metadata: `{}` or an object or array of plain values. effect's check walks any value with
 * a WeakMap against cycles, and a metadata field, decoded with a default for a missing key, is checked
 * twice: four WeakMaps for every `ClientUser` an answer carries. Anything deeper goes to effect's own check.
 */
import * as Schema from "effect/Schema"
import { unsure, withFastDecode } from "./wire-decode-hints.js"

/** effect's own check, for everything the quick one does not settle. */
const isJson = Schema.is(Schema.Json)

const isJsonLeaf = (u: unknown): boolean =>
  u === null || typeof u === "string" || typeof u === "boolean" || (typeof u === "number" && Number.isFinite(u))

/** Exactly `isJson(u)`; test/domain/json-value.prop.test.ts checks it on generated values. @internal */
export const isJsonValue = (u: unknown): u is Schema.Json => {
  if (typeof u !== "object" || u === null) return isJsonLeaf(u)
  if (Array.isArray(u)) {
    for (let i = 0; i < u.length; i++) if (!isJsonLeaf(u[i])) return isJson(u)
    return true
  }
  const prototype: unknown = Object.getPrototypeOf(u)
  if (prototype !== null && prototype !== Object.prototype) return isJson(u)
  for (const key in u) {
    if (Object.hasOwn(u, key) && !isJsonLeaf((u as Readonly<Record<string, unknown>>)[key])) return isJson(u)
  }
  return true
}

// The compiled decode of JSON (wire-decode-hints.ts): both declarations below answer the value itself when
// it is JSON.
const decodeJsonValue = (u: unknown): unknown => (isJsonValue(u) ? u : unsure)

/** A JSON value, as `Schema.Json`. @internal */
export const JsonValue: Schema.Codec<Schema.Json> = /* @__PURE__ */ withFastDecode(
  Schema.declare(isJsonValue, Schema.Json.ast.annotations as Schema.Annotations.Declaration<Schema.Json>),
  () => decodeJsonValue
)

withFastDecode(Schema.Json, () => decodeJsonValue)
