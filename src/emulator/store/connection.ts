/**
 * Builds the `Db` service from a driver. Drivers differ in one thing that matters: PGlite has a single
 * session, so a transaction must keep every other query out until it ends; PostgreSQL hands each
 * transaction its own pooled connection.
 */
import { randomUUID } from "node:crypto"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { type DbError, type DbShape, type Row, toDbError } from "./db.js"

/** One session of a driver. */
export interface Connection {
  readonly query: (sql: string, params: ReadonlyArray<unknown>) => Promise<ReadonlyArray<Row>>
  readonly exec: (sql: string) => Promise<void>
}

/** A connection held for the length of one transaction. */
export interface HeldConnection {
  readonly connection: Connection
  readonly release: Effect.Effect<void>
}

export interface Driver {
  readonly dialect: DbShape["dialect"]
  /** Runs work outside any transaction. */
  readonly run: <A>(work: (connection: Connection) => Promise<A>) => Effect.Effect<A, DbError>
  /** Takes a connection for a transaction; no other transaction sees it until released. */
  readonly hold: Effect.Effect<HeldConnection, DbError>
}

const attempt = <A>(work: () => Promise<A>): Effect.Effect<A, DbError> =>
  Effect.tryPromise({ try: work, catch: toDbError })

/** The `Db` service over a driver. */
export const makeDb = (driver: Driver): DbShape => {
  // Keyed per instance so two emulators in one process never see each other's transaction.
  const current = Context.Reference<Connection | undefined>(`stackfx/emulator/Db/transaction/${randomUUID()}`, {
    defaultValue: () => undefined
  })

  // Bumped by every statement that may write, and again after each COMMIT: read caches (ReadCache)
  // keep an entry only while the generation it was loaded under is still current.
  let generation = 0
  const mayWrite = (sql: string) => !/^\s*select\b/i.test(sql)

  const query = (sql: string, params: ReadonlyArray<unknown> = []) =>
    Effect.flatMap(current, (held) => {
      const run = held === undefined
        ? driver.run((connection) => connection.query(sql, params))
        : attempt(() => held.query(sql, params))
      if (!mayWrite(sql)) return run
      // Before and after: a read that overlaps the write must not be cached under either number.
      generation++
      return Effect.ensuring(run, Effect.sync(() => void generation++))
    })

  const exec = (sql: string) =>
    Effect.flatMap(current, (held) => {
      generation++
      return Effect.ensuring(
        held === undefined ? driver.run((connection) => connection.exec(sql)) : attempt(() => held.exec(sql)),
        Effect.sync(() => void generation++)
      )
    })

  const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | DbError, R> =>
    Effect.flatMap(current, (outer) =>
      outer !== undefined
        ? effect
        : Effect.uninterruptibleMask((restore) =>
          Effect.gen(function*() {
            const held = yield* driver.hold
            const { connection } = held
            const begun = yield* Effect.exit(attempt(() => connection.exec("BEGIN")))
            if (Exit.isFailure(begun)) {
              yield* held.release
              return yield* Effect.failCause(begun.cause)
            }
            const result = yield* Effect.exit(restore(Effect.provideService(effect, current, connection)))
            const finished = yield* Effect.exit(
              attempt(() => connection.exec(Exit.isSuccess(result) ? "COMMIT" : "ROLLBACK"))
            )
            generation++
            yield* held.release
            // A failed COMMIT means nothing was written: report it instead of the body's success.
            if (Exit.isSuccess(result) && Exit.isFailure(finished)) return yield* Effect.failCause(finished.cause)
            if (Exit.isFailure(finished)) {
              yield* Effect.logWarning("stackfx emulator: ROLLBACK failed", finished.cause)
            }
            return yield* result
          })
        ))

  return { query, exec, transaction, dialect: driver.dialect, generation: () => generation }
}
