/** The claims of a Stack access token (an ES256 JWT). Times are in seconds, as JWTs have them. */
import * as Schema from "effect/Schema"
import { HOSTED_BASE_URLS, isHostedBaseUrl } from "./api.js"
import { loopbackAliases } from "./rules/hosts.js"
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

/**
 * Whose access token it is, as the hosted service tells them apart: a normal user, a restricted one (not
 * anonymous; e.g. an unverified e-mail where the project requires one) or an anonymous one (always also
 * restricted; anonymous wins). Each kind has its own issuer, audience and signing keys.
 */
export type AccessTokenKind = "normal" | "restricted" | "anonymous"

/** The kind of a user's tokens: anonymous first, then restricted. @internal */
export const accessTokenKindOf = (user: {
  readonly isAnonymous: boolean
  readonly isRestricted: boolean
}): AccessTokenKind => (user.isAnonymous ? "anonymous" : user.isRestricted ? "restricted" : "normal")

// The hosted service's path segment per kind; there is no other spelling.
const issuerSegment = {
  normal: "projects",
  restricted: "projects-restricted-users",
  anonymous: "projects-anonymous-users"
} as const
// The suffix of `aud` per kind: the project id is `aud` up to the first `:`.
const audienceSuffix = { normal: "", restricted: ":restricted", anonymous: ":anon" } as const

/**
 * The issuer of a project's access tokens: `{baseUrl}/api/v1/projects/{projectId}`, and for restricted and
 * anonymous users `…/projects-restricted-users/{projectId}` and `…/projects-anonymous-users/{projectId}`.
 * @internal
 */
export const accessTokenIssuer = (baseUrl: string, projectId: string, kind: AccessTokenKind = "normal"): string =>
  `${baseUrl.replace(/\/+$/, "")}/api/v1/${issuerSegment[kind]}/${projectId}`

/**
 * The issuers a project's access tokens may carry when they come from `baseUrl`: the hosted service signs
 * with the host a token was minted on, and since its rename it answers on two (`HOSTED_BASE_URLS`), so a
 * token of either is its own; a backend names the host a token's request came in on, so a loopback backend's
 * tokens carry any of its loopback spellings (`localhost`, `127.0.0.1`, `[::1]` on the same port). The
 * `also` base URLs (a backend's public URL behind a proxy, where the browser reaches it) count with their
 * own spellings.
 * @internal
 */
export const acceptedAccessTokenIssuers = (
  baseUrl: string,
  projectId: string,
  kind: AccessTokenKind = "normal",
  also: ReadonlyArray<string> = []
): ReadonlyArray<string> => {
  const bases = [baseUrl, ...also].flatMap((base) =>
    isHostedBaseUrl(base) ? HOSTED_BASE_URLS : loopbackAliases(base.replace(/\/+$/, ""))
  )
  return [...new Set(bases)].map((base) => accessTokenIssuer(base, projectId, kind))
}

/** The audience of a project's access tokens: `{projectId}`, `{projectId}:restricted` or `{projectId}:anon`. @internal */
export const accessTokenAudience = (projectId: string, kind: AccessTokenKind = "normal"): string =>
  `${projectId}${audienceSuffix[kind]}`

/**
 * What an `aud` claim says: the project (up to the first `:`) and the kind of token, or undefined for a
 * suffix the hosted service never writes.
 * @internal
 */
export const parseAccessTokenAudience = (
  aud: string
): { readonly projectId: string; readonly kind: AccessTokenKind } | undefined => {
  const colon = aud.indexOf(":")
  if (colon === -1) return { projectId: aud, kind: "normal" }
  const projectId = aud.slice(0, colon)
  const suffix = aud.slice(colon)
  if (suffix === audienceSuffix.restricted) return { projectId, kind: "restricted" }
  if (suffix === audienceSuffix.anonymous) return { projectId, kind: "anonymous" }
  return undefined
}

/**
 * The hosted decoder's consistency rules between the claims and the audience: anonymous implies
 * restricted; `is_restricted` holds exactly when there is a `restricted_reason`; `aud` ends with `:anon`
 * exactly for anonymous users and with `:restricted` exactly for restricted, non-anonymous ones. A token
 * that breaks one was not minted by the service (or was minted wrong) and is refused.
 * @internal
 */
export const claimsMatchAudience = (
  claims: {
    readonly isAnonymous: boolean
    readonly isRestricted: boolean
    readonly restrictedReason: { readonly type: string } | null
  },
  kind: AccessTokenKind
): boolean =>
  (!claims.isAnonymous || claims.isRestricted) &&
  claims.isRestricted === (claims.restrictedReason !== null) &&
  accessTokenKindOf(claims) === kind
