/**
 * Pieces of parameterised SQL that several repositories build the same way: JSON parameters, the `where`
 * of an optional-filter listing and the `set` of a partial update. Column names always come from the
 * repository's own constants, never from input; values always travel as `$n` parameters.
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { Db, type DbEffect } from "./db.js"

/** A JSON column's parameter; SQL null stays null. */
export const jsonParam = (value: Schema.Json | null): string | null => (value === null ? null : JSON.stringify(value))

/** `column = $n and ...` for every pair whose value is defined; the values are appended to `params`. */
export const whereEqual = (
  params: Array<unknown>,
  pairs: ReadonlyArray<readonly [column: string, value: unknown]>
): string =>
  pairs
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => {
      params.push(value)
      return `${column} = $${params.length}`
    })
    .join(" and ")

/** How a patch field maps to its column; `json` columns are sent as JSON text. */
export type PatchColumns<P> = ReadonlyArray<readonly [field: keyof P, column: string, json?: boolean]>

/** `column = $n` for every field of `patch` that is present (null sets SQL null); the values are appended to `params`. */
export const setClauses = <P extends object>(
  params: Array<unknown>,
  columns: PatchColumns<P>,
  patch: P
): ReadonlyArray<string> =>
  columns.flatMap(([field, column, json]) => {
    const value = patch[field]
    if (value === undefined) return []
    params.push(json === true && value !== null ? JSON.stringify(value) : value)
    return [`${column} = $${params.length}`]
  })

/**
 * `update <table> set ... where <keys>` for the fields of `patch` that are present (an absent or
 * undefined field stays as it is, null sets SQL null); no statement at all when none is present.
 */
export const updateColumns = <P extends object>(
  table: string,
  keys: ReadonlyArray<readonly [column: string, value: unknown]>,
  columns: PatchColumns<P>,
  patch: P
): DbEffect<void> => {
  const params: Array<unknown> = keys.map(([, value]) => value)
  const sets = setClauses(params, columns, patch)
  if (sets.length === 0) return Effect.void
  const where = keys.map(([column], i) => `${column} = $${i + 1}`).join(" and ")
  return Db.run(`update ${table} set ${sets.join(", ")} where ${where}`, params)
}
