/**
 * `stackfx keys rotate --project <id> [--db <where>]`: rotates a project's signing keys in its database.
 * Every audience's next key (published beside the current one since it was made) starts signing and a new
 * next key is made; tokens signed with the key it replaces stay valid until they expire (crypto/key-ring.ts).
 * Backends on the same PostgreSQL database sign with the new key within a minute (their key cache's life);
 * a PGlite folder is one process's, so stop the backend that holds it first.
 */
import * as Clock from "effect/Clock"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { keyRing } from "./crypto/key-ring.js"
import { KEY_CACHE_TTL_MILLIS } from "./crypto/signing-keys.js"
import { rotateSigningKeys } from "./crypto/signing-key-generations.js"
import { DEFAULT_DB } from "./options.js"
import { listSigningKeys } from "./store/auth/signing-keys.js"
import { Db } from "./store/db.js"
import { type OpenDbError, openDb } from "./store/layer.js"
import { findProject } from "./store/projects/projects.js"
import { explainStartupFailure } from "./startup-failure.js"

export const KEYS_USAGE = `Usage: stackfx keys rotate --project <id> [--db <where>]

Rotates the project's signing keys: the next key of each audience (published in the
JWKS beside the current one) starts signing, and a new next key is made. Tokens signed
with the replaced key stay valid until they expire.

Options:
  --project <id>  the project whose keys rotate
  --db <where>    the database: "memory", a folder (default ${DEFAULT_DB}; stop the
                  backend that uses it first) or a postgres:// URL (running backends
                  sign with the new keys within ${KEY_CACHE_TTL_MILLIS / 1000} s)
  -h, --help      show this help`

/** The keys command line did not make sense; the message says why. */
export class KeysUsageError extends Schema.TaggedError<KeysUsageError>()("KeysUsageError", {
  message: Schema.String
}) {}

/** The project named is not in the database. */
export class UnknownProject extends Schema.TaggedError<UnknownProject>()("UnknownProject", {
  message: Schema.String
}) {}

export type KeysCommand =
  | { readonly command: "help" }
  | { readonly command: "rotate"; readonly projectId: string; readonly db: string }

/** Parses what follows `keys` on the command line. */
export const parseKeysArgs = (argv: ReadonlyArray<string>): Effect.Effect<KeysCommand, KeysUsageError> =>
  Effect.gen(function* () {
    const [action, ...rest] = argv
    if (action === undefined || action === "-h" || action === "--help") return { command: "help" }
    if (action !== "rotate")
      return yield* new KeysUsageError({ message: `Unknown keys command: ${action} (the one there is: rotate)` })
    let projectId: string | undefined
    let db = DEFAULT_DB
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i] ?? ""
      if (arg === "-h" || arg === "--help") return { command: "help" }
      const [flag, inline] = arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg]
      const value = inline ?? rest[++i]
      if (value === undefined || value.trim() === "")
        return yield* new KeysUsageError({ message: `${flag} needs a value` })
      if (flag === "--project") projectId = value
      else if (flag === "--db") db = value
      else return yield* new KeysUsageError({ message: `Unknown option: ${arg}` })
    }
    if (projectId === undefined) return yield* new KeysUsageError({ message: "keys rotate needs --project <id>" })
    return { command: "rotate", projectId, db }
  })

/** Rotates the project's keys; the lines printed name each audience's signing and next key ids (public). */
export const rotateProjectKeys = (projectId: string) =>
  Effect.gen(function* () {
    if ((yield* findProject(projectId)) === undefined)
      return yield* new UnknownProject({ message: `No project ${projectId} in this database` })
    yield* rotateSigningKeys(projectId)
    const keys = yield* listSigningKeys(projectId)
    const now = yield* Clock.currentTimeMillis
    const lines = [`Rotated the signing keys of project ${projectId}:`]
    for (const kind of ["normal", "restricted", "anonymous"] as const) {
      const ring = keyRing(
        keys.filter((key) => key.kind === kind),
        now,
        0
      )
      if (ring !== undefined) lines.push(`  ${kind}: signs with ${ring.current.kid}, next ${ring.next?.kid ?? "none"}`)
    }
    return lines
  })

/** The keys command, run against the database `--db` names. */
export const runKeys = (argv: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const parsed = yield* parseKeysArgs(argv)
    if (parsed.command === "help") return yield* Console.log(KEYS_USAGE)
    const db = yield* openDb(parsed.db)
    const lines = yield* rotateProjectKeys(parsed.projectId).pipe(Effect.provideService(Db, db))
    for (const line of lines) yield* Console.log(line)
  }).pipe(Effect.scoped)

/** A failure of the keys command as the one line printed and the exit code (2 for a usage error, as `dev`'s). */
export const keysFailure = (
  error: KeysUsageError | UnknownProject | OpenDbError
): { readonly line: string; readonly exitCode: number } => {
  switch (error._tag) {
    case "KeysUsageError":
      return { line: `${error.message} (stackfx keys --help lists the options)`, exitCode: 2 }
    case "UnknownProject":
      return { line: error.message, exitCode: 1 }
    case "DbError":
      return { line: `The keys could not be rotated: ${error.message}`, exitCode: 1 }
    default:
      return { line: explainStartupFailure(error, { port: 0, host: "" }), exitCode: 1 }
  }
}
