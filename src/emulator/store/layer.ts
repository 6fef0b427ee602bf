/**
 * Opens the database an option names, migrates it and seeds it:
 * `"memory"` (throwaway PGlite), a `postgres://` URL (real PostgreSQL) or a directory (persisted PGlite).
 */
import { resolve } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { version as pgliteVersion } from "../pglite-version.js"
import { SEED_VERSION, seed } from "../services/seed.js"
import { Db, type DbError, type DbShape } from "./db.js"
import { migrateDb, schemaVersion } from "./migrate.js"
import { makePgliteDb } from "./pglite.js"
import { makePostgresDb } from "./postgres.js"

/** `memory`, a `postgres://` / `postgresql://` URL, or a directory path. */
export type DbOption = string

export const isPostgresUrl = (option: string): boolean => /^postgres(ql)?:\/\//i.test(option)

/** Opens, migrates and seeds the database. */
export const openDb = (option: DbOption): Effect.Effect<DbShape, DbError, Scope.Scope> =>
  Effect.gen(function*() {
    const db = isPostgresUrl(option)
      ? yield* makePostgresDb(option)
      : yield* makePgliteDb({
        dataDir: option === "memory" ? undefined : resolve(option),
        templateKey: `${pgliteVersion}-${schemaVersion}-${SEED_VERSION}`,
        // The template is migrated and seeded, so a fresh database only has to load it.
        prepare: (fresh) => Effect.andThen(migrateDb(fresh), seed(fresh, { withSigningKey: false }))
      })
    yield* migrateDb(db)
    yield* seed(db)
    return db
  })

/** The `Db` service for a `--db` option. */
export const layerDb = (option: DbOption): Layer.Layer<Db, DbError> => Layer.effect(Db, openDb(option))
