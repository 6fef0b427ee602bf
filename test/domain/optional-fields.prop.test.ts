/**
 * Every response decoder must accept an answer without the fields the hosted service marks optional or
 * deprecated (its CRUD schemas without `.defined()`, or `@deprecated`/hidden ones it may stop sending): a
 * newer or older hosted build that leaves them out must not break a call. The keys below are the service's,
 * by wire name (facts: /work/facts/errors-fields.md, section 2), and are removed wherever they occur in the
 * answer, nested entities included.
 *
 * The project and email-template answers (domain/project.ts, domain/email-template.ts) are left to their
 * own change and are not listed here.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as D from "../../src/domain/index.js"
import { unsure } from "../../src/domain/wire.js"
import { fastDecoder } from "../../src/services/wire/wire-codec.js"
import type { WireSchema } from "../support/wire-schemas.js"

const metadata = ["client_metadata", "client_read_only_metadata", "server_metadata"]
const user = [
  ...metadata,
  // deprecated, openapi-hidden
  "auth_with_email",
  "requires_totp_mfa",
  // hidden, and each account's `email` may be absent
  "oauth_providers",
  "email",
  // sent since May 2026
  "external_auth_providers",
  // server view, newer builds only
  "country_code",
  "risk_scores"
]
const session = [
  "last_used_at",
  "is_current_session",
  "last_used_at_end_user_ip_info",
  "countryCode",
  "regionCode",
  "cityName",
  "latitude",
  "longitude",
  "tzIdentifier"
]
const apiKey = ["manually_revoked_at_millis", "publishable_client_key", "secret_server_key", "super_secret_admin_key"]

/** Each response decoder with the wire keys the hosted service may leave out of its answer. */
const responses: ReadonlyArray<readonly [string, Schema.Top, ReadonlyArray<string>]> = [
  ["ClientUser", D.ClientUser, user],
  ["ServerUser", D.ServerUser, user],
  ["ListResponse(ServerUser)", D.ListResponse(D.ServerUser), user],
  ["ClientTeam", D.ClientTeam, metadata],
  ["ServerTeam", D.ServerTeam, metadata],
  ["ListResponse(ClientTeam)", D.ListResponse(D.ClientTeam), metadata],
  ["TeamMemberProfile", D.TeamMemberProfile, []],
  ["ServerTeamMemberProfile", D.ServerTeamMemberProfile, user],
  ["TeamMembership", D.TeamMembership, []],
  // older builds leave the team's name out of invitation lists
  ["TeamInvitation", D.TeamInvitation, []],
  ["TeamInvitationSent", D.TeamInvitationSent, []],
  ["TeamInvitationDetails", D.TeamInvitationDetails, []],
  ["TeamPermission", D.TeamPermission, []],
  ["PermissionDefinition", D.PermissionDefinition, ["description"]],
  ["ContactChannel", D.ContactChannel, []],
  ["SessionInfo", D.SessionInfo, session],
  ["ListResponse(SessionInfo)", D.ListResponse(D.SessionInfo), session],
  ["ApiKey", D.ApiKey, apiKey],
  ["ApiKeyCreated", D.ApiKeyCreated, apiKey],
  ["ProjectMetrics", D.ProjectMetrics, ["auth_overview", "email_overview", "payments_overview", "analytics_overview"]],
  // the hosted schema guarantees six fields of a recent user; the rest of the server user may be missing
  [
    "MetricsRecentUser",
    D.MetricsRecentUser,
    [
      ...user,
      "primary_email_verified",
      "primary_email_auth_enabled",
      "selected_team_id",
      "selected_team",
      "has_password",
      "otp_auth_enabled",
      "passkey_auth_enabled",
      "is_anonymous",
      "is_restricted",
      "restricted_reason",
      "restricted_by_admin",
      "restricted_by_admin_reason",
      "restricted_by_admin_private_details"
    ]
  ],
  ["PasswordSignInResponse", D.PasswordSignInResponse, []],
  ["SignInResponse", D.SignInResponse, []],
  ["OtpSendResponse", D.OtpSendResponse, []],
  ["RefreshTokenResponse", D.RefreshTokenResponse, ["token_type", "expires_in", "refresh_token", "scope", "id_token"]],
  [
    "AuthorizationCodeResponse",
    D.AuthorizationCodeResponse,
    ["token_type", "expires_in", "scope", "after_callback_redirect_url"]
  ],
  ["OAuthErrorResponse", D.OAuthErrorResponse, ["error_description"]],
  ["ServerSessionResponse", D.ServerSessionResponse, []],
  ["ConnectedAccountAccessToken", D.ConnectedAccountAccessToken, []],
  ["SuccessResponse", D.SuccessResponse, []]
]

