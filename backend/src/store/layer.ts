/**
 * Opens the database an option names, migrates it and seeds it:
 * `"memory"` (throwaway PGlite), a `postgres://` URL (real PostgreSQL) or a directory (persisted PGlite).
 */
import { resolve } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { version as pgliteVersion } from "../pglite-version.js"
import { SEED_KEY, seed } from "../operations/projects/seed.js"
import { Db, type DbError, type DbShape } from "./db.js"
import { followChanges } from "./change-feed.js"
import { migrateDb, schemaVersion, underStartupLock } from "./migrate.js"
import { DatabaseFolderInUse, lockFolder } from "./folder-lock.js"
import { makePgliteDb } from "./pglite.js"
import { DatabaseUnreachable, makePostgresDb } from "./postgres.js"

/** `memory`, a `postgres://` / `postgresql://` URL, or a directory path. */
export type DbOption = string

export const isPostgresUrl = (option: string): boolean => /^postgres(ql)?:\/\//i.test(option)

/** A URL of a database other than PostgreSQL (`mysql://...`): not a folder name either. */
export class UnsupportedDatabase extends Schema.TaggedError<UnsupportedDatabase>()("UnsupportedDatabase", {
  option: Schema.String,
  message: Schema.String
}) {}

/** Why the database could not be opened at all (as opposed to a statement failing). */
export type OpenDbError = DbError | DatabaseFolderInUse | DatabaseUnreachable | UnsupportedDatabase

const urlScheme = (option: string): string | undefined => /^([a-z][a-z0-9+.-]*):\/\//i.exec(option)?.[1]

/**
 * Opens, migrates and seeds the database; a folder is locked to this process while it is open. On PostgreSQL,
 * which several processes may share, migrating and seeding hold the start-up lock, and the change feed follows
 * the others' writes while the scope is open.
 */
export const openDb = (option: DbOption): Effect.Effect<DbShape, OpenDbError, Scope.Scope> =>
  Effect.gen(function* () {
    const scheme = urlScheme(option)
    if (scheme !== undefined && !isPostgresUrl(option)) {
      return yield* new UnsupportedDatabase({
        option: scheme,
        message: `--db ${scheme}:// is not supported: use "memory", a folder, or a postgres:// URL.`
      })
    }
    const folder = option === "memory" || isPostgresUrl(option) ? undefined : resolve(option)
    if (folder !== undefined) yield* lockFolder(folder)
    const db = isPostgresUrl(option)
      ? yield* makePostgresDb(option)
      : yield* makePgliteDb({
          dataDir: folder,
          templateKey: `${pgliteVersion}-${schemaVersion}-${SEED_KEY}`,
          // The template is migrated and seeded, so a fresh database only has to load it.
          prepare: Effect.andThen(migrateDb, seed({ withSigningKey: false }))
        })
    const prepare = Effect.andThen(migrateDb, seed())
    yield* (db.peers.status() === "alone" ? prepare : underStartupLock(prepare)).pipe(Effect.provideService(Db, db))
    if (isPostgresUrl(option)) yield* followChanges(option, db.peers)
    return db
  })

/** The `Db` service for a `--db` option. */
export const layerDb = (option: DbOption): Layer.Layer<Db, OpenDbError> => Layer.effect(Db, openDb(option))
