/** Which view of a user a caller gets: clients see the client view, server and admin the server view. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { AccessType } from "@stackfx/lib/domain/api.js"
import type { ClientTeam, ServerTeam } from "@stackfx/lib/domain/team.js"
import { ClientUser, ServerUser } from "@stackfx/lib/domain/user.js"

export const toClientTeam = (team: ServerTeam): ClientTeam => ({
  id: team.id,
  displayName: team.displayName,
  profileImageUrl: team.profileImageUrl,
  clientMetadata: team.clientMetadata,
  clientReadOnlyMetadata: team.clientReadOnlyMetadata
})

/** The client view of a user: the server view without server metadata, last activity and the email-auth switch. */
export const toClientUser = (user: ServerUser): ClientUser => ({
  id: user.id,
  primaryEmail: user.primaryEmail,
  primaryEmailVerified: user.primaryEmailVerified,
  displayName: user.displayName,
  selectedTeamId: user.selectedTeamId,
  selectedTeam: user.selectedTeam === null ? null : toClientTeam(user.selectedTeam),
  profileImageUrl: user.profileImageUrl,
  signedUpAt: user.signedUpAt,
  hasPassword: user.hasPassword,
  otpAuthEnabled: user.otpAuthEnabled,
  passkeyAuthEnabled: user.passkeyAuthEnabled,
  clientMetadata: user.clientMetadata,
  clientReadOnlyMetadata: user.clientReadOnlyMetadata,
  oauthProviders: user.oauthProviders,
  emailAuthEnabled: user.emailAuthEnabled,
  isMultiFactorRequired: user.isMultiFactorRequired,
  isAnonymous: user.isAnonymous,
  isRestricted: user.isRestricted,
  restrictedReason: user.restrictedReason,
  restrictedByAdmin: user.restrictedByAdmin,
  restrictedByAdminReason: user.restrictedByAdminReason
})

/**
 * A server user as the hosted service sends it: with the fields it adds beyond the core user fields, which
 * its own SDK reads without a guard (`risk_scores.sign_up` above all). The local backend has no risk scoring
 * or geolocation, so a user without them gets neutral values.
 */
export const withHostedExtras = (user: ServerUser): ServerUser => ({
  ...user,
  countryCode: user.countryCode ?? null,
  riskScores: user.riskScores ?? { signUp: { bot: 0, freeTrialAbuse: 0 } }
})

/**
 * An encoded user answer of a view as the hosted service sends it (for `serve`'s `wire`): the server view
 * completed with its extras, the client view as it is.
 */
export const hostedUserWire = (encoded: unknown, view: AccessType): unknown =>
  view === "client" || typeof encoded !== "object" || encoded === null
    ? encoded
    : { country_code: null, risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } }, ...encoded }

/** {@link hostedUserWire} for each user of an encoded list answer. */
export const hostedUserListWire = (encoded: unknown, view: AccessType): unknown => {
  if (view === "client" || typeof encoded !== "object" || encoded === null || !("items" in encoded)) return encoded
  const items = encoded.items
  return Array.isArray(items) ? { ...encoded, items: items.map((item: unknown) => hostedUserWire(item, view)) } : encoded
}

/** The server view of a user as the hosted service sends it: the core user fields plus its extras. */
export const serverUserWire = (user: ServerUser): Effect.Effect<Record<string, unknown>> =>
  Effect.orDie(Schema.encodeEffect(ServerUser)(withHostedExtras(user)))
