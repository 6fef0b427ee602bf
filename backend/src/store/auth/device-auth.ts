/**
 * Agent registrations in `cli_auth_attempts`, the table the CLI sign-in shares with them (a row with an
 * `agent_name` is an agent's), and the dashboard's reads over both kinds. Codes are looked up by their sha256.
 * Every change of state is one conditional statement, so two racing callers (approve against deny, two polls)
 * cannot both win.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../db.js"
import { rowInsert, rowStruct, rowTable, Timestamp } from "../rows.js"

export const DeviceAuthRow = rowStruct({
  id: Schema.String,
  projectId: Schema.String,
  refreshToken: Schema.NullOr(Schema.String),
  anonRefreshToken: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  usedAt: Schema.NullOr(Timestamp),
  deniedAt: Schema.NullOr(Timestamp),
  agentName: Schema.NullOr(Schema.String),
  agentDescription: Schema.NullOr(Schema.String),
  agentUrl: Schema.NullOr(Schema.String),
  userHint: Schema.NullOr(Schema.String),
  approvedByUserId: Schema.NullOr(Schema.String),
  sessionId: Schema.NullOr(Schema.String),
  /** Whether a person confirmed it (its session may since have been picked up and the token cleared). */
  confirmed: Schema.Boolean
})
export type DeviceAuthRow = typeof DeviceAuthRow.Type

const columns =
  "id, project_id, refresh_token, anon_refresh_token, created_at, expires_at, used_at, denied_at, agent_name, " +
  "agent_description, agent_url, user_hint, approved_by_user_id, session_id, " +
  "(refresh_token is not null or used_at is not null) as confirmed"
const attempts = rowTable("cli_auth_attempts", DeviceAuthRow, columns)

const insertRow = rowInsert(
  "cli_auth_attempts",
  "project_id, id, polling_code_hash, login_code_hash, anon_refresh_token, created_at, expires_at, agent_name, agent_description, agent_url, user_hint"
)

/** Stores an agent's registration; the poll token and claim code only as their sha256. */
export const insertAgentAttempt = (attempt: {
  readonly projectId: string
  readonly id: string
  readonly pollToken: string
  readonly claimCode: string
  readonly anonRefreshToken: string
  readonly createdAt: Date
  readonly expiresAt: Date
  readonly agentName: string
  readonly agentDescription: string | null
  readonly agentUrl: string | null
  readonly userHint: string | null
}): DbEffect<void> =>
  insertRow({
    ...attempt,
    pollingCodeHash: sha256Hex(attempt.pollToken),
    loginCodeHash: sha256Hex(attempt.claimCode)
  })

/** Whether any attempt of the project, of either kind and in any state, has this login or claim code. */
export const loginCodeTaken = (projectId: string, code: string): DbEffect<boolean> =>
  Effect.map(
    Db.query("select 1 from cli_auth_attempts where project_id = $1 and login_code_hash = $2", [
      projectId,
      sha256Hex(code)
    ]),
    (rows) => rows.length > 0
  )

/** The agent registration whose poll token is `pollToken`. */
export const findAgentAttemptByPollToken = (
  projectId: string,
  pollToken: string
): DbEffect<DeviceAuthRow | undefined> =>
  attempts.first("project_id = $1 and polling_code_hash = $2 and agent_name is not null", [
    projectId,
    sha256Hex(pollToken)
  ])

/** The agent registration whose (canonical) claim code is `claimCode`. */
export const findAgentAttemptByClaimCode = (
  projectId: string,
  claimCode: string
): DbEffect<DeviceAuthRow | undefined> =>
  attempts.first("project_id = $1 and login_code_hash = $2 and agent_name is not null", [
    projectId,
    sha256Hex(claimCode)
  ])

/** The condition of an attempt still waiting at `$3`. */
const waiting =
  "project_id = $1 and id = $2 and refresh_token is null and used_at is null and denied_at is null and expires_at > $3"

/**
 * Gives a waiting attempt the session the person approved (its refresh token until the agent picks it up, and
 * its row id for good). True when this call decided the attempt.
 */
export const approveAttempt = (input: {
  readonly projectId: string
  readonly id: string
  readonly refreshToken: string
  readonly sessionId: string
  readonly approvedByUserId: string
  readonly now: Date
}): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `update cli_auth_attempts set refresh_token = $4, session_id = $5, approved_by_user_id = $6 where ${waiting} returning id`,
      [input.projectId, input.id, input.now, input.refreshToken, input.sessionId, input.approvedByUserId]
    ),
    (rows) => rows.length > 0
  )

/** Refuses a waiting attempt; true when this call decided it. */
export const denyAttempt = (projectId: string, id: string, now: Date): DbEffect<boolean> =>
  Effect.map(
    Db.query(`update cli_auth_attempts set denied_at = $3 where ${waiting} returning id`, [projectId, id, now]),
    (rows) => rows.length > 0
  )

/**
 * Marks a confirmed attempt picked up and clears its refresh token: true for the one call that took it (a
 * concurrent poll gets false).
 */
export const consumeAttempt = (projectId: string, id: string, now: Date): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `update cli_auth_attempts set used_at = $3, refresh_token = null
       where project_id = $1 and id = $2 and used_at is null and refresh_token is not null returning id`,
      [projectId, id, now]
    ),
    (rows) => rows.length > 0
  )

/** The project's latest attempts of one kind, newest first. */
export const recentAttempts = (
  projectId: string,
  kind: "cli" | "agent",
  limit: number
): DbEffect<ReadonlyArray<DeviceAuthRow>> =>
  attempts.all(
    `project_id = $1 and agent_name is ${kind === "agent" ? "not null" : "null"} order by created_at desc, id desc limit $2`,
    [projectId, limit]
  )
