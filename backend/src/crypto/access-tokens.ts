/**
 * Access tokens: ES256 JWTs signed with the project's key and carrying every claim of docs/wire.md. The
 * tokens of restricted and anonymous users carry the hosted service's other issuer and audience
 * (`…/projects-restricted-users/{id}`, `{id}:restricted`; `…/projects-anonymous-users/{id}`, `{id}:anon`)
 * and are signed with keys of their kind; their claims must agree with the audience.
 * Verified tokens are cached by their exact string (the signature cannot change under it), so a busy
 * client pays for one signature check per token, not per request; issuer and expiry are still checked each
 * time. Like the hosted service, a token whose claims do not hold (issuer, not-before) is unparsable; as
 * a further guard, so is one issued in the future. Both allow the usual clock skew.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as jose from "jose"
import {
  AUTHENTICATED_ROLE,
  CLOCK_TOLERANCE_SECONDS,
  DEFAULT_BRANCH_ID
} from "@stackfx/lib/domain/rules/access-tokens.js"
import {
  AccessTokenClaims,
  accessTokenAudience,
  accessTokenIssuer,
  type AccessTokenKind,
  accessTokenKindOf,
  claimsMatchAudience,
  parseAccessTokenAudience
} from "@stackfx/lib/domain/jwt.js"
import type { RestrictedReason } from "@stackfx/lib/domain/user.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { AccessTokenExpired, UnparsableAccessToken } from "@stackfx/lib/errors/known/session.js"
import { LocalBackendConfig, RequestBaseUrl } from "../config.js"
import type { DbError } from "../store/db.js"
import { SigningKeys } from "./signing-keys.js"
import { makeTokenIssuers } from "./token-issuers.js"

/** What a valid access token says. */
export interface VerifiedAccessToken {
  readonly projectId: string
  readonly userId: string
  readonly refreshTokenId: string
  /** Expiry in epoch seconds; absent when the token never expires. */
  readonly exp: number | undefined
  /** The `iss` claim: which base URL of the local backend minted it. */
  readonly issuer: string
  /** Whose token: read from the token (its audience and claims), not from the stored user, as the hosted service does. */
  readonly kind: AccessTokenKind
  /** The `restricted_reason` claim. */
  readonly restrictedReason: RestrictedReason | null
}

export interface AccessTokensShape {
  readonly mint: (input: {
    readonly projectId: string
    readonly user: ServerUser
    readonly refreshTokenId: string
    /** An expiry (epoch seconds) earlier than the usual lifetime's: an external provider token's. */
    readonly expiresNoLaterThan?: number | undefined
  }) => Effect.Effect<string, DbError>
  readonly verify: (
    token: string
  ) => Effect.Effect<VerifiedAccessToken, UnparsableAccessToken | AccessTokenExpired | DbError>
  /** Lifetime of minted tokens, for `expires_in`. */
  readonly lifetimeSeconds: number
}

const CACHE_LIMIT = 10_000

const encodeClaims = Schema.encodeSync(AccessTokenClaims)

/**
 * Reads `aud` and `kid` without checking anything; undefined when the token is not a JWT or its audience
 * is not one the service writes. The project is `aud` up to its first `:`.
 */
const peek = (
  token: string
):
  | { readonly audience: string; readonly projectId: string; readonly kind: AccessTokenKind; readonly kid: string }
  | undefined => {
  try {
    const header = jose.decodeProtectedHeader(token)
    const payload = jose.decodeJwt(token)
    const aud = typeof payload.aud === "string" ? payload.aud : payload["project_id"]
    if (typeof aud !== "string" || typeof header.kid !== "string") return undefined
    const parsed = parseAccessTokenAudience(aud)
    return parsed === undefined ? undefined : { audience: aud, ...parsed, kid: header.kid }
  } catch {
    return undefined
  }
}

/**
 * The kind of user a token claims by its audience, read without checking anything (undefined when it is no
 * access token). Enough to refuse a token where only one kind counts: a forged one would be refused anyway.
 */
export const claimedKind = (token: string): AccessTokenKind | undefined => peek(token)?.kind

/**
 * The restriction claims, with the hosted decoder's defaults for tokens minted before them: a missing
 * `is_restricted` is `is_anonymous`, and an anonymous token without a reason is `{ type: "anonymous" }`.
 * Undefined when a present claim has the wrong shape.
 */
const restrictionClaims = (payload: jose.JWTPayload) => {
  const isAnonymous = payload["is_anonymous"] ?? false
  const isRestricted = payload["is_restricted"] ?? isAnonymous
  const reason: unknown = payload["restricted_reason"] ?? (isAnonymous === true ? { type: "anonymous" } : null)
  if (typeof isAnonymous !== "boolean" || typeof isRestricted !== "boolean") return undefined
  if (reason === null) return { isAnonymous, isRestricted, restrictedReason: null }
  if (typeof reason !== "object" || !("type" in reason) || typeof reason.type !== "string") return undefined
  return { isAnonymous, isRestricted, restrictedReason: { type: reason.type } }
}

const claimString = (payload: jose.JWTPayload, key: string): string | undefined => {
  const value = payload[key]
  return typeof value === "string" ? value : undefined
}

