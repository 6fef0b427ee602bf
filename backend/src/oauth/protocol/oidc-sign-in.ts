/**
 * The second half of a standard provider's sign-in: redeem the code at the token endpoint, verify the
 * id_token against the provider's JWKS (signature, iss, aud, azp, exp, nonce), and fall back to the userinfo
 * endpoint for what the id_token leaves out.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { CLOCK_TOLERANCE_SECONDS } from "@stackfx/lib/domain/rules/access-tokens.js"
import { isAsymmetricJwtAlgorithm } from "@stackfx/lib/domain/rules/jwt-algorithms.js"
import { OAuthErrorResponse, OAuthTokenResponse } from "@stackfx/lib/domain/tokens.js"
import { createLocalJWKSet, type JWTPayload, jwtVerify } from "jose"
import { fetchJwks } from "../../crypto/jwks.js"
import { type OAuthIdentity, parseScopes } from "./identity.js"
import { type OidcDiscovery, OidcError, readJson } from "./oidc.js"

/** The userinfo claims the identity uses; others are ignored. */
export const UserinfoClaims = Schema.Struct({
  sub: Schema.String,
  email: Schema.optionalKey(Schema.NullOr(Schema.String)),
  email_verified: Schema.optionalKey(Schema.Unknown),
  name: Schema.optionalKey(Schema.NullOr(Schema.String)),
  preferred_username: Schema.optionalKey(Schema.NullOr(Schema.String)),
  picture: Schema.optionalKey(Schema.NullOr(Schema.String))
})
export type UserinfoClaims = typeof UserinfoClaims.Type

export interface CodeExchangeInput {
  readonly clientId: string
  readonly clientSecret: string
  readonly code: string
  readonly redirectUri: string
  readonly codeVerifier?: string | undefined
}

// RFC 6749 section 2.3.1: the id and secret are form-encoded before they are joined and base64-encoded
const basicCredentials = (id: string, secret: string) =>
  Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")

const usesPostAuth = (discovery: OidcDiscovery) => {
  const methods = discovery.token_endpoint_auth_methods_supported
  return methods !== undefined && methods.includes("client_secret_post") && !methods.includes("client_secret_basic")
}

/** Redeem an authorization code. */
export const exchangeCode = (
  discovery: OidcDiscovery,
  input: CodeExchangeInput
): Effect.Effect<OAuthTokenResponse, OidcError, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    const post = usesPostAuth(discovery)
    const params: Record<string, string> = {
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: input.redirectUri,
      ...(post ? { client_id: input.clientId, client_secret: input.clientSecret } : {}),
      ...(input.codeVerifier === undefined ? {} : { code_verifier: input.codeVerifier })
    }
    const request = HttpClientRequest.post(discovery.token_endpoint, {
      acceptJson: true,
      headers: post ? {} : { authorization: `Basic ${basicCredentials(input.clientId, input.clientSecret)}` }
    }).pipe(HttpClientRequest.bodyUrlParams(params))
    const response = yield* HttpClient.execute(request).pipe(
      Effect.mapError(
        () => new OidcError({ stage: "token", message: "The provider's token endpoint cannot be reached." })
      )
    )
    if (response.status >= 400) {
      const body = yield* readJson(response, OAuthErrorResponse, "token").pipe(
        Effect.mapError(
          () => new OidcError({ stage: "token", message: `The token endpoint answered ${response.status}.` })
        )
      )
      return yield* new OidcError({
        stage: "token",
        message: body.errorDescription ?? `The provider refused the code: ${body.error}.`,
        providerError: body.error
      })
    }
    return yield* readJson(response, OAuthTokenResponse, "token")
  })

export interface IdTokenCheck {
  readonly idToken: string
  /** The audience the token must name: the client id, or for a native app any of its bundle ids. */
  readonly clientId: string | ReadonlyArray<string>
  /** The nonce sent in the authorization request, when one was. */
  readonly nonce?: string | undefined
}

// Microsoft's multi-tenant discovery names the issuer with a `{tenantid}` placeholder filled from `tid`
const expectedIssuer = (discovery: OidcDiscovery, payload: JWTPayload): string =>
  discovery.issuer.includes("{tenantid}") && typeof payload["tid"] === "string"
    ? discovery.issuer.replace("{tenantid}", payload["tid"])
    : discovery.issuer

