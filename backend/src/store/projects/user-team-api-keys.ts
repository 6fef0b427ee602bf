/**
 * Repository of `project_api_keys`, the keys of users and teams. A key is stored as its sha256 hex and its
 * last four characters, never in full.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { lastFour, sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../db.js"
import { rowStruct, rowTable, Timestamp } from "../rows.js"
import { holdsPermission, type MemberPermissionGuard } from "../teams/team-permissions.js"

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

/**
 * Stores a key (its value hashed); with a `guard` (a client making a team's key), only while the member holds
 * the permission in the key's team, checked by the insert itself (teams/team-permissions.ts `holdsPermission`).
 * False when it was not stored.
 */
export const insertUserTeamApiKey = (
  key: {
    readonly id: string
    readonly projectId: string
    readonly userId: string | null
    readonly teamId: string | null
    readonly description: string
    readonly isPublic: boolean
    readonly value: string
    readonly createdAt: Date
    readonly expiresAt: Date | null
  },
  guard?: MemberPermissionGuard
): DbEffect<boolean> => {
  const params: Array<unknown> = [
    key.id,
    key.projectId,
    key.userId,
    key.teamId,
    key.description,
    key.isPublic,
    sha256Hex(key.value),
    lastFour(key.value),
    key.createdAt,
    key.expiresAt
  ]
  const permitted = guard === undefined ? "" : ` where ${holdsPermission(params, "$2", "$4", guard)}`
  return Effect.map(
    Db.query(
      `insert into project_api_keys
         (id, project_id, user_id, team_id, description, is_public, secret_hash, last_four, created_at, expires_at)
       select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10${permitted}
       returning id`,
      params
    ),
    (inserted) => inserted.length > 0
  )
}

/**
 * Sets the description (when given) and revokes (when asked), answering the key as it now is. A second
 * revocation keeps the first time, as the service does. With a `guard` (a client changing a team's key), only
 * while the member holds the permission in the key's team, checked by the update itself; undefined when no key
 * was changed.
 */
export const updateUserTeamApiKey = (
  projectId: string,
  id: string,
  patch: { readonly description?: string | undefined; readonly revokedAt?: Date | undefined },
  guard?: MemberPermissionGuard
): DbEffect<UserTeamApiKeyRow | undefined> => {
  const params: Array<unknown> = [projectId, id, patch.description ?? null, patch.revokedAt ?? null]
  // With a guard, only a team's key, while the member holds the permission in that team.
  const permitted =
    guard === undefined ? "" : ` and k.team_id is not null and ${holdsPermission(params, "$1", "k.team_id", guard)}`
  return Effect.flatMap(
    Db.query(
      `update project_api_keys k
          set description = coalesce($3, k.description),
              manually_revoked_at = coalesce(k.manually_revoked_at, $4)
        where k.project_id = $1 and k.id = $2${permitted}
        returning ${userTeamApiKeys.columns}`,
      params
    ),
    userTeamApiKeys.rows.first
  )
}
