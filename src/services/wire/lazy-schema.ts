/**
 * Schemas named through the codec (wire-codec.ts), for code on a program's first load, which must not import
 * a schema: the codec, and the schema with it, loads while the call's request is under way
 * (internal/wire-codec-load.ts).
 */
import type * as WireCodec from "./wire-codec.js"

/** The codec module's contents. */
export type WireCodecModule = typeof WireCodec

const LazySchemaId: unique symbol = Symbol.for("stackfx/LazySchema")

/**
 * A schema named through the codec module, for code on the first load (which must not import a schema):
 * `lazySchema((codec) => codec.schemas.ClientUser)`.
 */
export interface LazySchema<S> {
  readonly [LazySchemaId]: (codec: WireCodecModule) => S
}

/** See {@link LazySchema}. */
export const lazySchema = <S>(pick: (codec: WireCodecModule) => S): LazySchema<S> => ({ [LazySchemaId]: pick })

/** The schema itself, or the one a {@link LazySchema} names, given the loaded codec. @internal */
export const resolveSchema = <S>(schema: S | LazySchema<S>, codec: WireCodecModule): S =>
  typeof schema === "object" && schema !== null && LazySchemaId in schema
    ? (schema as LazySchema<S>)[LazySchemaId](codec)
    : (schema as S)
