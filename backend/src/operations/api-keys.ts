/**
 * API key sets as `/internal/api-keys` shows them. New sets get fresh `pck_`/`ssk_`/`sak_` keys, shown in
 * full once; afterwards only their last four characters. `Projects.checkKey` reads the same rows, so a new
 * key authenticates at once and stops when revoked or expired.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from "@stackfx/lib/domain/api-key.js"
import { randomId } from "../crypto/secrets.js"
import { type ApiKeySetRow, insertApiKeySet } from "../store/api-keys.js"
import type { DbError, DbShape } from "../store/db.js"
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

/** Creates a key set with the kinds asked for; the answer is the only place the full keys appear. */
export const createApiKeySet = (db: DbShape, projectId: string, input: ApiKeyCreate): Effect.Effect<ApiKeyCreated, DbError> =>
  Effect.gen(function*() {
    const id = yield* randomId
    const createdAt = new Date(yield* Clock.currentTimeMillis)
    const all = yield* freshKeys
    const keys = {
      publishableClientKey: input.hasPublishableClientKey ? all.publishableClientKey : undefined,
      secretServerKey: input.hasSecretServerKey ? all.secretServerKey : undefined,
      superSecretAdminKey: input.hasSuperSecretAdminKey ? all.superSecretAdminKey : undefined
    }
    yield* insertApiKeySet(db, { id, projectId, description: input.description, createdAt, expiresAt: input.expiresAt, keys })
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
