/**
 * API key sets as `/internal/api-keys` shows them. New sets get fresh `pck_`/`ssk_`/`sak_` keys, shown in
 * full once; afterwards only their last four characters. `Projects.checkKey` reads the same rows, so a new
 * key authenticates at once and stops when revoked or expired.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyUpdate } from "@stackfx/lib/domain/api-key.js"
import { ApiKeyNotFound } from "@stackfx/lib/errors/known/api-keys.js"
import { randomId } from "../../crypto/secrets.js"
import {
  type ApiKeySetRow,
  findApiKeySet,
  insertApiKeySet,
  listApiKeySets,
  revokeApiKeySet,
  updateApiKeySetDescription
} from "../../store/users/api-keys.js"
import { Db, type DbEffect } from "../../store/db.js"
import { STORABLE_MILLIS } from "../../store/storable.js"
import { freshKeys } from "./project-setup.js"

/**
 * The expiry shown for a set stored without one (a project's first set). The wire always has an expiry,
 * so "never" is the last millisecond of year 9999, past any date a client compares with.
 */
export const NEVER_EXPIRES = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999))

const lastFourOf = (value: string | null) => (value === null ? null : { lastFour: value })

/** The listed view of a stored set. */
export const toApiKey = (row: ApiKeySetRow): ApiKey => ({
  id: row.id,
  description: row.description,
  expiresAt: row.expiresAt ?? NEVER_EXPIRES,
  manuallyRevokedAt: row.manuallyRevokedAt,
  createdAt: row.createdAt,
  publishableClientKey: lastFourOf(row.publishableClientKeyLastFour),
  secretServerKey: lastFourOf(row.secretServerKeyLastFour),
  superSecretAdminKey: lastFourOf(row.superSecretAdminKeyLastFour)
})

/** Why an expiry cannot be stored (the database keeps years 1 to 9999); `undefined` when it can. */
export const unstorableExpiryReason = (millis: number): string | undefined =>
  millis < STORABLE_MILLIS.min || millis > STORABLE_MILLIS.max
    ? `must be between ${STORABLE_MILLIS.min} and ${STORABLE_MILLIS.max} (years 1 to 9999)`
    : undefined

/** Creates a key set with the kinds asked for; the answer is the only place the full keys appear. */
export const createApiKeySet = (projectId: string, input: ApiKeyCreate): DbEffect<ApiKeyCreated> =>
  Effect.gen(function* () {
    const id = yield* randomId
    const createdAt = new Date(yield* Clock.currentTimeMillis)
    const all = yield* freshKeys
    const keys = {
      publishableClientKey: input.hasPublishableClientKey ? all.publishableClientKey : undefined,
      secretServerKey: input.hasSecretServerKey ? all.secretServerKey : undefined,
      superSecretAdminKey: input.hasSuperSecretAdminKey ? all.superSecretAdminKey : undefined
    }
    yield* insertApiKeySet({
      id,
      projectId,
      description: input.description,
      createdAt,
      expiresAt: input.expiresAt,
      keys
    })
    return {
      id,
      description: input.description,
      expiresAt: input.expiresAt,
      manuallyRevokedAt: null,
      createdAt,
      publishableClientKey: keys.publishableClientKey ?? null,
      secretServerKey: keys.secretServerKey ?? null,
      superSecretAdminKey: keys.superSecretAdminKey ?? null
    }
  })

/** The project's key sets, newest first. */
export const listApiKeys = (projectId: string) => Effect.map(listApiKeySets(projectId), (rows) => rows.map(toApiKey))

const findOrFail = (projectId: string, id: string) =>
  Effect.flatMap(findApiKeySet(projectId, id), (row) =>
    row === undefined ? Effect.fail(new ApiKeyNotFound({})) : Effect.succeed(row)
  )

/** One key set of the project. */
export const findApiKey = (projectId: string, id: string) => Effect.map(findOrFail(projectId, id), toApiKey)

/** Renames or revokes a key set; revocation is final, and a second revoke keeps the first time. */
export const updateApiKey = (projectId: string, id: string, update: ApiKeyUpdate) =>
  Effect.gen(function* () {
    const row = yield* findOrFail(projectId, id)
    yield* Db.transaction(
      Effect.gen(function* () {
        if (update.description !== undefined) yield* updateApiKeySetDescription(projectId, row.id, update.description)
        if (update.revoked === true) yield* revokeApiKeySet(projectId, row.id, new Date(yield* Clock.currentTimeMillis))
      })
    )
    return toApiKey(yield* findOrFail(projectId, row.id))
  })
