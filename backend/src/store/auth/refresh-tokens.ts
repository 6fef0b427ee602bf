/** Repository of `refresh_tokens` (sessions). Tokens are looked up by their sha256. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../db.js"
import { rowStruct, rowTable, Timestamp } from "../rows.js"

export const RefreshTokenRow = rowStruct({
  id: Schema.String,
  projectId: Schema.String,
  userId: Schema.String,
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  revokedAt: Schema.NullOr(Timestamp),
  isImpersonation: Schema.Boolean,
  /** The AI agent the session was opened for (agent sign-in), else null. */
  agentName: Schema.NullOr(Schema.String)
})
export type RefreshTokenRow = typeof RefreshTokenRow.Type

const refreshTokens = rowTable("refresh_tokens", RefreshTokenRow)

export const insertRefreshToken = (token: {
  readonly id: string
  readonly projectId: string
  readonly userId: string
  readonly token: string
  readonly createdAt: Date
  readonly expiresAt: Date | null
  readonly isImpersonation: boolean
  readonly agentName?: string | null | undefined
}): DbEffect<void> =>
  Db.run(
    `insert into refresh_tokens (id, project_id, user_id, token_hash, created_at, last_used_at, expires_at, is_impersonation, agent_name)
       values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
    [
      token.id,
      token.projectId,
      token.userId,
      sha256Hex(token.token),
      token.createdAt,
      token.expiresAt,
      token.isImpersonation,
      token.agentName ?? null
    ]
  )

/**
 * Opens the session of an external provider session (its key) unless one exists: true when this call made it.
 * Two first exchanges of one provider session at once both get here; the key's unique index lets one insert win
 * and the other read the winner's row, instead of the loser failing on the index.
 */
export const insertExternalSession = (token: {
  readonly id: string
  readonly projectId: string
  readonly userId: string
  readonly token: string
  readonly createdAt: Date
  readonly expiresAt: Date
  readonly externalSession: string
}): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `insert into refresh_tokens (id, project_id, user_id, token_hash, created_at, last_used_at, expires_at, is_impersonation, external_session)
         values ($1, $2, $3, $4, $5, $5, $6, false, $7)
         on conflict (project_id, external_session) where external_session is not null do nothing returning id`,
      [
        token.id,
        token.projectId,
        token.userId,
        sha256Hex(token.token),
        token.createdAt,
        token.expiresAt,
        token.externalSession
      ]
    ),
    (rows) => rows.length > 0
  )

/** The session opened for an external provider session (its key), revoked or not. */
export const findExternalSession = (
  projectId: string,
  externalSession: string
): DbEffect<RefreshTokenRow | undefined> =>
  refreshTokens.first("project_id = $1 and external_session = $2", [projectId, externalSession])

/** Makes an ended or expired session live again, until `expiresAt`; it was used `at`. */
export const reviveRefreshToken = (projectId: string, id: string, at: Date, expiresAt: Date): DbEffect<void> =>
  Db.run(
    "update refresh_tokens set revoked_at = null, expires_at = $4, last_used_at = $3 where project_id = $1 and id = $2",
    [projectId, id, at, expiresAt]
  )

/** The session this refresh token opened in the project, revoked or not. */
export const findRefreshToken = (projectId: string, token: string): DbEffect<RefreshTokenRow | undefined> =>
  refreshTokens.first("token_hash = $1 and project_id = $2", [sha256Hex(token), projectId])

export const findRefreshTokenById = (projectId: string, id: string): DbEffect<RefreshTokenRow | undefined> =>
  refreshTokens.first("id = $1 and project_id = $2", [id, projectId])

/** The user's sessions, newest first. */
export const listRefreshTokens = (projectId: string, userId: string): DbEffect<ReadonlyArray<RefreshTokenRow>> =>
  refreshTokens.all("project_id = $1 and user_id = $2 and revoked_at is null order by created_at desc, id", [
    projectId,
    userId
  ])

export const touchRefreshToken = (projectId: string, id: string, at: Date): DbEffect<void> =>
  Db.run("update refresh_tokens set last_used_at = $3 where project_id = $1 and id = $2", [projectId, id, at])

/** Revokes one session; true when it existed and was active. */
export const revokeRefreshToken = (projectId: string, id: string, at: Date): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      "update refresh_tokens set revoked_at = $3 where project_id = $1 and id = $2 and revoked_at is null returning id",
      [projectId, id, at]
    ),
    (found) => found.length > 0
  )

/** Revokes every session of a user, except `keepId` when given. */
export const revokeUserRefreshTokens = (projectId: string, userId: string, at: Date, keepId?: string): DbEffect<void> =>
  Db.run(
    "update refresh_tokens set revoked_at = $3 where project_id = $1 and user_id = $2 and revoked_at is null and id <> coalesce($4, '')",
    [projectId, userId, at, keepId ?? null]
  )
