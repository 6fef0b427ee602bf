/** Applies pending migrations, each in its own transaction, and records them by name. */
import { createHash } from "node:crypto"
import * as Effect from "effect/Effect"
import { Db, type DbEffect, type DbError } from "./db.js"
import { migrations } from "./migrations/index.js"

/** Changes whenever the schema does: keys the PGlite template. */
export const schemaVersion: string = createHash("sha256")
  .update(migrations.map((m) => `${m.name}\n${m.sql}`).join("\n--\n"))
  .digest("hex")
  .slice(0, 16)

/** The advisory lock's key under which processes sharing one PostgreSQL migrate and seed ("stfx" in ASCII). */
export const STARTUP_LOCK_KEY = 0x73746678

/**
 * `effect` (migrating and seeding) in one transaction that holds the start-up advisory lock first: instances
 * started together on one PostgreSQL do it one after the other, and each finds what the one before did.
 */
export const underStartupLock = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | DbError, R | Db> =>
  Db.transaction(Effect.andThen(Db.query("select pg_advisory_xact_lock($1)", [STARTUP_LOCK_KEY]), effect))

/** Brings the database of the context up to date. */
export const migrateDb: DbEffect<void> = Effect.gen(function* () {
  yield* Db.exec(
    "create table if not exists stackfx_migrations (name text primary key, applied_at timestamptz not null default now())"
  )
  const rows = yield* Db.query("select name from stackfx_migrations")
  const applied = new Set(rows.map((row) => String(row["name"])))
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue
    yield* Db.transaction(
      Effect.gen(function* () {
        yield* Db.exec(migration.sql)
        yield* Db.query("insert into stackfx_migrations (name) values ($1)", [migration.name])
      })
    )
  }
})
