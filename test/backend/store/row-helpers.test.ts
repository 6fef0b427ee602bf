/**
 * The repositories' row helpers (backend/src/store/rows.ts): the statement `rowInsert` and `rowTable` send for
 * a row, read off a `Db` that records what it is asked.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbShape, type Row } from "../../../backend/src/store/db.js"
import { rowInsert, rowStruct, rowTable, Timestamp } from "../../../backend/src/store/rows.js"

const recording = (answer: ReadonlyArray<Row>) => {
  const sent: Array<{ readonly sql: string; readonly params: ReadonlyArray<unknown> }> = []
  const db: DbShape = {
    query: (sql, params = []) => Effect.sync(() => (sent.push({ sql, params }), answer)),
    exec: () => Effect.void,
    transaction: (effect) => effect,
    generation: () => 0,
    writesOnly: (_, effect) => effect,
    dialect: "pglite",
    peers: { instance: "test", changed: () => undefined, status: () => "alone", setStatus: () => undefined }
  }
  return { sent, db }
}

const TeamRow = rowStruct({ id: Schema.String, displayName: Schema.String, createdAt: Timestamp })

describe("row helpers", () => {
  it.effect("rowInsert sends one $n a column, each value read under the column's camelCase name", () =>
    Effect.gen(function* () {
      const { sent, db } = recording([])
      const insert = rowInsert("teams", "id, project_id, display_name", "on conflict do nothing")
      // Fields the table does not have are not sent.
      const row = { id: "t1", projectId: "p1", displayName: "Team", extra: "not a column" }
      yield* insert(row).pipe(Effect.provideService(Db, db))
      assert.deepStrictEqual(sent, [
        {
          sql: "insert into teams (id, project_id, display_name) values ($1, $2, $3) on conflict do nothing",
          params: ["t1", "p1", "Team"]
        }
      ])
      // @ts-expect-error a row without one of the columns does not compile
      void insert({ id: "t1", projectId: "p1" })
    })
  )

  it.effect("rowTable selects the row schema's columns where the caller says, and decodes the answer", () =>
    Effect.gen(function* () {
      const createdAt = new Date(0)
      const { sent, db } = recording([{ id: "t1", display_name: "Team", created_at: createdAt }])
      const teams = rowTable("teams", TeamRow)
      assert.strictEqual(teams.columns, "id, display_name, created_at")
      const found = yield* teams.first("project_id = $1 and id = $2", ["p1", "t1"]).pipe(Effect.provideService(Db, db))
      assert.deepStrictEqual(found, { id: "t1", displayName: "Team", createdAt })
      assert.deepStrictEqual(sent, [
        {
          sql: "select id, display_name, created_at from teams where project_id = $1 and id = $2",
          params: ["p1", "t1"]
        }
      ])
      const computed = rowTable("teams", TeamRow, "id, name as display_name, created_at")
      assert.strictEqual(computed.columns, "id, name as display_name, created_at")
    })
  )

  it.effect("rowTable reports a row of another shape as a DbError", () =>
    Effect.gen(function* () {
      const { db } = recording([{ id: 1 }])
      const error = yield* rowTable("teams", TeamRow)
        .all("project_id = $1", ["p1"])
        .pipe(Effect.provideService(Db, db), Effect.flip)
      assert.strictEqual(error._tag, "DbError")
    })
  )
})
