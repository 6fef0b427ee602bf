/**
 * Row decoding for repositories: a row schema names the camelCase fields and reads the snake_case
 * columns (the same convention as the wire), so a repository's SQL can select columns as they are.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { wireStruct } from "@stackfx/lib/domain/wire.js"
import { DbError, type Row } from "./db.js"

/** The text in `column` of the first row; undefined without a row or for SQL null. */
export const firstString = (rows: ReadonlyArray<Row>, column: string): string | undefined => {
  const value = rows[0]?.[column]
  return typeof value === "string" ? value : undefined
}

/** A row schema: camelCase fields read from snake_case columns. */
export const rowStruct = wireStruct

/** A `timestamptz` column; both drivers return `Date`. */
export const Timestamp = Schema.Date

/** A decoder of rows; an unexpected shape is a schema bug, reported as a `DbError`. */
export const rowDecoder = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) => {
  const decode = Schema.decodeUnknownEffect(schema)
  const one = (row: Row): Effect.Effect<S["Type"], DbError> =>
    Effect.mapError(decode(row), (error) => new DbError({ message: `unexpected row shape: ${error.message}` }))
  return {
    one,
    all: (rows: ReadonlyArray<Row>): Effect.Effect<ReadonlyArray<S["Type"]>, DbError> => Effect.forEach(rows, one),
    first: (rows: ReadonlyArray<Row>): Effect.Effect<S["Type"] | undefined, DbError> => {
      const row = rows[0]
      return row === undefined ? Effect.succeed(undefined) : one(row)
    }
  }
}
