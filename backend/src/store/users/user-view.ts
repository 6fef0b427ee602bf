/**
 * The user read view (users.ts reads it): one select joins the primary email, password presence, OAuth accounts
 * and the selected team, so `GET /users/me` costs a single round trip; its row, the `ServerUser` it maps to, and
 * when a user is restricted (in TypeScript for one user, in SQL for list filters).
 */
import * as Schema from "effect/Schema"
import type { ServerTeam } from "@stackfx/lib/domain/team.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { rowDecoder, rowStruct, Timestamp } from "../rows.js"

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
export const viewRows = rowDecoder(UserViewRow)

export const viewSelect = `
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

export const toUser = (row: UserViewRow): ServerUser => {
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

// The restriction rule of `restrictedReasonOf`, in SQL, for list filters.
export const isRestrictedSql = `(u.is_anonymous or u.restricted_by_admin or (coalesce((select p.require_email_verification
  from projects p where p.id = u.project_id), false) and not coalesce(pc.is_verified, false)))`
