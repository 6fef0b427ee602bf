/**
 * Repository of `users`: the user read view (user-view.ts) of one user or of a page of them, and the writes
 * (insert, the columns a PATCH changes, delete).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { Db, type DbEffect } from "../db.js"
import { firstString } from "../rows.js"
import { jsonParam, type PatchColumns, updateColumns } from "../statements.js"
import { isRestrictedSql, toUser, viewRows, viewSelect } from "./user-view.js"

/** The server view of one user of the project, or undefined. */
export const findUserView = (projectId: string, userId: string): DbEffect<ServerUser | undefined> =>
  Effect.flatMap(Db.query(`${viewSelect} where u.project_id = $1 and u.id = $2`, [projectId, userId]), (found) =>
    Effect.map(viewRows.first(found), (row) => (row === undefined ? undefined : toUser(row)))
  )

/** What `GET /users` sorts by. */
export type UserOrder = "signed_up_at" | "last_active_at"

export interface UserListQuery {
  readonly projectId: string
  readonly teamId?: string | undefined
  /** Case-insensitive substring of display name or primary email, or an exact id. */
  readonly search?: string | undefined
  readonly desc: boolean
  /** The sort key: sign-up time (the default) or the latest activity, then id. */
  readonly orderBy?: UserOrder | undefined
  /** Exclusive: the sort key and id of the previous page's last user. */
  readonly cursor?: { readonly at: Date; readonly id: string } | undefined
  /** Lower-cased domains whose primary e-mail addresses are left out (exact domains). */
  readonly excludedEmailDomains?: ReadonlyArray<string> | undefined
  /** Rows to return; the caller asks for one more than the page to learn the next cursor. */
  readonly limit?: number | undefined
  /**
   * Which users are listed (`GET /users`): `"unrestricted"` (the default) leaves out anonymous users,
   * users restricted by an administrator and, where the project requires a verified e-mail, users without
   * one; `"restricted"` adds the restricted ones but still no anonymous ones; `"all"` lists everybody;
   * `"anonymous"` only the anonymous ones.
   */
  readonly include?: "unrestricted" | "restricted" | "all" | "anonymous" | undefined
}

