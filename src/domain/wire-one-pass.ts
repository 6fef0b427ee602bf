/**
 * The one-pass decode of a wire struct. `wireStruct` builds its schema as effect's `encodeKeys` does: the
 * wire-keyed struct of the encoded fields, a rename, then the camelCase struct decoding every field again.
 * An answer that fits decodes the same in one pass: each wire key through its field's own schema, then the
 * rename. The decoders use it for answers (a `ClientUser` in about half the time); an answer that does not
 * fit is decoded again by the schema itself, so its error is exactly the schema's.
 * test/domain/wire-one-pass.prop.test.ts checks both decodes agree on generated answers, valid or not.
 */
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"

type Rename = (input: Readonly<Record<string, unknown>>) => Record<string, unknown>

interface Parts {
  /** Each wire key with its field's own schema (decoded side included). */
  readonly wireFields: Readonly<Record<string, Schema.Top>>
  /** Wire keys to field names. */
  readonly rename: Rename
  decode?: (input: unknown) => Exit.Exit<unknown, Schema.SchemaError>
}

const registry = new WeakMap<object, Parts>()

/** Called by `wireStruct` for the schema it returns. @internal */
export const registerOnePass = (
  schema: object,
  wireFields: Readonly<Record<string, Schema.Top>>,
  rename: Rename
): void => {
  registry.set(schema, { wireFields, rename })
}

/**
 * The one-pass decoder of `schema` when it is a wire struct (the very object `wireStruct` returned), else
 * `undefined`. Its failure means only "decode with the schema itself": it carries no usable error.
 * @internal
 */
export const onePassDecoder = (schema: object): ((input: unknown) => Exit.Exit<unknown, unknown>) | undefined => {
  const parts = registry.get(schema)
  if (parts === undefined) return undefined
  // Built on first use: most wire structs never decode an answer on a given page. The fields are those of
  // a wire struct, whose decoding needs no services (its own type says so).
  const decode = parts.decode ??= Schema.decodeUnknownExit(
    Schema.Struct(parts.wireFields) as unknown as Schema.Decoder<unknown>
  )
  return (input) => {
    const exit = decode(input)
    return Exit.isSuccess(exit) ? Exit.succeed(parts.rename(exit.value as Readonly<Record<string, unknown>>)) : exit
  }
}
