/**
 * `POST /auth/external/token`: an app whose users sign in with another auth provider (Clerk, Better Auth,
 * WorkOS) exchanges that provider's session token (a JWT with `sub`, `sid` and `exp`) for a short-lived access
 * token of the project. The provider keeps the session: there is no refresh token, and the app exchanges a
 * fresh provider token when the access token runs out.
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** The integrations the service verifies tokens of; each one is an app the project installs in its config. */
export const EXTERNAL_AUTH_PROVIDER_IDS = [
  "clerk-integration",
  "better-auth-integration",
  "workos-integration"
] as const

export const ExternalAuthProviderId = Schema.Literals(EXTERNAL_AUTH_PROVIDER_IDS)
export type ExternalAuthProviderId = typeof ExternalAuthProviderId.Type

/** The request body. @internal */
export const ExternalAuthTokenRequest = wireStruct({
  providerId: ExternalAuthProviderId,
  token: Schema.String.check(Schema.isMinLength(1))
})
/** @internal */
export type ExternalAuthTokenRequest = typeof ExternalAuthTokenRequest.Type

/** The answer: the access token of the provider session's session, whose id it names, and its user. */
export const ExternalAuthTokenResponse = wireStruct({
  accessToken: Schema.String,
  sessionId: Schema.String,
  userId: Schema.String,
  isNewUser: Schema.Boolean
})
export type ExternalAuthTokenResponse = typeof ExternalAuthTokenResponse.Type
