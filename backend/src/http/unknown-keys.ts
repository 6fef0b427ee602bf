/**
 * The hosted service refuses request bodies with keys its schema does not name, at every level, with a
 * SCHEMA_ERROR line `<path> contains unknown properties: a, b` (yup's `noUnknown`). Effect's Schema drops
 * such keys instead, so the keys a schema knows are found by encoding the decoded body again: a key of the
 * request that its encoded form lacks is one the schema does not name. This works through unions (an OAuth
 * provider of either type) and nested lists alike.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { type RequestLine, schemaErrorOf } from "./request.js"

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The unknown-key lines of `raw` against `known` (its decoded value encoded again), one per object that has
 * any, in the hosted wording.
 *
 * @example unknownKeyLines("body", { a: 1, config: { b: 2, c: 3 } }, { a: 1, config: { b: 2 } }) // ["body.config contains unknown properties: c"]
 */
export const unknownKeyLines = (path: string, raw: unknown, known: unknown): ReadonlyArray<string> => {
  if (Array.isArray(raw) && Array.isArray(known)) {
    return raw.flatMap((item, index) => unknownKeyLines(`${path}[${index}]`, item, known[index]))
  }
  if (!isObject(raw) || !isObject(known)) return []
  const unknown = Object.keys(raw).filter((key) => !Object.hasOwn(known, key))
  const own = unknown.length === 0 ? [] : [`${path} contains unknown properties: ${unknown.join(", ")}`]
  return [...own, ...Object.keys(raw).filter((key) => Object.hasOwn(known, key)).flatMap((key) => unknownKeyLines(`${path}.${key}`, raw[key], known[key]))]
}

/** Fails with the SCHEMA_ERROR naming every unknown key of the body, if it has any. */
export const refuseUnknownKeys = <S extends Schema.Top & { readonly EncodingServices: never }>(
  schema: S,
  raw: unknown,
  decoded: S["Type"],
  request: RequestLine
): Effect.Effect<void, SchemaError> =>
  Effect.flatMap(
    // The value was just decoded with this schema, so it encodes; were it not to, no key is refused.
    Effect.orElseSucceed(Schema.encodeUnknownEffect(schema)(decoded), () => raw),
    (known) => {
      const lines = unknownKeyLines("body", raw, known)
      return lines.length === 0 ? Effect.void : Effect.fail(schemaErrorOf(request, lines))
    }
  )
