/**
 * The embedded PGlite driver. PGlite's first initdb takes seconds, so a fresh database is cloned from
 * a template tarball (initdb plus migrations) kept in the OS temp folder and keyed by the schema: a
 * new in-memory database then starts in well under a second.
 */
import { existsSync } from "node:fs"
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import * as Effect from "effect/Effect"
import * as Scope from "effect/Scope"
import * as Semaphore from "effect/Semaphore"
import { makeDb } from "./connection.js"
import { Db, type DbEffect, type DbError, type DbShape, type Row, toDbError } from "./db.js"

export interface PgliteOptions {
  /** A directory to persist to, or undefined for an in-memory database. */
  readonly dataDir: string | undefined
  /** Identifies the template's content (e.g. a hash of the migrations). */
  readonly templateKey: string
  /** Brings a fresh database to the template state (runs the migrations). */
  readonly prepare: DbEffect<void>
  /** Where templates live; the OS temp folder unless given. */
  readonly templateDir?: string | undefined
}

const attempt = <A>(work: () => Promise<A>) => Effect.tryPromise({ try: work, catch: toDbError })

const open = (
  dataDir: string | undefined,
  loadDataDir: Blob | undefined
): Effect.Effect<PGlite, DbError, Scope.Scope> =>
  Effect.acquireRelease(
    attempt(async () => {
      const options = loadDataDir === undefined ? {} : { loadDataDir }
      const pg = dataDir === undefined ? new PGlite(options) : new PGlite(dataDir, options)
      await pg.waitReady
      return pg
    }),
    (pg) =>
      attempt(() => (pg.closed ? Promise.resolve() : pg.close())).pipe(
        Effect.catch((error) => Effect.logWarning("stackfx local backend: closing PGlite failed", error.message))
      )
  )

const pgliteDb = (pg: PGlite, lock: Semaphore.Semaphore): DbShape => {
  const connection = {
    query: async (sql: string, params: ReadonlyArray<unknown>): Promise<ReadonlyArray<Row>> => {
      const result = await pg.query<Row>(sql, [...params])
      return result.rows
    },
    exec: async (sql: string): Promise<void> => {
      await pg.exec(sql)
    }
  }
  return makeDb({
    dialect: "pglite",
    shared: false,
    run: (work) => lock.withPermit(attempt(() => work(connection))),
    hold: Effect.map(lock.take(1), () => ({ connection, release: Effect.asVoid(lock.release(1)) }))
  })
}

const STALE_AFTER_MS = 60 * 60 * 1000

/** Templates of other schema versions pile up in the temp folder; old ones are deleted. */
const removeStaleTemplates = (dir: string, keep: string) =>
  attempt(async () => {
    const now = Date.now()
    for (const name of await readdir(dir)) {
      const path = join(dir, name)
      if (path === keep || !/^stackfx-pglite-.*\.(tar|tgz)$/.test(name)) continue
      const info = await stat(path)
      if (now - info.mtimeMs > STALE_AFTER_MS) await unlink(path)
    }
  }).pipe(
    Effect.catch((error) => Effect.logDebug("stackfx local backend: could not clean old templates", error.message))
  )

/**
 * The templates this process has read or built, by file. A test run starts dozens of in-memory databases in one
 * process: reading the tarball (about 40 MB) and copying it into a Blob took about a second of CPU each time. A
 * Blob is immutable, so one is shared by every database that loads it.
 */
const templates = new Map<string, Blob>()

/**
 * A template tarball. PGlite reads a Blob with `arrayBuffer()`, which Node answers by streaming the Blob's
 * contents in chunks and joining them: over a second of CPU for a template. This one keeps its bytes and
 * answers with a plain copy (PGlite writes the files it unpacks into its own memory, so each load gets its own).
 */
class TemplateTar extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes], { type: "application/x-tar" })
    this.#bytes = bytes
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer)
  }
}

const tarBlob = (bytes: Uint8Array<ArrayBuffer>): Blob => new TemplateTar(bytes)

/** Returns the template tarball, building and saving it on first use. */
const template = (options: PgliteOptions): Effect.Effect<Blob, DbError> => {
  const dir = options.templateDir ?? tmpdir()
  const file = join(dir, `stackfx-pglite-${options.templateKey}.tar`)
  const build = Effect.scoped(
    Effect.gen(function* () {
      const pg = yield* open(undefined, undefined)
      const lock = yield* Semaphore.make(1)
      yield* Effect.provideService(options.prepare, Db, pgliteDb(pg, lock))
      // Uncompressed: loading a plain tar is a few hundred milliseconds faster than gunzipping one.
      const dump = yield* attempt(() => pg.dumpDataDir("none"))
      const bytes = new Uint8Array(yield* attempt(() => dump.arrayBuffer()))
      // Write then rename: several processes (test workers) may build the template at once.
      const partial = `${file}.${process.pid}.${Date.now()}.partial`
      yield* attempt(async () => {
        await mkdir(dir, { recursive: true })
        await writeFile(partial, bytes)
        await rename(partial, file)
      })
      yield* removeStaleTemplates(dir, file)
      return tarBlob(bytes)
    })
  )
  const kept = templates.get(file)
  if (kept !== undefined) return Effect.succeed(kept)
  const fresh = existsSync(file)
    ? attempt(() => readFile(file)).pipe(
        Effect.map((bytes) => tarBlob(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))),
        Effect.catch(() => build)
      )
    : build
  return Effect.tap(fresh, (blob) => Effect.sync(() => templates.set(file, blob)))
}

const isInitialised = (dataDir: string) => existsSync(join(dataDir, "PG_VERSION"))

/** A PGlite-backed `Db`; the database closes when the scope does. */
export const makePgliteDb = (options: PgliteOptions): Effect.Effect<DbShape, DbError, Scope.Scope> =>
  Effect.gen(function* () {
    const { dataDir } = options
    const needsTemplate = dataDir === undefined || !isInitialised(dataDir)
    const load = needsTemplate ? yield* template(options) : undefined
    if (dataDir !== undefined) yield* attempt(() => mkdir(dataDir, { recursive: true }))
    const pg = yield* open(dataDir, load)
    const lock = yield* Semaphore.make(1)
    return pgliteDb(pg, lock)
  })
