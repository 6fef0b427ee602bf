/** The hosted service's extras of a server user (risk scores, country), for answers that carry users. */
import type { AccessType } from "@stackfx/lib/domain/api.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"

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
  return Array.isArray(items)
    ? { ...encoded, items: items.map((item: unknown) => hostedUserWire(item, view)) }
    : encoded
}
