/**
 * Counts for `GET /internal/metrics`, read from the tables the local backend already keeps. There is no
 * activity log: a user's activity is the single `last_active_at` timestamp, so a day's active users are
 * the users whose latest activity fell on that day (a lower bound of the hosted number).
 */
import * as Effect from "effect/Effect"
import type { LoginMethodCount } from "@stackfx/lib/domain/metrics.js"
import { Db, type DbEffect } from "../db.js"

const asDate = (value: unknown): Date | undefined => (value instanceof Date ? value : undefined)

/** The users a figure counts: anonymous ones only when asked (`include_anonymous=true`), as the service. */
const counted = (includeAnonymous: boolean) => (includeAnonymous ? "" : " and not is_anonymous")

/** One timestamp column of the project's users, read since `from`. */
const timesSince =
  (column: "signed_up_at" | "last_active_at") =>
  (projectId: string, from: Date, includeAnonymous: boolean): DbEffect<ReadonlyArray<Date>> =>
    Effect.map(
      Db.query(
        `select ${column} as t from users where project_id = $1 and ${column} >= $2${counted(includeAnonymous)}`,
        [projectId, from]
      ),
      (rows) => rows.flatMap((row) => asDate(row["t"]) ?? [])
    )

/** `signed_up_at` of the project's users since `from`. */
export const signUpTimesSince = timesSince("signed_up_at")

/** `last_active_at` of the project's users since `from`. */
export const lastActiveTimesSince = timesSince("last_active_at")

/** Ids of the most recently active users, most recent first. */
export const recentlyActiveUserIds = (
  projectId: string,
  limit: number,
  includeAnonymous: boolean
): DbEffect<ReadonlyArray<string>> =>
  Effect.map(
    Db.query(
      `select id from users where project_id = $1${counted(includeAnonymous)} order by last_active_at desc, id limit $2`,
      [projectId, limit]
    ),
    (rows) => rows.flatMap((row) => (typeof row["id"] === "string" ? [row["id"]] : []))
  )

/**
 * Sign-in methods by kind, like the hosted service's `login_methods`: passwords, passkey users, users with
 * one-time codes enabled, and OAuth accounts by provider.
 */
export const loginMethodCounts = (projectId: string): DbEffect<ReadonlyArray<LoginMethodCount>> =>
  Effect.map(
    Db.query(
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

/**
 * How many of the project's users are anonymous, verified (primary e-mail verified) and active since
 * `activeSince` (anonymous ones only when `includeAnonymous`), and its teams.
 */
export interface UserCounts {
  readonly verified: number
  readonly unverified: number
  readonly anonymous: number
  readonly activeSince: number
  readonly teams: number
}

export const userCounts = (projectId: string, activeSince: Date, includeAnonymous: boolean): DbEffect<UserCounts> =>
  Effect.map(
    Db.query(
      `select
         count(*) filter (where u.is_anonymous)::int as anonymous,
         count(*) filter (where not u.is_anonymous and coalesce(pc.is_verified, false))::int as verified,
         count(*) filter (where not u.is_anonymous and not coalesce(pc.is_verified, false))::int as unverified,
         count(*) filter (where u.last_active_at >= $2 and ($3 or not u.is_anonymous))::int as active,
         (select count(*)::int from teams t where t.project_id = $1) as teams
       from users u
       left join contact_channels pc on pc.project_id = u.project_id and pc.user_id = u.id and pc.type = 'email' and pc.is_primary
       where u.project_id = $1`,
      [projectId, activeSince, includeAnonymous]
    ),
    (rows) => {
      const row = rows[0] ?? {}
      const n = (key: string) => Number(row[key] ?? 0)
      return {
        verified: n("verified"),
        unverified: n("unverified"),
        anonymous: n("anonymous"),
        activeSince: n("active"),
        teams: n("teams")
      }
    }
  )

/** One e-mail the project sent (the outbox keeps every one). */
export interface SentEmail {
  readonly id: string
  readonly subject: string
  readonly createdAt: Date
}

/** The e-mails the project sent since `from`, newest first. */
export const sentEmailsSince = (projectId: string, from: Date): DbEffect<ReadonlyArray<SentEmail>> =>
  Effect.map(
    Db.query(
      "select id, subject, created_at from outbox where project_id = $1 and created_at >= $2 order by created_at desc, id desc",
      [projectId, from]
    ),
    (rows) =>
      rows.flatMap((row) => {
        const createdAt = asDate(row["created_at"])
        return typeof row["id"] === "string" && typeof row["subject"] === "string" && createdAt !== undefined
          ? [{ id: row["id"], subject: row["subject"], createdAt }]
          : []
      })
  )

/** How many e-mails the project has sent in all. */
export const countSentEmails = (projectId: string): DbEffect<number> =>
  Effect.map(Db.query("select count(*)::int as n from outbox where project_id = $1", [projectId]), (rows) =>
    Number(rows[0]?.["n"] ?? 0)
  )

/**
 * Users per country, most first: the country recorded for each user (at sign-up, from the request's location
 * headers, or set by a server), anonymous users only with `includeAnonymous`; users without one are left out.
 */
export const usersByCountry = (
  projectId: string,
  includeAnonymous: boolean
): DbEffect<Readonly<Record<string, number>>> =>
  Effect.map(
    Db.query(
      `select country_code, count(*)::int as users from users
       where project_id = $1 and country_code is not null and ($2 or not is_anonymous)
       group by country_code order by users desc, country_code`,
      [projectId, includeAnonymous]
    ),
    (rows) =>
      Object.fromEntries(
        rows.flatMap((row) => {
          const code = row["country_code"]
          return typeof code === "string" ? [[code, Number(row["users"] ?? 0)] as const] : []
        })
      )
  )
