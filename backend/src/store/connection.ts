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

/** Keys with a stamp of their own at most; beyond, all are forgotten at once (see `stamp`). */
const KEY_STAMPS_LIMIT = 10_000

/** The `Db` service over a driver. */
export const makeDb = (driver: Driver): DbShape => {
  // Keyed per instance so two local backends in one process never see each other's transaction.
  const current = Context.Reference<Connection | undefined>(`stackfx-backend/Db/transaction/${randomUUID()}`, {
    defaultValue: () => undefined
  })

  // What cached reads may rely on (see ReadCache). Stamps come from one counter that only grows, so a
  // stamp is never handed out twice: a write outside `writesOnly` stamps everything (`everything`), one
  // inside stamps only the keys it names. A key's generation is the later of its own stamp and
  // `everything`'s. Statements stamp before and after, so a read that overlaps the write is not cached
  // under either value, and every COMMIT stamps again.
  let clock = 0
  let everything = 0
  const keyStamps = new Map<string, number>()
  const narrowed = Context.Reference<ReadonlyArray<string> | undefined>(
    `stackfx-backend/Db/writesOnly/${randomUUID()}`,
    {
      defaultValue: () => undefined
    }
  )
  const stamp = (keys: ReadonlyArray<string> | undefined) => {
    clock++
    if (keys === undefined) {
      everything = clock
      return
    }
    if (keyStamps.size + keys.length > KEY_STAMPS_LIMIT) {
      // Forgetting a key's stamp would hand it an older generation again; stamping everything instead
      // keeps every generation from ever going back.
      keyStamps.clear()
      everything = clock
      return
    }
    for (const key of keys) keyStamps.set(key, clock)
  }
  const generation = (key?: string) => {
    const own = key === undefined ? undefined : keyStamps.get(key)
    return own === undefined || own < everything ? everything : own
  }
  const mayWrite = (sql: string) => !/^\s*select\b/i.test(sql)
  const stamped = <A>(run: Effect.Effect<A, DbError>) =>
    Effect.flatMap(narrowed, (keys) => {
      stamp(keys)
      return Effect.ensuring(
        run,
        Effect.sync(() => stamp(keys))
      )
    })

  const query = (sql: string, params: ReadonlyArray<unknown> = []) =>
    Effect.flatMap(current, (held) => {
      const run =
        held === undefined
          ? driver.run((connection) => connection.query(sql, params))
          : attempt(() => held.query(sql, params))
      return mayWrite(sql) ? stamped(run) : run
    })

  const exec = (sql: string) =>
    Effect.flatMap(current, (held) =>
      stamped(held === undefined ? driver.run((connection) => connection.exec(sql)) : attempt(() => held.exec(sql)))
    )

  const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | DbError, R> =>
    Effect.flatMap(current, (outer) =>
      outer !== undefined
        ? effect
        : Effect.uninterruptibleMask((restore) =>
            Effect.gen(function* () {
              const keys = yield* narrowed
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
              stamp(keys)
              yield* held.release
              // A failed COMMIT means nothing was written: report it instead of the body's success.
              if (Exit.isSuccess(result) && Exit.isFailure(finished)) return yield* Effect.failCause(finished.cause)
              if (Exit.isFailure(finished)) {
                yield* Effect.logWarning("stackfx local backend: ROLLBACK failed", finished.cause)
              }
              return yield* result
            })
          )
    )

  const writesOnly = <A, E, R>(keys: ReadonlyArray<string>, effect: Effect.Effect<A, E, R>) =>
    Effect.provideService(effect, narrowed, keys)

  return { query, exec, transaction, writesOnly, dialect: driver.dialect, generation }
}
