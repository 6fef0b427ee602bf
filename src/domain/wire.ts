/**
 * Building blocks shared by every wire schema: a struct whose encoded keys are the snake_case of its
 * camelCase fields, plus the field shapes that recur across entities (timestamps, metadata, nullables), and
 * the hints a schema gives the client's compiled decoders (`withFastDecode`).
 *
 * Decoding tolerates unknown extra wire fields: effect's default `onExcessProperty: "ignore"` strips
 * them (the hosted service adds fields over time). Callers must not decode with `"error"`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import * as SchemaTransformation from "effect/SchemaTransformation"

// What a wire schema tells the client's compiled decoders (services/wire/wire-codec.ts) about itself where
// they cannot read it from its AST: a declaration's guard, a transformation, a key's decoding default. Only the
// hints live here, beside the schemas that give them; the compiler is client machinery and sits with the
// transport, so the local backend, which shares these schemas, never carries it. A hint only ever answers a
// value the schema itself would decode to, or `unsure`.

/** "Decode this with the schema": the compiled decoder could not vouch for the answer. @internal */
export const unsure: unique symbol = Symbol("stackfx/unsure")

/** A compiled decoder: the decoded value, or {@link unsure}. @internal */
export type FastDecode = (input: unknown) => unknown

/** One property of a struct to compile: read from `from`, written to `to` (the same key in a plain struct). @internal */
export interface FastField {
  readonly from: string
  readonly to: string
  readonly type: SchemaAST.AST
}

/** What a hint may build its decoder from: the compiler's own decoders of other schemas. @internal */
export interface FastCompiler {
  /** The compiled decoder of `schema`, or `undefined` when some part of it cannot be compiled. */
  readonly decoder: (schema: Schema.Top) => FastDecode | undefined
  /** A struct read key by key, each under its output key (a wire struct renames in the same pass). */
  readonly struct: (fields: ReadonlyArray<FastField>) => FastDecode | undefined
}

/** A schema's hint. @internal */
export interface FastDecodeHint {
  /** Builds the decoder, on first use; `undefined` when the schema has a part it cannot compile. */
  readonly compile: (compiler: FastCompiler) => FastDecode | undefined
  /** For a key with a decoding default: what a missing key decodes to. */
  readonly missing?: { readonly value: unknown }
}

// Keyed by AST node: a schema used as a field or union member appears in its parent only as its AST. Written
// once, when the schema is declared, and never changed: an annotation the AST cannot carry (an optional key
// or a default makes a new node), not a cache.
const hints = new WeakMap<SchemaAST.AST, FastDecodeHint>()

/**
 * `schema`, with the compiler told how it decodes where it cannot read that from the AST: a declaration
 * with its guard, a transformation, a key with a default (`missing`: what a missing key decodes to).
 * `compile` must answer only what the schema would. @internal
 */
export const withFastDecode = <S extends Schema.Top>(
  schema: S,
  compile: (compiler: FastCompiler) => FastDecode | undefined,
  missing?: { readonly value: unknown }
): S => {
  hints.set(schema.ast, missing === undefined ? { compile } : { compile, missing })
  return schema
}

/** The hint given for `ast`, if any. @internal */
export const fastDecodeHint = (ast: SchemaAST.AST): FastDecodeHint | undefined => hints.get(ast)

/** effect's own check, for everything the quick one does not settle. */
const isJson = Schema.is(Schema.Json)

const isJsonLeaf = (u: unknown): boolean =>
  u === null || typeof u === "string" || typeof u === "boolean" || (typeof u === "number" && Number.isFinite(u))

/** Exactly `isJson(u)`, without allocating for plain values (see {@link JsonValue}); test/domain/json-value.prop.test.ts checks it on generated values. @internal */
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

// The compiled decode of JSON (the hints above): both declarations below answer the value itself when
// it is JSON.
const decodeJsonValue = (u: unknown): unknown => (isJsonValue(u) ? u : unsure)

/**
 * A JSON value, as `Schema.Json` (same annotations, same answers) with a check that allocates nothing for
 * the usual metadata: `{}` or an object or array of plain values. effect's check walks any value with a
 * WeakMap against cycles, and a metadata field, decoded with a default for a missing key, is checked twice:
 * four WeakMaps for every `ClientUser` an answer carries. Anything deeper goes to effect's own check.
 * @internal
 */
export const JsonValue: Schema.Codec<Schema.Json> = /* @__PURE__ */ withFastDecode(
  Schema.declare(isJsonValue, Schema.Json.ast.annotations as Schema.Annotations.Declaration<Schema.Json>),
  () => decodeJsonValue
)

withFastDecode(Schema.Json, () => decodeJsonValue)

/** `signedUpAt` -> `"signed_up_at"`, at the type level (mirrors {@link snakeCase}). */
export type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S

/** The default mapping from each field name to its wire name. */
export type SnakeKeys<F> = { readonly [K in keyof F & string]: SnakeCase<K> }

/** `signedUpAt` -> `"signed_up_at"`, at runtime. @internal */
export const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/**
 * Wire names that are not the plain snake_case of the field (e.g. `signedUpAt` -> `signed_up_at_millis`).
 */
export type WireOverrides<F> = { readonly [K in keyof F]?: string }

/** The encoded-key mapping `wireStruct` hands to `Schema.encodeKeys`. */
export type WireKeys<F, O> = Omit<SnakeKeys<F>, keyof O> & O

/** The schema type `wireStruct` returns. */
export type WireStruct<F extends Schema.Struct.Fields, O extends WireOverrides<F>> = Schema.encodeKeys<
  Schema.Struct<F>,
  WireKeys<F, O>
