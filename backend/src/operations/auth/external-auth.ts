/**
 * Verifying an external auth provider's session token (`POST /auth/external/token`), as the service does since
 * May 2026 (hexclave/hexclave, `apps/backend/src/lib/external-auth.tsx`): the project must have installed the
 * provider's integration app and set what the provider needs; the token must be a JWT signed by one of the
 * keys the provider publishes, name the configured issuer (and audience, authorized party or client id where
 * the provider has one) and carry `sub`, `sid` and `exp`. Its `email` and `name` claims are read when they are
 * sensible, for the profile of a user made on first use.
 *
 * - Clerk: keys at `<issuer>/.well-known/jwks.json`; `authorizedParties` (comma- or line-separated, compared as
 *   origins) is an optional allowlist of the `azp` claim, which must then be present; OAuth access tokens
 *   (`typ: at+jwt`) are refused, being a third party's delegated credential.
 * - Better Auth: issuer, audience and JWKS URL all configured.
 * - WorkOS: the client id gives the issuer (`https://api.workos.com/user_management/<id>`, unless one is set)
 *   and the keys (`https://api.workos.com/sso/jwks/<id>`); the `client_id` claim must be it.
 *
 * Where the service answers 500 (the provider's keys cannot be fetched or read) the local backend answers
 * `INVALID_EXTERNAL_AUTH_TOKEN` with the reason `unknown`: no input may produce a 5xx here. Expiry is judged
 * without clock tolerance, as the service's verifier does.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import {
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  type JWTPayload,
  createLocalJWKSet,
  jwtVerify
} from "jose"
import type { ExternalAuthProviderId } from "@stackfx/lib/domain/external-auth.js"
import { isEmailAddress } from "@stackfx/lib/domain/rules/email.js"
import { ASYMMETRIC_JWT_ALGORITHMS } from "@stackfx/lib/domain/rules/jwt-algorithms.js"
import { ExternalAuthProviderNotConfigured, InvalidExternalAuthToken } from "@stackfx/lib/errors/known/external-auth.js"
import { fetchJwks } from "../../crypto/jwks.js"
import type { EffectiveConfig } from "../config/project-config.js"

/** What a verified token says about the provider's user. */
export interface VerifiedExternalIdentity {
  readonly issuer: string
  readonly subject: string
  readonly providerSessionId: string
  /** The provider token's expiry (epoch seconds): the access token given for it expires no later. */
  readonly expiresAt: number
  readonly email: string | null
  readonly name: string | null
  readonly emailVerified: boolean
}

interface Verification {
  readonly issuer: string
  readonly jwksUrl: string
  readonly audience?: string
  readonly authorizedParties?: ReadonlyArray<string>
  readonly clientId?: string
  readonly rejectedTokenTypes?: ReadonlyArray<string>
}

/** The largest token the service reads. */
const MAX_TOKEN_LENGTH = 16_384
/** The longest profile claim kept (longer ones are ignored, as blank ones are). */
const MAX_PROFILE_CLAIM_LENGTH = 256

const notConfigured = (reason: string) => new ExternalAuthProviderNotConfigured({ details: { reason } })
const invalid = (reason: string) => new InvalidExternalAuthToken({ details: { reason } })

const required = (value: string | undefined) =>
  value === undefined || value === "" ? Effect.fail(notConfigured("required_setting_missing")) : Effect.succeed(value)

/** A URL the backend may fetch keys from, or derive one from: http(s) only. */
const httpUrl = (value: string, path?: string): string | undefined => {
  if (!URL.canParse(value)) return undefined
  const url = path === undefined ? new URL(value) : new URL(path, value)
  return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined
}

/** Clerk's optional allowlist: blank means no restriction; each entry counts as its origin. */
const authorizedPartiesOf = (value: string | undefined) =>
  Effect.gen(function* () {
    if (value === undefined || value.trim() === "") return undefined
    const parties = value
      .split(/[\n,]/)
      .map((party) => party.trim())
      .filter((party) => party !== "")
    const origins: Array<string> = []
    for (const party of parties) {
      if (!URL.canParse(party)) return yield* Effect.fail(notConfigured("invalid_authorized_party"))
      origins.push(new URL(party).origin)
    }
    return origins
  })

const verificationOf = (
  config: EffectiveConfig,
  providerId: ExternalAuthProviderId
): Effect.Effect<Verification, ExternalAuthProviderNotConfigured> =>
  Effect.gen(function* () {
    if (!config.apps.installed[providerId].enabled) return yield* Effect.fail(notConfigured("provider_disabled"))
    const settings = config.externalAuth[providerId]
    const keysAt = (url: string | undefined) =>
      url === undefined ? Effect.fail(notConfigured("required_setting_missing")) : Effect.succeed(url)
    switch (providerId) {
      case "clerk-integration": {
        const issuer = yield* required(settings["issuer"])
        const authorizedParties = yield* authorizedPartiesOf(settings["authorizedParties"])
        return {
          issuer,
          jwksUrl: yield* keysAt(httpUrl(issuer, "/.well-known/jwks.json")),
          ...(authorizedParties === undefined ? {} : { authorizedParties }),
          rejectedTokenTypes: ["at+jwt"]
        } satisfies Verification
      }
      case "better-auth-integration": {
        const issuer = yield* required(settings["issuer"])
        const audience = yield* required(settings["audience"])
        const jwksUrl = yield* keysAt(httpUrl(yield* required(settings["jwksUrl"])))
        return { issuer, audience, jwksUrl } satisfies Verification
      }
      case "workos-integration": {
        const clientId = yield* required(settings["clientId"])
        const encoded = encodeURIComponent(clientId)
        const issuer = settings["issuer"]
        return {
          issuer: issuer === undefined || issuer === "" ? `https://api.workos.com/user_management/${encoded}` : issuer,
          jwksUrl: `https://api.workos.com/sso/jwks/${encoded}`,
          clientId
        } satisfies Verification
      }
    }
  })

