/** The PostgreSQL driver (`pg`), used when the local backend is given a `postgres://` URL. */
import pg from "pg"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { makeDb } from "./connection.js"
import { type DbError, type DbShape, type Row, toDbError } from "./db.js"

/** The server could not be reached at start-up; `message` names it (without the password) and why. */
export class DatabaseUnreachable extends Schema.TaggedError<DatabaseUnreachable>()("DatabaseUnreachable", {
  url: Schema.String,
  message: Schema.String
}) {}

/** The URL without its password, fit for a message. */
export const redactUrl = (url: string): string => {
  if (!URL.canParse(url)) return "the --db URL"
  const parsed = new URL(url)
  if (parsed.password !== "") parsed.password = "***"
  return parsed.toString()
}

// A server that drops packets would otherwise leave start-up waiting forever.
const CONNECT_TIMEOUT_MS = 10_000

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
export const makePostgresDb = (url: string): Effect.Effect<DbShape, DbError | DatabaseUnreachable, Scope.Scope> =>
  Effect.gen(function* () {
    const pool = yield* Effect.acquireRelease(
      Effect.sync(() => new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })),
      (p) =>
        attempt(() => p.end()).pipe(
          Effect.catch((error) => Effect.logWarning("stackfx local backend: closing the pool failed", error.message))
        )
    )
    // Fail at start-up, not at the first request, when the server is unreachable.
    yield* attempt(() => pool.query("select 1")).pipe(
      Effect.mapError(
        (error) =>
          new DatabaseUnreachable({
            url: redactUrl(url),
            message: `Cannot reach PostgreSQL at ${redactUrl(url)}: ${error.message || error.code || "connection failed"}`
          })
      )
    )
    const poolConnection = asConnection(pool)
    return makeDb({
      dialect: "postgres",
      shared: true,
      run: (work) => attempt(() => work(poolConnection)),
      hold: Effect.map(
        attempt(() => pool.connect()),
        (client) => ({
          connection: asConnection(client),
          release: Effect.sync(() => client.release())
        })
      )
    })
  })