>

/**
 * A struct whose `Type` uses the camelCase field names and whose `Encoded` uses their snake_case,
 * except where `overrides` names the wire key explicitly.
 *
 * @example
 * const Team = wireStruct({ id: Schema.String, createdAt: Millis }, { createdAt: "created_at_millis" })
 * // Type: { id: string; createdAt: Date }   Encoded: { id: string; created_at_millis: number }
 * @internal
 */
export const wireStruct = <const F extends Schema.Struct.Fields, const O extends WireOverrides<F> = {}>(
  fields: F,
  overrides?: O
): WireStruct<F, O> => {
  const names: ReadonlyArray<WireName> = Object.keys(fields).map((key) => ({
    field: key,
    wire: (overrides as Readonly<Record<string, string | undefined>> | undefined)?.[key] ?? snakeCase(key)
  }))
  const encoded: Record<string, Schema.Constraint> = {}
  for (const { field, wire } of names) encoded[wire] = Schema.toEncoded(fields[field] as Schema.Top)
  // The same schema `Schema.encodeKeys(mapping)` builds (the wire struct, then a rename into `fields`),
  // with a rename that copies the known keys instead of reflecting over every key of every answer: this
  // rename ran on every decoded entity and was about a fifth of the `ClientUser` decode.
  const domain: Schema.Struct<Schema.Struct.Fields> = Schema.Struct(fields)
  const toFields = renameKeys(names.map(({ field, wire }) => [wire, field] as const))
  const schema = Schema.Struct(encoded).pipe(
    Schema.decodeTo(
      domain,
      SchemaTransformation.transform({
        decode: toFields,
        encode: renameKeys(names.map(({ field, wire }) => [field, wire] as const))
      })
    )
  )
  // An answer decodes in one pass where it can: each wire key checked and written under its field's name.
  withFastDecode(schema, (compile) =>
    compile.struct(names.map(({ field, wire }) => ({ from: wire, to: field, type: (fields[field] as Schema.Top).ast })))
  )
  // The runtime keys are built from the same rule the SnakeCase type encodes; TS cannot follow the loop.
  return schema as unknown as WireStruct<F, O>
}

interface WireName {
  readonly field: string
  readonly wire: string
}

/**
 * The keys of `input` listed in `pairs`, each under its new name; a key `input` lacks stays absent (an
 * optional field). The struct decoded or encoded just before holds only its own fields, so no other key
 * can be lost.
 */
const renameKeys =
  (pairs: ReadonlyArray<readonly [from: string, to: string]>) =>
  (input: Readonly<Record<string, unknown>>): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (let i = 0; i < pairs.length; i++) {
      const [from, to] = pairs[i] as readonly [string, string]
      if (Object.hasOwn(input, from)) out[to] = input[from]
    }
    return out
  }

/** The milliseconds `DateFromMillis` decodes: an integer that makes a valid `Date`. */
const millisToDate = (u: unknown): unknown => {
  if (typeof u !== "number" || !Number.isSafeInteger(u)) return unsure
  const date = new Date(u)
  return Number.isNaN(date.getTime()) ? unsure : date
}

/** Epoch milliseconds on the wire, a `Date` in the domain. @internal */
export const Millis = /* @__PURE__ */ withFastDecode(Schema.DateFromMillis, () => millisToDate)

/** A value that may be `null`; a missing wire key also decodes to `null` (encoding always writes it). @internal */
export const nullableKey = <S extends Schema.Top>(schema: S) => {
  const nullable = Schema.NullOr(schema)
  return withFastDecode(
    nullable.pipe(Schema.withDecodingDefaultKey(Effect.succeed(null))),
    (compile) => compile.decoder(nullable),
    { value: null }
  )
}

/**
 * `Schema.optionalKey(schema)` that the compiled decoders still read in one pass when `schema` has a
 * transformation of its own they were told about (`Millis`): an optional key is a new AST node, which
 * does not carry the registration of the node it wraps.
 * @internal
 */
export const optionalWireKey = <S extends Schema.Top>(schema: S) =>
  withFastDecode(Schema.optionalKey(schema), (compile) => compile.decoder(schema))

/**
 * A field the hosted service marks deprecated or optional but that the domain type keeps: a missing wire key
 * decodes to `fallback` (encoding always writes the field). For fields a newer service may stop sending.
 * @internal
 */
export const defaultedKey = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  fallback: S["Type"]
) =>
  withFastDecode(
    schema.pipe(Schema.withDecodingDefaultKey(Effect.succeed(fallback))),
    (compile) => compile.decoder(schema),
    { value: fallback }
  )

/**
 * A boolean the hosted service added later: a missing wire key decodes to `false` (encoding always writes
 * it), so answers of older deployments still decode. @internal
 */
export const falseWhenMissing = /* @__PURE__ */ defaultedKey(Schema.Boolean, false)

/**
 * Free JSON metadata (client, client read-only and server metadata). Its keys are the developer's own and
 * are never renamed. A missing key decodes to `null`, which is what the hosted service stores by default.
 * @internal
 */
export const Metadata = /* @__PURE__ */ withFastDecode(
  JsonValue.pipe(Schema.withDecodingDefaultKey(Effect.succeed(null))),
  (compile) => compile.decoder(JsonValue),
  { value: null }
)

/** The type of a metadata value. @internal */
export type Metadata = Schema.Json

/** An id-only reference, as in `[{ id }]` lists (enabled OAuth providers, default permissions). @internal */
export const IdRef = Schema.Struct({ id: Schema.String })
/** @internal */
export type IdRef = typeof IdRef.Type