/** Verify an id_token and return its claims. The time comes from the Effect clock. */
export const verifyIdToken = (
  discovery: OidcDiscovery,
  check: IdTokenCheck
): Effect.Effect<JWTPayload, OidcError, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    const jwks = yield* fetchJwks(discovery.jwks_uri).pipe(
      Effect.mapError((error) => new OidcError({ stage: "id_token", message: error.message }))
    )
    const now = yield* Clock.currentTimeMillis
    const offered = discovery.id_token_signing_alg_values_supported ?? ["RS256"]
    const algorithms = offered.filter(isAsymmetricJwtAlgorithm)
    const invalid = (message: string) =>
      new OidcError({ stage: "id_token", message: `The id_token is invalid: ${message}` })
    const audiences: ReadonlyArray<string> = typeof check.clientId === "string" ? [check.clientId] : check.clientId
    const { payload } = yield* Effect.tryPromise({
      try: () =>
        jwtVerify(check.idToken, createLocalJWKSet(jwks), {
          audience: [...audiences],
          algorithms: algorithms.length === 0 ? ["RS256"] : algorithms,
          currentDate: new Date(now),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ["iss", "sub", "aud", "exp", "iat"]
        }),
      catch: (cause) => invalid(cause instanceof Error ? cause.message : "verification failed")
    })
    // jose checks a future `iat` only with maxTokenAge; the backend refuses its own tokens issued more than
    // its clock tolerance ahead, and applies the same rule to a provider's (a native Apple token included).
    if ((payload.iat ?? 0) > now / 1000 + CLOCK_TOLERANCE_SECONDS) return yield* invalid("issued in the future.")
    if (payload.iss !== expectedIssuer(discovery, payload)) return yield* invalid("unexpected issuer.")
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && !audiences.some((a) => a === payload["azp"])) {
      return yield* invalid("azp does not name this client.")
    }
    if (check.nonce !== undefined && payload["nonce"] !== check.nonce) return yield* invalid("nonce mismatch.")
    return payload
  })

/** The userinfo endpoint's claims for an access token. */
export const fetchUserinfo = (
  discovery: OidcDiscovery,
  accessToken: string
): Effect.Effect<UserinfoClaims, OidcError, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    if (discovery.userinfo_endpoint === undefined) {
      return yield* new OidcError({ stage: "userinfo", message: "The provider has no userinfo endpoint." })
    }
    const request = HttpClientRequest.get(discovery.userinfo_endpoint, { acceptJson: true }).pipe(
      HttpClientRequest.bearerToken(accessToken)
    )
    const response = yield* HttpClient.execute(request).pipe(
      Effect.mapError(
        () => new OidcError({ stage: "userinfo", message: "The provider's userinfo endpoint cannot be reached." })
      )
    )
    if (response.status !== 200) {
      return yield* new OidcError({ stage: "userinfo", message: `The userinfo endpoint answered ${response.status}.` })
    }
    return yield* readJson(response, UserinfoClaims, "userinfo")
  })

const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null)
const truthy = (v: unknown): boolean => v === true || v === "true"

export interface OidcSignInInput extends CodeExchangeInput {
  readonly providerId: string
  readonly nonce?: string | undefined
  /** The scope of the authorization request: what was granted when the token answer does not say. */
  readonly requestedScope?: string | undefined
}

/**
 * Redeem the code and build the identity. The id_token's claims come first; the userinfo endpoint fills in
 * email and name when the id_token lacks them, and must agree on `sub` (OpenID Connect Core 5.3.2).
 */
export const completeOidcSignIn = (
  discovery: OidcDiscovery,
  input: OidcSignInInput
): Effect.Effect<OAuthIdentity, OidcError, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    const tokens = yield* exchangeCode(discovery, input)
    const claims: JWTPayload | undefined =
      tokens.idToken === undefined
        ? undefined
        : yield* verifyIdToken(discovery, { idToken: tokens.idToken, clientId: input.clientId, nonce: input.nonce })
    const needsUserinfo = claims === undefined || text(claims["email"]) === null || text(claims["name"]) === null
    const info =
      needsUserinfo && discovery.userinfo_endpoint !== undefined
        ? yield* fetchUserinfo(discovery, tokens.accessToken)
        : undefined
    if (claims !== undefined && info !== undefined && info.sub !== claims.sub) {
      return yield* new OidcError({ stage: "userinfo", message: "The userinfo subject differs from the id_token's." })
    }
    const sub = claims?.sub ?? info?.sub
    if (sub === undefined) {
      return yield* new OidcError({ stage: "userinfo", message: "The provider gave neither an id_token nor userinfo." })
    }
    const email = text(claims?.["email"]) ?? text(info?.email)
    const fromClaims = text(claims?.["email"]) !== null
    return {
      providerId: input.providerId,
      accountId: sub,
      email,
      displayName:
        text(claims?.["name"]) ??
        text(info?.name) ??
        text(claims?.["preferred_username"]) ??
        text(info?.preferred_username),
      emailVerified: email !== null && truthy(fromClaims ? claims?.["email_verified"] : info?.email_verified),
      profileImageUrl: text(claims?.["picture"]) ?? text(info?.picture),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? null,
      scopes: parseScopes(tokens.scope ?? input.requestedScope)
    }
  })
