/**
 * What kind of user the session's current access token is for, read from its claims without verifying
 * them (the server verifies; the client only decides what to send). Loaded with the lazily loaded services
 * that need it (sign-up, OAuth, email verification), not with the session itself.
 */
import type { SessionShape } from "./session.js"
import { unverifiedClaims } from "./session-freshness.js"

const claimsOf = (session: SessionShape) => {
  const state = session.current()
  return state._tag === "Active" && state.accessToken !== null ? unverifiedClaims(state.accessToken) : undefined
}

/**
 * The session is a guest's (an anonymous user's). A sign-up then sends the session, so the service
 * upgrades that user instead of making a new one (docs/wire.md, "Restricted and anonymous users"). A
 * session with a refresh token but no access token yet reads as no guest: the sign-up makes a new user,
 * as it would for a visitor.
 */
export const isGuestSession = (session: SessionShape): boolean => claimsOf(session)?.["is_anonymous"] === true

/** The session's access token is a restricted, non-anonymous user's (e.g. one whose e-mail is not verified). */
export const isRestrictedSession = (session: SessionShape): boolean => {
  const claims = claimsOf(session)
  return claims?.["is_restricted"] === true && claims["is_anonymous"] !== true
}
