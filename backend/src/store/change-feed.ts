/**
 * The change feed: one connection per process that `LISTEN`s for the writes other processes on the same
 * PostgreSQL announce (change-announcement.ts) and drops what this process cached of them (`Db.peers`), so
 * another instance's write is seen here within the time a notification takes (docs/benchmarks.md).
 *
 * A notification that arrives while the connection is down is lost for good, so while it is down (and
 * before the first `LISTEN`), `Db.generation` changes on every call and nothing is served from a cache; the
 * connection is made again on a Schedule, and once listening, everything cached before is dropped.
 */
import pg from "pg"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import type * as Scope from "effect/Scope"
import { CHANGES_CHANNEL, decodeAnnouncement } from "./change-announcement.js"
import { DbError, type DbShape, toDbError } from "./db.js"

const CONNECT_TIMEOUT_MS = 10_000

/** Quick at first (a restarted server is back in moments), then once a second. */
const reconnecting = Schedule.min([Schedule.exponential("50 millis"), Schedule.spaced("1 second")])

const attempt = <A>(work: () => Promise<A>) => Effect.tryPromise({ try: work, catch: toDbError })

/** One connection's life: connects, listens, and fails when the connection is lost. */
const listenOnce = (
  url: string,
  peers: DbShape["peers"],
  settled: Deferred.Deferred<void>
): Effect.Effect<never, DbError, Scope.Scope> =>
  Effect.gen(function* () {
    const lost = yield* Deferred.make<never, DbError>()
    const client = yield* Effect.acquireRelease(
      Effect.sync(() => new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })),
      (client) =>
        attempt(() => client.end()).pipe(
          Effect.catch((error) =>
            Effect.logDebug("stackfx local backend: closing the change feed's connection failed", error.message)
          )
        )
    )
    // Registered before connecting: a client without an `error` listener would crash the process.
    client.on("error", (error) => Deferred.doneUnsafe(lost, Effect.fail(toDbError(error))))
    client.on("end", () =>
      Deferred.doneUnsafe(lost, Effect.fail(new DbError({ message: "the change feed's connection ended" })))
    )
    client.on("notification", (message) => {
      if (message.channel !== CHANGES_CHANNEL) return
      const announced = decodeAnnouncement(message.payload)
      // A payload no stackfx process wrote still says the data changed.
      if (announced === undefined) peers.changed(undefined)
      else if (announced.instance !== peers.instance) peers.changed(announced.keys)
    })
    yield* attempt(() => client.connect())
    yield* attempt(() => client.query(`listen ${CHANGES_CHANNEL}`))
    // Whatever was written while nobody here listened is unknown: drop everything cached, then trust the feed.
    peers.changed(undefined)
    peers.setStatus("listening")
    yield* Deferred.succeed(settled, undefined)
    return yield* Deferred.await(lost)
  })

/**
 * Runs the change feed of a database (its `peers`) until the scope closes. Returns once the first connection listens or failed
 * (then the process starts deaf, reading around its caches, and keeps trying).
 */
export const followChanges = (url: string, peers: DbShape["peers"]): Effect.Effect<void, never, Scope.Scope> =>
  Effect.gen(function* () {
    const settled = yield* Deferred.make<void>()
    yield* feed(url, peers, settled)
    yield* Deferred.await(settled)
  })

const feed = (url: string, peers: DbShape["peers"], settled: Deferred.Deferred<void>) =>
  Effect.scoped(listenOnce(url, peers, settled)).pipe(
    Effect.catch((error) =>
      Effect.andThen(
        Effect.sync(() => {
          peers.setStatus("reconnecting")
          Deferred.doneUnsafe(settled, Effect.void)
        }),
        Effect.logWarning(
          "stackfx local backend: the change feed lost its connection; reading around the caches until it is back",
          error.message
        )
      )
    ),
    Effect.repeat(reconnecting),
    Effect.asVoid,
    Effect.forkScoped,
    Effect.asVoid
  )
