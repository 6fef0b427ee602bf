/**
 * Counts for `GET /internal/metrics`, read from the tables the emulator already keeps. There is no
 * activity log: a user's activity is the single `last_active_at` timestamp, so a day's active users are
 * the users whose latest activity fell on that day (a lower bound of the hosted number).
 */
import * as Effect from "effect/Effect"
import type { LoginMethodCount } from "@stackfx/lib/domain/metrics.js"
import type { DbError, DbShape } from "./db.js"

const asDate = (value: unknown): Date | undefined => (value instanceof Date ? value : undefined)

/** `signed_up_at` of the project's users since `from`. */
export const signUpTimesSince = (db: DbShape, projectId: string, from: Date): Effect.Effect<ReadonlyArray<Date>, DbError> =>
  Effect.map(
    db.query("select signed_up_at as t from users where project_id = $1 and signed_up_at >= $2", [projectId, from]),
    (rows) => rows.flatMap((row) => asDate(row["t"]) ?? [])
  )

/** `last_active_at` of the project's users since `from`. */
export const lastActiveTimesSince = (db: DbShape, projectId: string, from: Date): Effect.Effect<ReadonlyArray<Date>, DbError> =>
  Effect.map(
    db.query("select last_active_at as t from users where project_id = $1 and last_active_at >= $2", [projectId, from]),
    (rows) => rows.flatMap((row) => asDate(row["t"]) ?? [])
  )

/** Ids of the most recently active users, most recent first. */
export const recentlyActiveUserIds = (db: DbShape, projectId: string, limit: number): Effect.Effect<ReadonlyArray<string>, DbError> =>
  Effect.map(
    db.query("select id from users where project_id = $1 order by last_active_at desc, id limit $2", [projectId, limit]),
    (rows) => rows.flatMap((row) => (typeof row["id"] === "string" ? [row["id"]] : []))
  )

/**
 * Sign-in methods by kind, like the hosted service's `login_methods`: passwords, passkey users, users with
 * one-time codes enabled, and OAuth accounts by provider.
 */
export const loginMethodCounts = (db: DbShape, projectId: string): Effect.Effect<ReadonlyArray<LoginMethodCount>, DbError> =>
  Effect.map(
    db.query(
      `select 'password' as method, count(*)::int as n from password_hashes where project_id = $1
       union all
       select 'passkey', count(distinct user_id)::int from passkeys where project_id = $1
       union all
       select 'otp', count(*)::int from users where project_id = $1 and otp_auth_enabled
       union all
       select lower(provider_id), count(*)::int from oauth_accounts where project_id = $1 and allow_sign_in group by lower(provider_id)`,
      [projectId]
    ),
    (rows) =>
      rows.flatMap((row) => {
        const method = row["method"]
        const count = Number(row["n"] ?? 0)
        return typeof method === "string" && count > 0 ? [{ method, count }] : []
      })
  )
