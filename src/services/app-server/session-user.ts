/**
 * The signed-in user as their verified access token describes them: what a server page or an API route may read
 * with no request to the backend (the id, e-mail, display name, selected team and flags). It is as fresh as the
 * token (a name changed since shows after the next refresh); the full user, with metadata, profile image and
 * linked accounts, is a request (`ServerUsers.get`).
 */
import type { AccessTokenClaims } from "../../domain/jwt.js"
import type { PartialUser } from "../session/partial-user.js"

/** `PartialUser`, and the selected team and sign-up time the token carries too. */
export interface SessionUser extends PartialUser {
  readonly selectedTeamId: string | null
  readonly signedUpAt: Date
}

/** The session user of verified `claims`. */
export const sessionUserOf = (claims: AccessTokenClaims): SessionUser => ({
  id: claims.sub,
  primaryEmail: claims.email,
  displayName: claims.name,
  primaryEmailVerified: claims.emailVerified,
  selectedTeamId: claims.selectedTeamId,
  isAnonymous: claims.isAnonymous,
  isMultiFactorRequired: claims.requiresTotpMfa,
  isRestricted: claims.isRestricted,
  restrictedReason: claims.restrictedReason,
  // Seconds in the token, a Date like the user's own `signedUpAt`.
  signedUpAt: new Date(claims.signedUpAt * 1000)
})
