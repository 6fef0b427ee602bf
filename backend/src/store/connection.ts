/**
 * Builds the `Db` service from a driver. Drivers differ in two things that matter: PGlite has a single
 * session, so a transaction must keep every other query out until it ends; PostgreSQL hands each
 * transaction its own pooled connection, and other processes may share the database, so every write is
 * announced to them (change-announcement.ts) and nothing is cached while their announcements cannot be heard.
 */
import { randomUUID } from "node:crypto"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { ANNOUNCE_SQL, CHANGES_CHANNEL, encodeAnnouncement } from "./change-announcement.js"
import { type DbError, type DbShape, type FeedStatus, type Row, toDbError } from "./db.js"

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
  /** Whether other processes may share the database: then writes are announced (PostgreSQL). */
  readonly shared: boolean
  /** Runs work outside any transaction. */
  readonly run: <A>(work: (connection: Connection) => Promise<A>) => Effect.Effect<A, DbError>
  /** Takes a connection for a transaction; no other transaction sees it until released. */
  readonly hold: Effect.Effect<HeldConnection, DbError>
}

const attempt = <A>(work: () => Promise<A>): Effect.Effect<A, DbError> =>
  Effect.tryPromise({ try: work, catch: toDbError })

/** Keys with a stamp of their own at most; beyond, all are forgotten at once (see `stamp`). */
const KEY_STAMPS_LIMIT = 10_000

/** What a transaction wrote so far, to announce before its COMMIT. */
interface Written {
  wrote: boolean
  everything: boolean
  readonly keys: Set<string>
}

/** The connection of the transaction under way, and what it wrote. */
interface Held {
  readonly connection: Connection
  readonly written: Written
}

/** The `Db` service over a driver. */
export const makeDb = (driver: Driver): DbShape => {
  const instance = randomUUID()
  // Keyed per instance so two local backends in one process never see each other's transaction.
  const current = Context.Reference<Held | undefined>(`stackfx-backend/Db/transaction/${instance}`, {
    defaultValue: () => undefined
  })
  // Shared: deaf until the change feed's first LISTEN (change-feed.ts), so nothing is cached before.
  let feed: FeedStatus = driver.shared ? "reconnecting" : "alone"

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
    // Deaf to the other processes: every read is stale at once, so nothing is served from or kept in a cache.
    if (feed === "reconnecting") stamp(undefined)
    const own = key === undefined ? undefined : keyStamps.get(key)
    return own === undefined || own < everything ? everything : own
  }
  const mayWrite = (sql: string) => !/^\s*select\b/i.test(sql)
  const announcement = (keys: ReadonlyArray<string> | undefined) => [
    CHANGES_CHANNEL,
    encodeAnnouncement(instance, keys)
  ]
  // A write is stamped here, and told to the other processes: outside a transaction once it succeeded (a
  // failed statement wrote nothing); inside one, noted for the announcement sent before its COMMIT.
  const stamped = <A>(held: Held | undefined, run: Effect.Effect<A, DbError>) =>
    Effect.flatMap(narrowed, (keys) => {
      stamp(keys)
      if (held !== undefined) {
        held.written.wrote = true
        if (keys === undefined) held.written.everything = true
        else for (const key of keys) held.written.keys.add(key)
      }
      const announced =
        driver.shared && held === undefined
          ? Effect.tap(run, () => driver.run((connection) => connection.query(ANNOUNCE_SQL, announcement(keys))))
          : run
      return Effect.ensuring(
        announced,
        Effect.sync(() => stamp(keys))
      )
    })

  const announceBeforeCommit = ({ connection, written }: Held) =>
    driver.shared && written.wrote
      ? attempt(() => connection.query(ANNOUNCE_SQL, announcement(written.everything ? undefined : [...written.keys])))
      : Effect.void

  const query = (sql: string, params: ReadonlyArray<unknown> = []) =>
    Effect.flatMap(current, (held) => {
      const run =
        held === undefined
          ? driver.run((connection) => connection.query(sql, params))
          : attempt(() => held.connection.query(sql, params))
      return mayWrite(sql) ? stamped(held, run) : run
    })

  const exec = (sql: string) =>
    Effect.flatMap(current, (held) =>
      stamped(
        held,
        held === undefined ? driver.run((connection) => connection.exec(sql)) : attempt(() => held.connection.exec(sql))
      )
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
              const inside: Held = { connection, written: { wrote: false, everything: false, keys: new Set() } }
              const result = yield* Effect.exit(
                restore(Effect.tap(Effect.provideService(effect, current, inside), () => announceBeforeCommit(inside)))
              )
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

  const peers = {
    instance,
    changed: stamp,
    status: () => feed,
    setStatus: (status: FeedStatus) => {
      feed = status
    }
  }

  return { query, exec, transaction, writesOnly, dialect: driver.dialect, generation, peers }
}