export class AccessTokens extends Context.Service<AccessTokens, AccessTokensShape>()("stackfx-backend/AccessTokens") {
  static readonly layer: Layer.Layer<AccessTokens, never, SigningKeys | LocalBackendConfig> = Layer.effect(
    AccessTokens,
    Effect.gen(function* () {
      const keys = yield* SigningKeys
      const config = yield* LocalBackendConfig
      const verified = new Map<string, VerifiedAccessToken>()
      const issuers = makeTokenIssuers(config.baseUrl, undefined, config.publicUrls)

      const expired = (token: VerifiedAccessToken) =>
        new AccessTokenExpired({
          details: {
            expired_at_millis: token.exp === undefined ? null : token.exp * 1000,
            project_id: token.projectId,
            user_id: token.userId,
            refresh_token_id: token.refreshTokenId
          }
        })

      const checkExpiry = (token: VerifiedAccessToken) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          token.exp !== undefined && token.exp * 1000 <= now ? Effect.fail(expired(token)) : Effect.succeed(token)
        )

      // Per call, not per cache entry: which issuers count depends on the base URL of the request.
      const checkIssuer = (token: VerifiedAccessToken) =>
        Effect.gen(function* () {
          const requestBaseUrl = yield* RequestBaseUrl
          if (!issuers.accepts(token.issuer, token.projectId, requestBaseUrl, token.kind)) {
            return yield* Effect.fail(new UnparsableAccessToken({}))
          }
          return token
        })

      const mint: AccessTokensShape["mint"] = ({ projectId, refreshTokenId, user, expiresNoLaterThan }) =>
        Effect.gen(function* () {
          const kind = accessTokenKindOf(user)
          const key = yield* keys.signer(projectId, kind)
          const baseUrl = (yield* RequestBaseUrl) ?? config.baseUrl
          issuers.minted(baseUrl)
          const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
          const claims = encodeClaims({
            sub: user.id,
            iat: now,
            exp: Math.min(now + config.accessTokenLifetimeSeconds, expiresNoLaterThan ?? Number.POSITIVE_INFINITY),
            iss: accessTokenIssuer(baseUrl, projectId, kind),
            aud: accessTokenAudience(projectId, kind),
            projectId,
            branchId: DEFAULT_BRANCH_ID,
            refreshTokenId,
            role: AUTHENTICATED_ROLE,
            name: user.displayName,
            email: user.primaryEmail,
            emailVerified: user.primaryEmailVerified,
            selectedTeamId: user.selectedTeamId,
            signedUpAt: Math.floor(user.signedUpAt.getTime() / 1000),
            isAnonymous: user.isAnonymous,
            isRestricted: user.isRestricted,
            restrictedReason: user.restrictedReason,
            requiresTotpMfa: user.isMultiFactorRequired
          })
          return yield* Effect.promise(() =>
            new jose.SignJWT({ ...claims })
              .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
              .sign(key.privateKey)
          )
        })

      const verifyFresh = (token: string) =>
        Effect.gen(function* () {
          const unparsable = new UnparsableAccessToken({})
          const peeked = peek(token)
          if (peeked === undefined) return yield* Effect.fail(unparsable)
          const key = yield* keys.verifier(peeked.projectId, peeked.kid)
          // A key signs the tokens of its own kind only: a normal key under an anonymous audience is forged.
          if (key === undefined || key.kind !== peeked.kind) return yield* Effect.fail(unparsable)
          const now = yield* Clock.currentTimeMillis
          const outcome = yield* Effect.promise(() =>
            jose
              .jwtVerify(token, key.publicKey, {
                algorithms: ["ES256"],
                audience: peeked.audience,
                currentDate: new Date(now),
                // Expiry is judged from the cache entry, so both paths answer alike; nbf and iat below.
                clockTolerance: Number.MAX_SAFE_INTEGER
              })
              .then(
                (result) => ({ ok: true as const, payload: result.payload }),
                () => ({ ok: false as const })
              )
          )
          if (!outcome.ok) return yield* Effect.fail(unparsable)
          const { payload } = outcome
          const userId = payload.sub
          const refreshTokenId = claimString(payload, "refresh_token_id")
          const issuer = payload.iss
          if (userId === undefined || refreshTokenId === undefined || issuer === undefined)
            return yield* Effect.fail(unparsable)
          // jose has checked that these are numbers when present; a token is not valid before either.
          const latest = now / 1000 + CLOCK_TOLERANCE_SECONDS
          if ((payload.nbf ?? 0) > latest || (payload.iat ?? 0) > latest) return yield* Effect.fail(unparsable)
          const claims = restrictionClaims(payload)
          if (claims === undefined || !claimsMatchAudience(claims, peeked.kind)) return yield* Effect.fail(unparsable)
          const result: VerifiedAccessToken = {
            projectId: peeked.projectId,
            userId,
            refreshTokenId,
            exp: payload.exp,
            issuer,
            kind: peeked.kind,
            restrictedReason: claims.restrictedReason
          }
          if (verified.size >= CACHE_LIMIT) verified.clear()
          verified.set(token, result)
          return result
        })

      const verify: AccessTokensShape["verify"] = (token) => {
        const cached = verified.get(token)
        return (cached === undefined ? verifyFresh(token) : Effect.succeed(cached)).pipe(
          Effect.flatMap(checkIssuer),
          Effect.flatMap(checkExpiry)
        )
      }

      return AccessTokens.of({ mint, verify, lifetimeSeconds: config.accessTokenLifetimeSeconds })
    })
  )
}
