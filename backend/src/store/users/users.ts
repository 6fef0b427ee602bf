/**
 * Repository of `users` and the user read view: one query joins the primary email, password presence,
 * OAuth accounts and the selected team, so `GET /users/me` costs a single round trip.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { ServerTeam } from "@stackfx/lib/domain/team.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { Db, type DbEffect } from "../db.js"
import { firstString, rowDecoder, rowStruct, Timestamp } from "../rows.js"
import { jsonParam, type PatchColumns, updateColumns } from "../statements.js"

const Json = Schema.NullOr(Schema.Json)

const UserViewRow = rowStruct({
  id: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  profileImageUrl: Schema.NullOr(Schema.String),
  clientMetadata: Json,
  clientReadOnlyMetadata: Json,
  serverMetadata: Json,
  signedUpAt: Timestamp,
  lastActiveAt: Timestamp,
  requiresTotpMfa: Schema.Boolean,
  otpAuthEnabled: Schema.Boolean,
  passkeyAuthEnabled: Schema.Boolean,
  isAnonymous: Schema.Boolean,
  restrictedByAdmin: Schema.Boolean,
  restrictedByAdminReason: Schema.NullOr(Schema.String),
  restrictedByAdminPrivateDetails: Schema.NullOr(Schema.String),
  countryCode: Schema.NullOr(Schema.String),
  riskScoreBot: Schema.Number,
  riskScoreFreeTrialAbuse: Schema.Number,
  requireEmailVerification: Schema.Boolean,
  primaryEmail: Schema.NullOr(Schema.String),
  primaryEmailVerified: Schema.Boolean,
  primaryEmailAuthEnabled: Schema.Boolean,
  hasPassword: Schema.Boolean,
  oauthProviders: Schema.Array(
    rowStruct({ id: Schema.String, accountId: Schema.String, email: Schema.NullOr(Schema.String) })
  ),
  externalAuthProviders: Schema.Array(rowStruct({ id: Schema.String })),
  teamId: Schema.NullOr(Schema.String),
  teamDisplayName: Schema.NullOr(Schema.String),
  teamProfileImageUrl: Schema.NullOr(Schema.String),
  teamClientMetadata: Json,
  teamClientReadOnlyMetadata: Json,
  teamServerMetadata: Json,
  teamCreatedAt: Schema.NullOr(Timestamp)
})
type UserViewRow = typeof UserViewRow.Type
const viewRows = rowDecoder(UserViewRow)

const viewSelect = `
select u.id, u.display_name, u.profile_image_url, u.client_metadata, u.client_read_only_metadata, u.server_metadata,
  u.signed_up_at, u.last_active_at, u.totp_secret_base64 is not null as requires_totp_mfa, u.otp_auth_enabled,
  u.passkey_auth_enabled, u.is_anonymous, u.restricted_by_admin, u.restricted_by_admin_reason,
  u.restricted_by_admin_private_details, u.country_code, u.risk_score_bot, u.risk_score_free_trial_abuse,
  coalesce((select p.require_email_verification from projects p where p.id = u.project_id), false)
    as require_email_verification,
  pc.value as primary_email, coalesce(pc.is_verified, false) as primary_email_verified,
  coalesce(pc.used_for_auth, false) as primary_email_auth_enabled,
  exists (select 1 from password_hashes ph where ph.project_id = u.project_id and ph.user_id = u.id) as has_password,
  coalesce((select json_agg(json_build_object('id', o.provider_id, 'account_id', o.account_id, 'email', o.email)
            order by o.created_at, o.id) from oauth_accounts o where o.project_id = u.project_id and o.user_id = u.id), '[]'::json)
    as oauth_providers,
  coalesce((select json_agg(json_build_object('id', e.provider_id) order by e.created_at, e.provider_id)
            from external_auth_methods e where e.project_id = u.project_id and e.user_id = u.id), '[]'::json)
    as external_auth_providers,
  t.id as team_id, t.display_name as team_display_name, t.profile_image_url as team_profile_image_url,
  t.client_metadata as team_client_metadata, t.client_read_only_metadata as team_client_read_only_metadata,
  t.server_metadata as team_server_metadata, t.created_at as team_created_at
from users u
left join contact_channels pc on pc.project_id = u.project_id and pc.user_id = u.id and pc.type = 'email' and pc.is_primary
left join team_members tm on tm.project_id = u.project_id and tm.user_id = u.id and tm.team_id = u.selected_team_id
left join teams t on t.project_id = u.project_id and t.id = tm.team_id`

const toTeam = (row: UserViewRow): ServerTeam | null =>
  row.teamId === null || row.teamDisplayName === null || row.teamCreatedAt === null
    ? null
    : {
        id: row.teamId,
        displayName: row.teamDisplayName,
        profileImageUrl: row.teamProfileImageUrl,
        clientMetadata: row.teamClientMetadata,
        clientReadOnlyMetadata: row.teamClientReadOnlyMetadata,
        serverMetadata: row.teamServerMetadata,
        createdAt: row.teamCreatedAt
      }

/**
 * Why the user is restricted, as the hosted service decides it (first match wins): anonymous; the project
 * requires a verified e-mail and the primary one is not verified (or there is none); restricted by an
 * administrator. `null`: not restricted.
 */
