/**
 * One backend per database folder. Two processes writing one PGlite folder each keep their own view of
 * it in memory and overwrite each other's writes, so data is lost without any error. A backend holds
 * `<folder>.lock` (next to the folder, so PGlite's own files are untouched) for as long as it runs; a
 * second backend on the folder fails at start-up naming the folder and the process holding it.
 *
 * The lock file names its holder (process id and host). A lock whose process is gone (killed, crashed)
 * is taken over: the file outlives a SIGKILL, and refusing to start then would strand the user.
 */
import { hostname } from "node:os"
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises"
import { dirname } from "node:path"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { DbError, toDbError } from "./db.js"

const Holder = Schema.Struct({ pid: Schema.Number, host: Schema.String })
type Holder = typeof Holder.Type
const decodeHolder = Schema.decodeUnknownOption(Schema.fromJsonString(Holder))

/** Another live process holds the folder; `message` is the one line the command prints. */
export class DatabaseFolderInUse extends Schema.TaggedError<DatabaseFolderInUse>()("DatabaseFolderInUse", {
  folder: Schema.String,
  lockFile: Schema.String,
  pid: Schema.Number,
  host: Schema.String,
  message: Schema.String
}) {}

const folderInUse = (folder: string, lockFile: string, holder: Holder) => {
  const who = holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`
  return new DatabaseFolderInUse({
    folder,
    lockFile,
    ...holder,
    message: `The database folder ${folder} is in use by another stackfx backend (${who}); stop it or use another --db (if no backend runs there, delete ${lockFile}).`
  })
}

/** The lock file of a folder. */
export const lockFileOf = (folder: string): string => `${folder.replace(/[\\/]+$/, "")}.lock`

/** True when the process exists (EPERM: it exists but belongs to someone else). */
const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** A holder on another host cannot be checked, so it counts as alive. */
const isStale = (holder: Holder): boolean => holder.host === hostname() && !isAlive(holder.pid)

const errorCode = (error: DbError): string | undefined => {
  const cause = error.cause
  return typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string"
    ? cause.code
    : undefined
}

const attempt = <A>(work: () => Promise<A>) => Effect.tryPromise({ try: work, catch: toDbError })

/**
 * Takes the folder's lock until the scope closes. The lock file appears whole or not at all: it is
 * written under a private name, then hard-linked into place, which fails when a lock already exists.
 */
export const lockFolder = (folder: string): Effect.Effect<void, DatabaseFolderInUse | DbError, Scope.Scope> =>
  Effect.gen(function* () {
    const lockFile = lockFileOf(folder)
    const me: Holder = { pid: process.pid, host: hostname() }
    const mine = JSON.stringify(me)
    const draft = `${lockFile}.${process.pid}.draft`
    yield* attempt(() => mkdir(dirname(lockFile), { recursive: true }))
    yield* attempt(() => writeFile(draft, mine))
    const take = Effect.gen(function* () {
      // Two rounds: the first may find a stale lock and remove it, the second then takes the folder.
      for (let round = 0; round < 2; round++) {
        const linked = yield* attempt(() => link(draft, lockFile)).pipe(
          Effect.as(true),
          Effect.catchIf(
            (error) => errorCode(error) === "EEXIST",
            () => Effect.succeed(false)
          )
        )
        if (linked) return
        const text = yield* attempt(() => readFile(lockFile, "utf8")).pipe(
          Effect.catchIf(
            (error) => errorCode(error) === "ENOENT",
            () => Effect.succeed(undefined)
          )
        )
        // Removed between our link and our read: its holder just stopped, try again.
        if (text === undefined) continue
        const holder = decodeHolder(text)
        if (holder._tag === "Some" && !isStale(holder.value)) {
          return yield* folderInUse(folder, lockFile, holder.value)
        }
        // Stale, or not a lock this program wrote whole (it never writes partial ones): remove it, unless
        // it changed since we read it (another backend took it over in the meantime).
        const again = yield* attempt(() => readFile(lockFile, "utf8")).pipe(
          Effect.catchIf(
            (error) => errorCode(error) === "ENOENT",
            () => Effect.succeed(undefined)
          )
        )
        if (again === text) {
          yield* attempt(() => unlink(lockFile)).pipe(
            Effect.catchIf(
              (error) => errorCode(error) === "ENOENT",
              () => Effect.void
            )
          )
        }
      }
      return yield* new DbError({ message: `Could not take the lock ${lockFile}: it keeps changing hands` })
    })
    yield* Effect.ensuring(
      take,
      attempt(() => unlink(draft)).pipe(
        Effect.catch((error) => Effect.logWarning(`stackfx local backend: could not remove ${draft}`, error.message))
      )
    )
    yield* Effect.addFinalizer(() =>
      // Only our own lock is removed: if it was deleted by hand and another backend took it, it stays.
      attempt(async () => {
        if ((await readFile(lockFile, "utf8")) === mine) await unlink(lockFile)
      }).pipe(
        Effect.catch((error) => Effect.logWarning(`stackfx local backend: could not remove ${lockFile}`, error.message))
      )
    )
  })
