/**
 * The SQL connection the local backend's repositories share. One PostgreSQL dialect serves both drivers
 * (embedded PGlite and a real PostgreSQL), so repositories write plain `$1`-parameterised SQL.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** A row as a driver returns it: column name to value (timestamptz as `Date`, jsonb parsed). */
export type Row = Readonly<Record<string, unknown>>

/** A statement failed; `code` is the PostgreSQL SQLSTATE when the driver reports one (23505 = unique violation). */
export class DbError extends Schema.TaggedError<DbError>()("DbError", {
  message: Schema.String,
  code: Schema.optional(Schema.String),
  constraint: Schema.optional(Schema.String),
  cause: Schema.optional(Schema.Defect())
}) {}

/** What a store function returns: an Effect that needs the database of the context and may fail with `DbError`. */
export type DbEffect<A, E = never> = Effect.Effect<A, DbError | E, Db>

/** SQLSTATE of a unique-constraint violation. */
export const UNIQUE_VIOLATION = "23505"

export interface DbShape {
  /** Runs one parameterised statement (inside the current transaction, if any). */
  readonly query: (sql: string, params?: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<Row>, DbError>
  /** Runs several statements without parameters (migrations). */
  readonly exec: (sql: string) => Effect.Effect<void, DbError>
  /**
   * Runs `effect` in one transaction: committed when it succeeds, rolled back when it fails or is
   * interrupted. Nested calls join the outer transaction.
   */
  readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | DbError, R>
  /**
   * A number that changes whenever data may have changed (any statement other than a SELECT, and every
   * COMMIT). In-memory caches of query results stay valid while it stays the same. With a `key` (a read
   * cache's key, see ReadCache), the generation of what that key holds: it also changes on every write,
   * except writes inside `writesOnly` that name other keys.
   */
  readonly generation: (key?: string) => number
  /**
   * Runs `effect`, whose writes change nothing but what the read-cache `keys` hold (the caller's promise):
   * its statements and COMMIT move the generation of those keys only, so the other cached reads (other
   * users, the projects) stay valid. Every write outside it moves them all.
   */
  readonly writesOnly: <A, E, R>(keys: ReadonlyArray<string>, effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Which driver answers, for logs and the benchmark. */
  readonly dialect: "pglite" | "postgres"
  /** What other processes on the same database change, and how this one hears of it (change-feed.ts). */
  readonly peers: Peers
}

/**
 * How this process learns of other processes' writes. PGlite has one process, so it never hears of any
 * (`"alone"`). On PostgreSQL every committed write is announced on a channel (`NOTIFY`), and the change feed
 * (change-feed.ts) reports what others announced through `changed`; while its connection is down
 * (`"reconnecting"`, and before its first `LISTEN`) nothing may be cached, since nothing would be told.
 */
export type FeedStatus = "alone" | "listening" | "reconnecting"

export interface Peers {
  /** This process's id in announcements, so it ignores its own. */
  readonly instance: string
  /** Another process wrote what the read-cache `keys` hold (`undefined`: anything). */
  readonly changed: (keys: ReadonlyArray<string> | undefined) => void
  readonly status: () => FeedStatus
  readonly setStatus: (status: FeedStatus) => void
}

/**
 * The local backend's database. Stores and operations reach it through the context, never as a parameter
 * (test/architecture.test.ts): `Db.query(sql, params)` is an Effect that requires `Db`, and
 * `Db.transaction(effect)` runs `effect` in one transaction. A transaction provides its connection to
 * everything that runs inside it through the context (connection.ts: `Effect.provideService` of the held
 * connection), so every `Db.query` of a store function called within joins it, however deep the call.
 */
export class Db extends Context.Service<Db, DbShape>()("stackfx-backend/Db") {
  /** One parameterised statement, inside the current transaction if any. */
  static readonly query = (
    sql: string,
    params?: ReadonlyArray<unknown>
  ): Effect.Effect<ReadonlyArray<Row>, DbError, Db> => Db.use((db) => db.query(sql, params))
  /** One parameterised statement whose rows nobody reads (an insert, update or delete). */
  static readonly run = (sql: string, params?: ReadonlyArray<unknown>): Effect.Effect<void, DbError, Db> =>
    Effect.asVoid(Db.query(sql, params))
  /** Several statements without parameters (migrations). */
  static readonly exec = (sql: string): Effect.Effect<void, DbError, Db> => Db.use((db) => db.exec(sql))
  /** `effect` in one transaction (see DbShape.transaction); nested calls join the outer one. */
  static readonly transaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | DbError, R | Db> =>
    Db.use((db) => db.transaction(effect))
  /**
   * For a service built in a Layer, whose members require nothing: the function that provides them the
   * database the Layer was built with (`const withDb = yield* Db.provider`).
   */
  static readonly provider: Effect.Effect<
    <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, Exclude<R, Db>>,
    never,
    Db
  > = Db.useSync((db) => Effect.provideService(Db, db))
  /** `effect`, whose writes change only what the read-cache `keys` hold (see DbShape.writesOnly). */
  static readonly writesOnly = <A, E, R>(
    keys: ReadonlyArray<string>,
    effect: Effect.Effect<A, E, R>
  ): Effect.Effect<A, E, R | Db> => Db.use((db) => db.writesOnly(keys, effect))
}

/** Wraps a driver's rejection into a `DbError`, keeping SQLSTATE and constraint when present. */
export const toDbError = (cause: unknown): DbError => {
  const fields = typeof cause === "object" && cause !== null ? (cause as Record<string, unknown>) : {}
  const code = typeof fields["code"] === "string" ? fields["code"] : undefined
  const constraint = typeof fields["constraint"] === "string" ? fields["constraint"] : undefined
  const message = cause instanceof Error ? cause.message : String(cause)
  return new DbError({
    message,
    ...(code === undefined ? {} : { code }),
    ...(constraint === undefined ? {} : { constraint }),
    cause
  })
}

/** True when the statement failed on the unique constraint (or index) named `constraint`. */
export const isUniqueViolation = (error: DbError, constraint?: string): boolean =>
  error.code === UNIQUE_VIOLATION && (constraint === undefined || error.constraint === constraint)
