/** The hosted service's extras of a server user (risk scores, country), for answers that carry users. */
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
