/** Repository of `api_key_sets`. Key values are stored as sha256 hex plus their last four characters. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { lastFour, sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbError } from "../db.js"
import { rowStruct, rowTable, Timestamp } from "../rows.js"

export const ApiKeySetRow = rowStruct({
  id: Schema.String,
  projectId: Schema.String,
  description: Schema.String,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  manuallyRevokedAt: Schema.NullOr(Timestamp),
  publishableClientKeyHash: Schema.NullOr(Schema.String),
  publishableClientKeyLastFour: Schema.NullOr(Schema.String),
  secretServerKeyHash: Schema.NullOr(Schema.String),
  secretServerKeyLastFour: Schema.NullOr(Schema.String),
  superSecretAdminKeyHash: Schema.NullOr(Schema.String),
  superSecretAdminKeyLastFour: Schema.NullOr(Schema.String)
})
export type ApiKeySetRow = typeof ApiKeySetRow.Type

/** The full key values of a new set; absent kinds are not part of the set. */
export interface ApiKeyValues {
  readonly publishableClientKey?: string | undefined
  readonly secretServerKey?: string | undefined
  readonly superSecretAdminKey?: string | undefined
}

const apiKeySets = rowTable("api_key_sets", ApiKeySetRow)

export const listApiKeySets = (projectId: string): Effect.Effect<ReadonlyArray<ApiKeySetRow>, DbError, Db> =>
  apiKeySets.all("project_id = $1 order by created_at desc, id", [projectId])

export const findApiKeySet = (projectId: string, id: string): Effect.Effect<ApiKeySetRow | undefined, DbError, Db> =>
  apiKeySets.first("project_id = $1 and id = $2", [projectId, id])

const hashOrNull = (value: string | undefined) => (value === undefined ? null : sha256Hex(value))
const fourOrNull = (value: string | undefined) => (value === undefined ? null : lastFour(value))

export const insertApiKeySet = (set: {
  readonly id: string
  readonly projectId: string
  readonly description: string
  readonly createdAt: Date
  readonly expiresAt: Date | null
  readonly keys: ApiKeyValues
}): Effect.Effect<void, DbError, Db> =>
  Db.run(
    `insert into api_key_sets (id, project_id, description, created_at, expires_at, publishable_client_key_hash, publishable_client_key_last_four, secret_server_key_hash, secret_server_key_last_four, super_secret_admin_key_hash, super_secret_admin_key_last_four)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      set.id,
      set.projectId,
      set.description,
      set.createdAt,
      set.expiresAt,
      hashOrNull(set.keys.publishableClientKey),
      fourOrNull(set.keys.publishableClientKey),
      hashOrNull(set.keys.secretServerKey),
      fourOrNull(set.keys.secretServerKey),
      hashOrNull(set.keys.superSecretAdminKey),
      fourOrNull(set.keys.superSecretAdminKey)
    ]
  )

export const revokeApiKeySet = (projectId: string, id: string, at: Date): Effect.Effect<void, DbError, Db> =>
  Db.run(
    "update api_key_sets set manually_revoked_at = coalesce(manually_revoked_at, $3) where project_id = $1 and id = $2",
    [projectId, id, at]
  )

export const updateApiKeySetDescription = (
  projectId: string,
  id: string,
  description: string
): Effect.Effect<void, DbError, Db> =>
  Db.run("update api_key_sets set description = $3 where project_id = $1 and id = $2", [projectId, id, description])