/** `wire` with every key named in `keys` removed, at any depth (metadata values are left as they are). */
const without = (wire: unknown, keys: ReadonlySet<string>): unknown => {
  if (Array.isArray(wire)) return wire.map((item) => without(item, keys))
  if (typeof wire !== "object" || wire === null) return wire
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(wire)) {
    if (keys.has(key)) continue
    out[key] = metadata.includes(key) ? value : without(value, keys)
  }
  return out
}

describe("response decoders tolerate the fields the hosted service may leave out", () => {
  for (const [name, schema, optional] of responses) {
    const codec = schema as unknown as WireSchema
    const encode = Schema.encodeUnknownSync(codec)
    const decode = Schema.decodeUnknownExit(codec)
    const compiled = fastDecoder(codec)
    // All of them at once, and each alone: a build may drop any one of them.
    const removals: ReadonlyArray<ReadonlySet<string>> = [new Set(optional), ...optional.map((key) => new Set([key]))]

    it.prop(
      `${name}: decodes without ${optional.length === 0 ? "(nothing optional)" : optional.join(", ")}`,
      [Arbitrary.schema(codec)],
      ([value]) => {
        const wire = JSON.parse(JSON.stringify(encode(value)))
        for (const keys of removals) {
          const stripped = without(wire, keys)
          const slow = decode(stripped)
          assert.isTrue(Exit.isSuccess(slow), `${name} without ${[...keys].join(", ")}: ${String(slow)}`)
          if (compiled === undefined || !Exit.isSuccess(slow)) continue
          // The compiled decoder must read such an answer itself, and to the schema's value.
          const fast = compiled(stripped)
          assert.notStrictEqual(fast, unsure, `${name} without ${[...keys].join(", ")}: the compiled decoder gave up`)
          assert.deepStrictEqual(fast, slow.value)
        }
      },
      { arbitrary: { runs: 25 } }
    )
  }

  it("decodes a user without the deprecated flags to false and without accounts to none", () => {
    const wire = JSON.parse(JSON.stringify(Schema.encodeSync(D.ClientUser)(sampleUser)))
    const stripped = without(
      wire,
      new Set(["auth_with_email", "requires_totp_mfa", "oauth_providers", "external_auth_providers"])
    )
    const decoded = Schema.decodeUnknownSync(D.ClientUser)(stripped)
    assert.isFalse(decoded.emailAuthEnabled)
    assert.isFalse(decoded.isMultiFactorRequired)
    assert.deepStrictEqual(decoded.oauthProviders, [])
    assert.deepStrictEqual(decoded.externalAuthProviders, [])
  })

  it("reads a session's IP info with its camelCase keys as sent", () => {
    const decoded = Schema.decodeUnknownSync(D.SessionInfo)({
      id: "s",
      user_id: "u",
      created_at: 1,
      is_impersonation: false,
      last_used_at_end_user_ip_info: { ip: "203.0.113.9", countryCode: "CH", cityName: null }
    })
    assert.isFalse(decoded.isCurrentSession)
    assert.isUndefined(decoded.lastUsedAt)
    assert.deepStrictEqual(decoded.lastUsedAtEndUserIpInfo, { ip: "203.0.113.9", countryCode: "CH", cityName: null })
  })
})

const sampleUser: D.ClientUser = {
  id: "u",
  primaryEmail: "a@example.com",
  primaryEmailVerified: true,
  displayName: null,
  selectedTeamId: null,
  profileImageUrl: null,
  signedUpAt: new Date(1),
  hasPassword: true,
  otpAuthEnabled: false,
  passkeyAuthEnabled: false,
  clientMetadata: null,
  clientReadOnlyMetadata: null,
  oauthProviders: [{ id: "github", accountId: "1", email: null }],
  externalAuthProviders: [{ id: "clerk-integration" }],
  emailAuthEnabled: true,
  isMultiFactorRequired: true,
  isAnonymous: false,
  isRestricted: false,
  restrictedReason: null,
  restrictedByAdmin: false,
  restrictedByAdminReason: null,
  selectedTeam: null
}
