/** The PostgreSQL driver (`pg`), used when the emulator is given a `postgres://` URL. */
import pg from "pg"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { makeDb } from "./connection.js"
import { Db, type DbError, type DbShape, type Row, toDbError } from "./db.js"

const attempt = <A>(work: () => Promise<A>) => Effect.tryPromise({ try: work, catch: toDbError })

const asConnection = (client: pg.Pool | pg.PoolClient) => ({
  query: async (sql: string, params: ReadonlyArray<unknown>): Promise<ReadonlyArray<Row>> => {
    const result = await client.query<Row>(sql, [...params])
    return result.rows
  },
  exec: async (sql: string): Promise<void> => {
    await client.query(sql)
  }
})

/** A pooled PostgreSQL `Db`; the pool ends when the scope closes. */
export const makePostgresDb = (url: string): Effect.Effect<DbShape, DbError, Scope.Scope> =>
  Effect.gen(function*() {
    const pool = yield* Effect.acquireRelease(
      Effect.sync(() => new pg.Pool({ connectionString: url, max: 10 })),
      (p) =>
        attempt(() => p.end()).pipe(
          Effect.catch((error) => Effect.logWarning("stackfx emulator: closing the pool failed", error.message))
        )
    )
    // Fail at start-up, not at the first request, when the server is unreachable.
    yield* attempt(() => pool.query("select 1"))
    const poolConnection = asConnection(pool)
    return makeDb({
      dialect: "postgres",
      run: (work) => attempt(() => work(poolConnection)),
      hold: Effect.map(attempt(() => pool.connect()), (client) => ({
        connection: asConnection(client),
        release: Effect.sync(() => client.release())
      }))
    })
  })

/** The `Db` layer over PostgreSQL. */
export const layerPostgres = (url: string): Layer.Layer<Db, DbError> => Layer.effect(Db, makePostgresDb(url))