export const restrictedReasonOf = (user: {
  readonly isAnonymous: boolean
  readonly requireEmailVerification: boolean
  readonly primaryEmailVerified: boolean
  readonly restrictedByAdmin: boolean
}): { readonly type: string } | null => {
  if (user.isAnonymous) return { type: "anonymous" }
  if (user.requireEmailVerification && !user.primaryEmailVerified) return { type: "email_not_verified" }
  if (user.restrictedByAdmin) return { type: "restricted_by_administrator" }
  return null
}

const toUser = (row: UserViewRow): ServerUser => {
  const restrictedReason = restrictedReasonOf(row)
  const selectedTeam = toTeam(row)
  return {
    id: row.id,
    primaryEmail: row.primaryEmail,
    primaryEmailVerified: row.primaryEmailVerified,
    primaryEmailAuthEnabled: row.primaryEmailAuthEnabled,
    displayName: row.displayName,
    selectedTeamId: selectedTeam === null ? null : selectedTeam.id,
    selectedTeam,
    profileImageUrl: row.profileImageUrl,
    signedUpAt: row.signedUpAt,
    lastActiveAt: row.lastActiveAt,
    hasPassword: row.hasPassword,
    otpAuthEnabled: row.otpAuthEnabled,
    passkeyAuthEnabled: row.passkeyAuthEnabled,
    clientMetadata: row.clientMetadata,
    clientReadOnlyMetadata: row.clientReadOnlyMetadata,
    serverMetadata: row.serverMetadata,
    oauthProviders: row.oauthProviders,
    externalAuthProviders: row.externalAuthProviders,
    // The service's `auth_with_email`: a password or OTP sign-in method exists, whatever the primary e-mail's
    // `primary_email_auth_enabled` says (users/crud.tsx at 2f719903).
    emailAuthEnabled: row.hasPassword || row.otpAuthEnabled,
    isMultiFactorRequired: row.requiresTotpMfa,
    isAnonymous: row.isAnonymous,
    isRestricted: restrictedReason !== null,
    restrictedReason,
    restrictedByAdmin: row.restrictedByAdmin,
    restrictedByAdminReason: row.restrictedByAdminReason,
    restrictedByAdminPrivateDetails: row.restrictedByAdminPrivateDetails,
    countryCode: row.countryCode,
    riskScores: { signUp: { bot: row.riskScoreBot, freeTrialAbuse: row.riskScoreFreeTrialAbuse } }
  }
}

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

// The restriction rule of `restrictedReasonOf`, in SQL, for list filters.
const isRestrictedSql = `(u.is_anonymous or u.restricted_by_admin or (coalesce((select p.require_email_verification
  from projects p where p.id = u.project_id), false) and not coalesce(pc.is_verified, false)))`

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
