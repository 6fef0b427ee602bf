/**
 * Repository of `external_auth_methods`: a user's identity at an external auth provider (migration 0013). One
 * row per project, provider, issuer and subject, and at most one per user and provider.
 */
import * as Effect from "effect/Effect"
import { Db, type DbEffect } from "../db.js"
import { firstString } from "../rows.js"

export interface ExternalIdentity {
  readonly projectId: string
  readonly providerId: string
  readonly issuer: string
  readonly subject: string
}

/** The user the identity belongs to, if it was ever seen in the project. */
export const findExternalIdentityUser = (identity: ExternalIdentity): DbEffect<string | undefined> =>
  Effect.map(
    Db.query(
      `select user_id from external_auth_methods
       where project_id = $1 and provider_id = $2 and issuer = $3 and subject = $4`,
      [identity.projectId, identity.providerId, identity.issuer, identity.subject]
    ),
    (rows) => firstString(rows, "user_id")
  )

/**
 * Records the identity as the user's. False when either unique key already holds a row (the identity is
 * someone's, or the user has another identity at this provider): nothing is written then.
 */
export const insertExternalIdentity = (identity: ExternalIdentity, userId: string, at: Date): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `insert into external_auth_methods (project_id, user_id, provider_id, issuer, subject, created_at)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning user_id`,
      [identity.projectId, userId, identity.providerId, identity.issuer, identity.subject, at]
    ),
    (rows) => rows.length > 0
  )

/** Whether the user already has an identity at the provider (a user has at most one per provider). */
export const userHasProviderIdentity = (projectId: string, userId: string, providerId: string): DbEffect<boolean> =>
  Effect.map(
    Db.query("select 1 from external_auth_methods where project_id = $1 and user_id = $2 and provider_id = $3", [
      projectId,
      userId,
      providerId
    ]),
    (rows) => rows.length > 0
  )
