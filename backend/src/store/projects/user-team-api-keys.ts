/**
 * Repository of `project_api_keys`, the keys of users and teams. A key is stored as its sha256 hex and its
 * last four characters, never in full.
 */
import * as Schema from "effect/Schema"
import { lastFour, sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../db.js"
import { rowInsert, rowStruct, rowTable, Timestamp } from "../rows.js"

export const UserTeamApiKeyRow = rowStruct({
  id: Schema.String,
  projectId: Schema.String,
  userId: Schema.NullOr(Schema.String),
  teamId: Schema.NullOr(Schema.String),
  description: Schema.String,
  isPublic: Schema.Boolean,
  secretHash: Schema.String,
  lastFour: Schema.String,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  manuallyRevokedAt: Schema.NullOr(Timestamp)
})
export type UserTeamApiKeyRow = typeof UserTeamApiKeyRow.Type

const userTeamApiKeys = rowTable("project_api_keys", UserTeamApiKeyRow)

/** The keys of one user or one team, newest first (as the service lists them). */
export const listUserTeamApiKeys = (
  projectId: string,
  owner: { readonly userId: string } | { readonly teamId: string }
): DbEffect<ReadonlyArray<UserTeamApiKeyRow>> => {
  const [column, value] = "userId" in owner ? ["user_id", owner.userId] : ["team_id", owner.teamId]
  return userTeamApiKeys.all(`project_id = $1 and ${column} = $2 order by created_at desc, id`, [projectId, value])
}

export const findUserTeamApiKey = (projectId: string, id: string): DbEffect<UserTeamApiKeyRow | undefined> =>
  userTeamApiKeys.first("project_id = $1 and id = $2", [projectId, id])

const insertUserTeamApiKeysRow = rowInsert(
  "project_api_keys",
  "id, project_id, user_id, team_id, description, is_public, secret_hash, last_four, created_at, expires_at"
)
export const insertUserTeamApiKey = (key: {
  readonly id: string
  readonly projectId: string
  readonly userId: string | null
  readonly teamId: string | null
  readonly description: string
  readonly isPublic: boolean
  readonly value: string
  readonly createdAt: Date
  readonly expiresAt: Date | null
}): DbEffect<void> =>
  insertUserTeamApiKeysRow({ ...key, secretHash: sha256Hex(key.value), lastFour: lastFour(key.value) })

/**
 * Sets the description (when given) and revokes (when asked). A second revocation keeps the first time, as
 * the service does.
 */
export const updateUserTeamApiKey = (
  projectId: string,
  id: string,
  patch: { readonly description?: string | undefined; readonly revokedAt?: Date | undefined }
): DbEffect<void> =>
  Db.run(
    `update project_api_keys
          set description = coalesce($3, description),
              manually_revoked_at = coalesce(manually_revoked_at, $4)
        where project_id = $1 and id = $2`,
    [projectId, id, patch.description ?? null, patch.revokedAt ?? null]
  )
