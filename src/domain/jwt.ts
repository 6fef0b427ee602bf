/** The claims of a Stack access token (an ES256 JWT). Times are in seconds, as JWTs have them. */
import * as Schema from "effect/Schema"
import { RestrictedReason } from "./user.js"
import { wireStruct } from "./wire.js"

/**
 * Every claim a hosted-compatible client expects; a server must mint all of them. `exp` may be absent:
 * then the token never expires.
 */
export const AccessTokenClaims = wireStruct({
  sub: Schema.String,
  iat: Schema.Finite,
  exp: Schema.optionalKey(Schema.Finite),
  iss: Schema.String,
  aud: Schema.String,
  projectId: Schema.String,
  branchId: Schema.String,
  refreshTokenId: Schema.String,
  role: Schema.String,
  name: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  emailVerified: Schema.Boolean,
  selectedTeamId: Schema.NullOr(Schema.String),
  /** Seconds since the epoch, unlike the `*_millis` fields of the REST API. */
  signedUpAt: Schema.Finite,
  isAnonymous: Schema.Boolean,
  isRestricted: Schema.Boolean,
  restrictedReason: Schema.NullOr(RestrictedReason),
  requiresTotpMfa: Schema.Boolean
})
export type AccessTokenClaims = typeof AccessTokenClaims.Type

/** The issuer of a project's access tokens: `{baseUrl}/api/v1/projects/{projectId}`. @internal */
export const accessTokenIssuer = (baseUrl: string, projectId: string): string =>
  `${baseUrl.replace(/\/+$/, "")}/api/v1/projects/${projectId}`
