/** Users: the client view (`/users/me` as client) and the server view (`/users`, `/users/{id}`). */
import * as Schema from "effect/Schema"
import { ClientTeam, ServerTeam } from "./team.js"
import { defaultedKey, falseWhenMissing, Metadata, Millis, nullableKey, wireStruct } from "./wire.js"

/** An OAuth account connected to a user. The hosted service may leave `email` out; it decodes to `null`. */
export const UserOAuthProvider = wireStruct({
  id: Schema.String,
  accountId: Schema.String,
  email: nullableKey(Schema.String)
})
export type UserOAuthProvider = typeof UserOAuthProvider.Type

/**
 * An external authentication provider (Clerk, Better Auth, WorkOS; `POST /auth/external/token`) the user
 * signs in through, by its integration's id (`better-auth-integration`, ...). Newer builds of the service only.
 */
export const UserExternalAuthProvider = wireStruct({ id: Schema.String })
export type UserExternalAuthProvider = typeof UserExternalAuthProvider.Type

/**
 * Why a user is restricted. The hosted service has three types, the first that applies wins:
 * `"anonymous"`, `"email_not_verified"` (the project requires a verified primary e-mail and the user has
 * none) and `"restricted_by_administrator"`. Kept open (`string`) on purpose, so a type the service adds
 * later still decodes.
 */
export const RestrictedReason = Schema.Struct({ type: Schema.String })
export type RestrictedReason = typeof RestrictedReason.Type

/**
 * The hosted service's sign-up risk scores (server view, newer builds only): each an integer from 0 to
 * 100, computed once when the user signs up (`risk_scores: { sign_up: { bot, free_trial_abuse } }`).
 */
export const SignUpRiskScores = wireStruct({
  signUp: wireStruct({ bot: Schema.Finite, freeTrialAbuse: Schema.Finite })
})
export type SignUpRiskScores = typeof SignUpRiskScores.Type

const clientUserFields = {
  id: Schema.String,
  primaryEmail: Schema.NullOr(Schema.String),
  primaryEmailVerified: Schema.Boolean,
  displayName: Schema.NullOr(Schema.String),
  selectedTeamId: Schema.NullOr(Schema.String),
  profileImageUrl: Schema.NullOr(Schema.String),
  signedUpAt: Millis,
  hasPassword: Schema.Boolean,
  otpAuthEnabled: Schema.Boolean,
  passkeyAuthEnabled: Schema.Boolean,
  clientMetadata: Metadata,
  clientReadOnlyMetadata: Metadata,
  /** Hidden from the hosted service's documented schema, so it may stop coming: a missing list is empty. */
  oauthProviders: defaultedKey(Schema.Array(UserOAuthProvider), []),
  /** The external providers the user signs in through; sent since May 2026, so a missing list is empty. */
  externalAuthProviders: defaultedKey(Schema.Array(UserExternalAuthProvider), []),
  /**
   * The product's emailAuthEnabled; the wire still calls it `auth_with_email`. The hosted service marks it
   * deprecated, so a missing key decodes to false.
   */
  emailAuthEnabled: defaultedKey(Schema.Boolean, false),
  /**
   * The product's isMultiFactorRequired; the wire calls it `requires_totp_mfa`. Deprecated by the hosted
   * service: a missing key decodes to false (no TOTP factor known).
   */
  isMultiFactorRequired: defaultedKey(Schema.Boolean, false),
  isAnonymous: Schema.Boolean,
  isRestricted: Schema.Boolean,
  restrictedReason: Schema.NullOr(RestrictedReason),
  /** An administrator restricted the user (server `POST`/`PATCH /users`, or a sign-up rule). */
  restrictedByAdmin: falseWhenMissing,
  /** The reason shown to the user when `restrictedByAdmin`; `null` otherwise. */
  restrictedByAdminReason: nullableKey(Schema.String)
}

const userOverrides = {
  signedUpAt: "signed_up_at_millis",
  emailAuthEnabled: "auth_with_email",
  isMultiFactorRequired: "requires_totp_mfa"
} as const

/** The signed-in user as the client tier sees it. */
export const ClientUser = wireStruct({ ...clientUserFields, selectedTeam: Schema.NullOr(ClientTeam) }, userOverrides)
export type ClientUser = typeof ClientUser.Type

/** A user as server and admin see it: adds server metadata, last activity and the email-auth switch. */
export const ServerUser = wireStruct(
  {
    ...clientUserFields,
    selectedTeam: Schema.NullOr(ServerTeam),
    primaryEmailAuthEnabled: Schema.Boolean,
    serverMetadata: Metadata,
    lastActiveAt: Millis,
    /** Where the user signed up from (ISO 3166 alpha-2), when the hosted service located them; newer builds only. */
    countryCode: Schema.optionalKey(Schema.NullOr(Schema.String)),
    /** The sign-up risk scores, when the hosted service sends them; newer builds only. */
    riskScores: Schema.optionalKey(SignUpRiskScores),
    /** The administrator's private note on the restriction; server view only. */
    restrictedByAdminPrivateDetails: nullableKey(Schema.String)
  },
  { ...userOverrides, lastActiveAt: "last_active_at_millis" }
)
export type ServerUser = typeof ServerUser.Type
