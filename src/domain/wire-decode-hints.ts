/**
 * What a wire schema tells the client's compiled decoders (services/wire/fast-decode.ts) about
 * itself where they cannot read it from its AST: a declaration's guard, a transformation, a key's decoding
 * default. Only the hints live here, beside the schemas that give them; the compiler is client machinery
 * and sits with the transport, so the local backend, which shares these schemas, never carries it.
 *
 * A hint only ever answers a value the schema itself would decode to, or `unsure`.
 */
import type * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"

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