/** Users ordered by sign-up time (or latest activity) then id. */
export const listUserViews = (query: UserListQuery): DbEffect<ReadonlyArray<ServerUser>> => {
  const params: Array<unknown> = [query.projectId]
  const where = ["u.project_id = $1"]
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  if (query.teamId !== undefined) {
    where.push(
      `exists (select 1 from team_members m where m.project_id = u.project_id and m.user_id = u.id and m.team_id = ${param(
        query.teamId
      )})`
    )
  }
  const include = query.include ?? "unrestricted"
  if (include === "unrestricted") where.push(`not ${isRestrictedSql}`)
  if (include === "restricted") where.push("not u.is_anonymous")
  if (include === "anonymous") where.push("u.is_anonymous")
  if (query.search !== undefined && query.search !== "") {
    const like = param(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    where.push(`(u.display_name ilike ${like} or pc.value ilike ${like} or u.id = ${param(query.search)})`)
  }
  if (query.excludedEmailDomains !== undefined && query.excludedEmailDomains.length > 0) {
    // The domains are checked at the edge (letters, digits, dots and hyphens): no LIKE wildcard among them.
    const patterns = param(query.excludedEmailDomains.map((domain) => `%@${domain}`))
    where.push(`not coalesce(lower(pc.value) like any(${patterns}::text[]), false)`)
  }
  const order = query.orderBy ?? "signed_up_at"
  if (query.cursor !== undefined) {
    const op = query.desc ? "<" : ">"
    where.push(`(u.${order}, u.id) ${op} (${param(query.cursor.at)}, ${param(query.cursor.id)})`)
  }
  const direction = query.desc ? "desc" : "asc"
  const limit = query.limit === undefined ? "" : ` limit ${param(query.limit)}`
  return Effect.flatMap(
    Db.query(
      `${viewSelect} where ${where.join(" and ")} order by u.${order} ${direction}, u.id ${direction}${limit}`,
      params
    ),
    (found) => Effect.map(viewRows.all(found), (list) => list.map(toUser))
  )
}

/** The sort key of a user, to resolve a cursor. */
export const findUserSortKey = (projectId: string, userId: string, order: UserOrder): DbEffect<Date | undefined> =>
  Effect.map(
    Db.query(`select ${order} as at from users where project_id = $1 and id = $2`, [projectId, userId]),
    (found) => {
      const value = found[0]?.["at"]
      return value instanceof Date ? value : undefined
    }
  )

/** When a user signed up and whether a guest: whether one exists, for a write that treats guests apart. */
export const findUserSignUp = (
  projectId: string,
  userId: string
): DbEffect<{ readonly signedUpAt: Date; readonly isAnonymous: boolean } | undefined> =>
  Effect.map(
    Db.query("select signed_up_at, is_anonymous from users where project_id = $1 and id = $2", [projectId, userId]),
    (found) => {
      const value = found[0]?.["signed_up_at"]
      return value instanceof Date ? { signedUpAt: value, isAnonymous: found[0]?.["is_anonymous"] === true } : undefined
    }
  )

export interface NewUser {
  readonly id: string
  readonly projectId: string
  readonly displayName: string | null
  readonly profileImageUrl: string | null
  readonly clientMetadata: Schema.Json | null
  readonly clientReadOnlyMetadata: Schema.Json | null
  readonly serverMetadata: Schema.Json | null
  readonly signedUpAt: Date
  readonly totpSecretBase64: string | null
  readonly otpAuthEnabled: boolean
  readonly passkeyAuthEnabled: boolean
  readonly isAnonymous: boolean
  readonly restrictedByAdmin?: boolean | undefined
  readonly restrictedByAdminReason?: string | null | undefined
  readonly restrictedByAdminPrivateDetails?: string | null | undefined
  readonly countryCode?: string | null | undefined
  readonly riskScoreBot?: number | undefined
  readonly riskScoreFreeTrialAbuse?: number | undefined
}

export const insertUser = (user: NewUser): DbEffect<void> =>
  Db.run(
    `insert into users (id, project_id, display_name, profile_image_url, client_metadata, client_read_only_metadata,
         server_metadata, signed_up_at, last_active_at, totp_secret_base64, otp_auth_enabled, passkey_auth_enabled, is_anonymous,
         restricted_by_admin, restricted_by_admin_reason, restricted_by_admin_private_details, country_code,
         risk_score_bot, risk_score_free_trial_abuse)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [
      user.id,
      user.projectId,
      user.displayName,
      user.profileImageUrl,
      jsonParam(user.clientMetadata),
      jsonParam(user.clientReadOnlyMetadata),
      jsonParam(user.serverMetadata),
      user.signedUpAt,
      user.totpSecretBase64,
      user.otpAuthEnabled,
      user.passkeyAuthEnabled,
      user.isAnonymous,
      user.restrictedByAdmin ?? false,
      user.restrictedByAdminReason ?? null,
      user.restrictedByAdminPrivateDetails ?? null,
      user.countryCode ?? null,
      user.riskScoreBot ?? 0,
      user.riskScoreFreeTrialAbuse ?? 0
    ]
  )

/** Columns of `users` a PATCH may change; absent keys stay as they are. */
export interface UserColumnsPatch {
  readonly displayName?: string | null
  readonly profileImageUrl?: string | null
  readonly clientMetadata?: Schema.Json | null
  readonly clientReadOnlyMetadata?: Schema.Json | null
  readonly serverMetadata?: Schema.Json | null
  readonly selectedTeamId?: string | null
  readonly totpSecretBase64?: string | null
  readonly otpAuthEnabled?: boolean
  readonly passkeyAuthEnabled?: boolean
  readonly isAnonymous?: boolean
  readonly signedUpAt?: Date
  readonly restrictedByAdmin?: boolean
  readonly restrictedByAdminReason?: string | null
  readonly restrictedByAdminPrivateDetails?: string | null
  readonly lastActiveAt?: Date
  readonly countryCode?: string | null
  readonly riskScoreBot?: number
  readonly riskScoreFreeTrialAbuse?: number
}

const patchColumns: PatchColumns<UserColumnsPatch> = [
  ["displayName", "display_name"],
  ["profileImageUrl", "profile_image_url"],
  ["clientMetadata", "client_metadata", true],
  ["clientReadOnlyMetadata", "client_read_only_metadata", true],
  ["serverMetadata", "server_metadata", true],
  ["selectedTeamId", "selected_team_id"],
  ["totpSecretBase64", "totp_secret_base64"],
  ["otpAuthEnabled", "otp_auth_enabled"],
  ["passkeyAuthEnabled", "passkey_auth_enabled"],
  ["isAnonymous", "is_anonymous"],
  ["signedUpAt", "signed_up_at"],
  ["restrictedByAdmin", "restricted_by_admin"],
  ["restrictedByAdminReason", "restricted_by_admin_reason"],
  ["restrictedByAdminPrivateDetails", "restricted_by_admin_private_details"],
  ["lastActiveAt", "last_active_at"],
  ["countryCode", "country_code"],
  ["riskScoreBot", "risk_score_bot"],
  ["riskScoreFreeTrialAbuse", "risk_score_free_trial_abuse"]
]

export const updateUserColumns = (projectId: string, userId: string, patch: UserColumnsPatch): DbEffect<void> =>
  updateColumns(
    "users",
    [
      ["project_id", projectId],
      ["id", userId]
    ],
    patchColumns,
    patch
  )

export const deleteUser = (projectId: string, userId: string): DbEffect<boolean> =>
  Effect.map(
    Db.query("delete from users where project_id = $1 and id = $2 returning id", [projectId, userId]),
    (found) => found.length > 0
  )

/** The stored TOTP secret, for MFA checks. */
export const findTotpSecret = (projectId: string, userId: string): DbEffect<string | null> =>
  Effect.map(
    Db.query("select totp_secret_base64 from users where project_id = $1 and id = $2", [projectId, userId]),
    (found) => firstString(found, "totp_secret_base64") ?? null
  )

/** A user without a verified primary e-mail (`preview-affected-users`). */
export interface UnverifiedUser {
  readonly id: string
  readonly displayName: string | null
  readonly primaryEmail: string | null
}

/**
 * The project's users who are not anonymous and have no verified primary e-mail: how many, and the newest
 * `limit` of them (by sign-up, then id).
 */
export const unverifiedUsers = (
  projectId: string,
  limit: number
): DbEffect<{ readonly total: number; readonly newest: ReadonlyArray<UnverifiedUser> }> => {
  const from = `from users u
       left join contact_channels pc on pc.project_id = u.project_id and pc.user_id = u.id and pc.type = 'email' and pc.is_primary
       where u.project_id = $1 and not u.is_anonymous and not coalesce(pc.is_verified, false)`
  return Effect.map(
    Effect.all([
      Db.query(`select count(*)::int as n ${from}`, [projectId]),
      Db.query(
        `select u.id, u.display_name, pc.value as primary_email ${from} order by u.signed_up_at desc, u.id desc limit $2`,
        [projectId, limit]
      )
    ]),
    ([count, rows]) => ({
      total: Number(count[0]?.["n"] ?? 0),
      newest: rows.flatMap((row) =>
        typeof row["id"] === "string"
          ? [
              {
                id: row["id"],
                displayName: typeof row["display_name"] === "string" ? row["display_name"] : null,
                primaryEmail: typeof row["primary_email"] === "string" ? row["primary_email"] : null
              }
            ]
          : []
      )
    })
  )
}