/** A token the service reads at all: three parts, within its size, whose header and payload decode. */
const checkEncoding = (token: string) =>
  Effect.try({
    try: () => {
      if (token.length > MAX_TOKEN_LENGTH || token.split(".").length !== 3) throw new Error("malformed")
      decodeProtectedHeader(token)
      decodeJwt(token)
    },
    catch: () => invalid("malformed_token")
  })

/** The reason the service gives for a failure of jose's verification. */
const reasonOf = (error: unknown): string => {
  if (error instanceof joseErrors.JWTExpired) return "expired"
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return error.claim === "iss" ? "issuer_mismatch" : error.claim === "aud" ? "audience_mismatch" : "unknown"
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey)
    return "signature_mismatch"
  if (error instanceof joseErrors.JWTInvalid || error instanceof joseErrors.JWSInvalid) return "malformed_token"
  return "unknown"
}

/** RFC 7515 section 4.1.9: a media type is case-insensitive and may leave out `application/`. */
const normalizedType = (typ: string) => {
  const lower = typ.toLowerCase()
  return lower.startsWith("application/") ? lower.slice("application/".length) : lower
}

const profileClaim = (payload: JWTPayload, claim: "email" | "name"): string | null => {
  const value = payload[claim]
  if (typeof value !== "string") return null
  const trimmed = value.trim()
  if (trimmed === "" || trimmed.length > MAX_PROFILE_CLAIM_LENGTH) return null
  return claim === "email" && !isEmailAddress(trimmed) ? null : trimmed
}

const requiredClaim = (payload: JWTPayload, claim: "sub" | "sid") => {
  const value = payload[claim]
  return typeof value === "string" && value !== "" ? Effect.succeed(value) : Effect.fail(invalid("missing_claim"))
}

/** Verifies `token` as `providerId`'s for the project whose effective config is `config`. */
export const verifyExternalAuthToken = (
  config: EffectiveConfig,
  providerId: ExternalAuthProviderId,
  token: string
): Effect.Effect<VerifiedExternalIdentity, ExternalAuthProviderNotConfigured | InvalidExternalAuthToken> =>
  Effect.gen(function* () {
    const verification = yield* verificationOf(config, providerId)
    yield* checkEncoding(token)
    const jwks = yield* fetchJwks(verification.jwksUrl).pipe(
      Effect.provide(FetchHttpClient.layer),
      Effect.mapError(() => invalid("unknown"))
    )
    const now = yield* Clock.currentTimeMillis
    const { payload, protectedHeader } = yield* Effect.tryPromise({
      try: () =>
        jwtVerify(token, createLocalJWKSet(jwks), {
          issuer: verification.issuer,
          ...(verification.audience === undefined ? {} : { audience: verification.audience }),
          algorithms: [...ASYMMETRIC_JWT_ALGORITHMS],
          currentDate: new Date(now)
        }),
      catch: (error) => invalid(reasonOf(error))
    })
    const typ: unknown = protectedHeader.typ
    if (verification.rejectedTokenTypes !== undefined && typ !== undefined) {
      if (typeof typ !== "string") return yield* Effect.fail(invalid("malformed_token"))
      if (verification.rejectedTokenTypes.includes(normalizedType(typ)))
        return yield* Effect.fail(invalid("unsupported_token_type"))
    }
    // With an allowlist, a token without `azp` fails too: it would otherwise bypass the allowlist.
    const azp = payload["azp"]
    if (
      verification.authorizedParties !== undefined &&
      (typeof azp !== "string" || !verification.authorizedParties.includes(azp))
    )
      return yield* Effect.fail(invalid("authorized_party_mismatch"))
    if (verification.clientId !== undefined && payload["client_id"] !== verification.clientId)
      return yield* Effect.fail(invalid("client_id_mismatch"))
    const subject = yield* requiredClaim(payload, "sub")
    const providerSessionId = yield* requiredClaim(payload, "sid")
    if (typeof payload.exp !== "number" || !Number.isFinite(payload.exp))
      return yield* Effect.fail(invalid("missing_claim"))
    const email = profileClaim(payload, "email")
    return {
      issuer: verification.issuer,
      subject,
      providerSessionId,
      expiresAt: payload.exp,
      email,
      name: profileClaim(payload, "name"),
      emailVerified: email !== null && payload["email_verified"] === true
    }
  })
