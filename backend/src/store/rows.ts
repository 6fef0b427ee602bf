/**
 * Row decoding for repositories: a row schema names the camelCase fields and reads the snake_case
 * columns (the same convention as the wire), so a repository's SQL can select columns as they are.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import { wireStruct } from "@stackfx/lib/domain/wire.js"
import { Db, type DbEffect, DbError, type Row } from "./db.js"

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

/**
 * The columns of a row schema: its fields' snake_case names, in order. Row schemas are `rowStruct`s, whose
 * encoded side is an object; anything else names no column, and its select fails as a `DbError`.
 */
const columnsOf = (schema: Schema.Top): string => {
  const encoded = SchemaAST.toEncoded(schema.ast)
  return SchemaAST.isObjects(encoded) ? encoded.propertySignatures.map((p) => String(p.name)).join(", ") : ""
}

/**
 * One table's rows: its decoder (`rows`), its columns (those of the row schema unless given, e.g. with a
 * computed one) and its reads, `select <columns> from <table> where <where>`. The caller's `where` names the
 * project of every row it reads (tenant isolation) and may end in an `order by`; values travel as `$n`
 * parameters, the table and columns are the repository's own constants.
 */
export const rowTable = <S extends Schema.Top & { readonly DecodingServices: never }>(
  table: string,
  schema: S,
  columns: string = columnsOf(schema)
) => {
  const rows = rowDecoder(schema)
  const select = (where: string, params: ReadonlyArray<unknown>) =>
    Db.query(`select ${columns} from ${table} where ${where}`, params)
  return {
    rows,
    columns,
    /** The first row where `where` holds, if any. */
    first: (where: string, params: ReadonlyArray<unknown>): DbEffect<S["Type"] | undefined> =>
      Effect.flatMap(select(where, params), rows.first),
    /** Every row where `where` holds. */
    all: (where: string, params: ReadonlyArray<unknown>): DbEffect<ReadonlyArray<S["Type"]>> =>
      Effect.flatMap(select(where, params), rows.all)
  }
}

/** `project_id` -> `projectId`, at the type level. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S
/** The names of a comma-separated column list. */
type ColumnNames<S extends string> = S extends `${infer Column}, ${infer Rest}` ? Column | ColumnNames<Rest> : S
/** The row an insert into `columns` takes: a value under each column's camelCase name. */
export type InsertRow<Columns extends string> = { readonly [K in CamelCase<ColumnNames<Columns>>]: unknown }

const camelCase = (column: string): string => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())

/**
 * `insert into <table> (<columns>) values ($1, ...)`, one value a column read from the row under the column's
 * camelCase name (the compiler checks the row has every one); `suffix` is what follows (`on conflict ...`).
 * The table and columns are the repository's own constants; values travel as parameters.
 */
export const rowInsert = <const Columns extends string>(table: string, columns: Columns, suffix = "") => {
  const names = columns.split(", ")
  const sql = `insert into ${table} (${columns}) values (${names.map((_, i) => `$${i + 1}`).join(", ")})${suffix === "" ? "" : ` ${suffix}`}`
  const fields = names.map(camelCase)
  return (row: InsertRow<Columns>): DbEffect<void> =>
    Db.run(
      sql,
      fields.map((field) => (row as Readonly<Record<string, unknown>>)[field])
    )
}
