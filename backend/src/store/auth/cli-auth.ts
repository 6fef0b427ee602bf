/** Repository of `cli_auth_attempts` (command-line sign-in). Codes are looked up by their sha256. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../db.js"
import { rowInsert, rowStruct, rowTable, Timestamp } from "../rows.js"

export const CliAuthAttemptRow = rowStruct({
  id: Schema.String,
  projectId: Schema.String,
  refreshToken: Schema.NullOr(Schema.String),
  anonRefreshToken: Schema.NullOr(Schema.String),
  expiresAt: Timestamp,
  usedAt: Schema.NullOr(Timestamp),
  /** Whether a browser completed the attempt (its token may since have been handed out and cleared). */
  completed: Schema.Boolean
})
export type CliAuthAttemptRow = typeof CliAuthAttemptRow.Type

const columns =
  "id, project_id, refresh_token, anon_refresh_token, expires_at, used_at, (refresh_token is not null or used_at is not null) as completed"
const cliAuthAttempts = rowTable("cli_auth_attempts", CliAuthAttemptRow, columns)

const insertCliAuthAttemptsRow = rowInsert(
  "cli_auth_attempts",
  "project_id, id, polling_code_hash, login_code_hash, anon_refresh_token, created_at, expires_at"
)
export const insertCliAuthAttempt = (attempt: {
  readonly projectId: string
  readonly id: string
  readonly pollingCode: string
  readonly loginCode: string
  readonly anonRefreshToken: string | null
  readonly createdAt: Date
  readonly expiresAt: Date
}): DbEffect<void> =>
  insertCliAuthAttemptsRow({
    ...attempt,
    pollingCodeHash: sha256Hex(attempt.pollingCode),
    loginCodeHash: sha256Hex(attempt.loginCode)
  })

/**
 * The CLI attempt whose code (stored as its SHA-256) is `code`, in one of the two code columns. An agent's
 * registration shares the table (store/auth/device-auth.ts) but never answers here.
 */
const findCliAuthBy =
  (column: "polling_code_hash" | "login_code_hash") =>
  (projectId: string, code: string): DbEffect<CliAuthAttemptRow | undefined> =>
    cliAuthAttempts.first(`project_id = $1 and ${column} = $2 and agent_name is null`, [projectId, sha256Hex(code)])

export const findCliAuthByPollingCode = findCliAuthBy("polling_code_hash")

export const findCliAuthByLoginCode = findCliAuthBy("login_code_hash")

/**
 * Hands the attempt its refresh token (and the session's row id, which the dashboard's overview lists), if it
 * is still pending at `now`: one statement, so two completions of one code cannot both win. True when this
 * call completed it.
 */
export const completeCliAuth = (
  projectId: string,
  id: string,
  session: { readonly refreshToken: string; readonly id: string },
  now: Date
): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `update cli_auth_attempts set refresh_token = $3, session_id = $5, anon_refresh_token = null
       where project_id = $1 and id = $2 and refresh_token is null and used_at is null and expires_at > $4 returning id`,
      [projectId, id, session.refreshToken, now, session.id]
    ),
    (found) => found.length > 0
  )

/**
 * Takes the attempt's refresh token once: marks it used and clears the stored token. Undefined when another
 * poll took it first.
 */
export const takeCliAuthToken = (projectId: string, id: string, now: Date): DbEffect<string | undefined> =>
  Effect.flatMap(
    Db.query(
      `update cli_auth_attempts a set used_at = $3, refresh_token = null
       from (select refresh_token from cli_auth_attempts where project_id = $1 and id = $2 for update) old
       where a.project_id = $1 and a.id = $2 and a.used_at is null and a.refresh_token is not null
       returning old.refresh_token`,
      [projectId, id, now]
    ),
    (found) => Effect.succeed(typeof found[0]?.["refresh_token"] === "string" ? found[0]["refresh_token"] : undefined)
  )

/** Takes the attempt's anonymous refresh token once (claiming the program's anonymous session). */
export const takeCliAuthAnonToken = (
  projectId: string,
  id: string,
  anonRefreshToken: string,
  now: Date
): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `update cli_auth_attempts set anon_refresh_token = null
       where project_id = $1 and id = $2 and anon_refresh_token = $3 and refresh_token is null and used_at is null
         and expires_at > $4 returning id`,
      [projectId, id, anonRefreshToken, now]
    ),
    (found) => found.length > 0
  )
