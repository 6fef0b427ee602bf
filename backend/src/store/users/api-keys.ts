/** Repository of `api_key_sets`. Key values are stored as sha256 hex plus their last four characters. */
import * as Schema from "effect/Schema"
import { lastFour, sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../db.js"
import { rowInsert, rowStruct, rowTable, Timestamp } from "../rows.js"

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

export const listApiKeySets = (projectId: string): DbEffect<ReadonlyArray<ApiKeySetRow>> =>
  apiKeySets.all("project_id = $1 order by created_at desc, id", [projectId])

export const findApiKeySet = (projectId: string, id: string): DbEffect<ApiKeySetRow | undefined> =>
  apiKeySets.first("project_id = $1 and id = $2", [projectId, id])

const hashOrNull = (value: string | undefined) => (value === undefined ? null : sha256Hex(value))
const fourOrNull = (value: string | undefined) => (value === undefined ? null : lastFour(value))

const insertApiKeySetsRow = rowInsert(
  "api_key_sets",
  "id, project_id, description, created_at, expires_at, publishable_client_key_hash, publishable_client_key_last_four, secret_server_key_hash, secret_server_key_last_four, super_secret_admin_key_hash, super_secret_admin_key_last_four"
)
export const insertApiKeySet = (set: {
  readonly id: string
  readonly projectId: string
  readonly description: string
  readonly createdAt: Date
  readonly expiresAt: Date | null
  readonly keys: ApiKeyValues
}): DbEffect<void> =>
  insertApiKeySetsRow({
    ...set,
    publishableClientKeyHash: hashOrNull(set.keys.publishableClientKey),
    publishableClientKeyLastFour: fourOrNull(set.keys.publishableClientKey),
    secretServerKeyHash: hashOrNull(set.keys.secretServerKey),
    secretServerKeyLastFour: fourOrNull(set.keys.secretServerKey),
    superSecretAdminKeyHash: hashOrNull(set.keys.superSecretAdminKey),
    superSecretAdminKeyLastFour: fourOrNull(set.keys.superSecretAdminKey)
  })

export const revokeApiKeySet = (projectId: string, id: string, at: Date): DbEffect<void> =>
  Db.run(
    "update api_key_sets set manually_revoked_at = coalesce(manually_revoked_at, $3) where project_id = $1 and id = $2",
    [projectId, id, at]
  )

export const updateApiKeySetDescription = (projectId: string, id: string, description: string): DbEffect<void> =>
  Db.run("update api_key_sets set description = $3 where project_id = $1 and id = $2", [projectId, id, description])
