/**
 * Server-side verification of access tokens, locally, against the project's published signing keys
 * (`{baseUrl}/api/v1/projects/{projectId}/.well-known/jwks.json`). The tokens of restricted and anonymous
 * users have their own issuer, audience and keys (`allowRestricted`, `allowAnonymous`); without the option
 * such a token is refused as `restricted-user` or `anonymous-user`. No round trip per token: the key set is
 * fetched once and kept, and fetched again only when a token names a key it does not contain (the project
 * rotated its keys) or after `maxAgeMs` (so a withdrawn key stops being trusted).
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  type JWTPayload,
  jwtVerify,
  type LocalJWKSet,
  type ProtectedHeaderParameters
} from "jose"
import { JwksApi } from "../../contract/jwks.js"
import { CLOCK_TOLERANCE_SECONDS, jwksPath } from "../../domain/rules/access-tokens.js"
import { type AsymmetricJwtAlgorithm, isAsymmetricJwtAlgorithm } from "../../domain/rules/jwt-algorithms.js"
import {
  AccessTokenClaims,
  accessTokenAudience,
  acceptedAccessTokenIssuers,
  type AccessTokenKind,
  claimsMatchAudience,
  parseAccessTokenAudience
} from "../../domain/jwt.js"
import { JwtVerificationError } from "../../errors/client/jwt-verification-error.js"
import { ClientConfig, type ClientConfigShape } from "../wire/client-config.js"
import { loadLiveChunk } from "../http/internal/lazy-service.js"
import { wireConfig } from "../wire/lazy-parts.js"
import { type CallFailure, documented } from "../http/transport.js"
import { sendRequest } from "../wire/transport-send.js"
import { decodeJson } from "../wire/wire-codec.js"

/** RSA keys shorter than this are refused. @internal */
export const MIN_RSA_MODULUS_BITS = 2_048

export { ASYMMETRIC_JWT_ALGORITHMS, type AsymmetricJwtAlgorithm } from "../../domain/rules/jwt-algorithms.js"

/** Why a token was refused; `JwtVerificationError.reason` is one of these. */
export type JwtRefusal =
  | "malformed"
  | "algorithm-not-allowed"
  | "unknown-key"
  | "ambiguous-key"
  | "key-too-small"
  | "bad-signature"
  | "expired"
  | "not-yet-valid"
  | "wrong-issuer"
  | "wrong-audience"
  | "wrong-authorized-party"
  | "invalid-claims"
  | "invalid-jwks"
  | "restricted-user"
  | "anonymous-user"

/** Options of the token verifier; each field says its default. */
export interface TokenVerifierOptions {
  /** Accepted `alg` values; default `["ES256"]`, what the service signs with. */
  readonly algorithms?: ReadonlyArray<AsymmetricJwtAlgorithm> | undefined
  /** Skew allowed on `exp`, `nbf` and `iat`, in seconds; default 30. */
  readonly clockToleranceSeconds?: number | undefined
  /**
   * An unknown key id refetches the key set at most once per this many ms (default 30000), so tokens with
   * made-up key ids cannot make every verification a request to the service.
   */
  readonly refetchCooldownMs?: number | undefined
  /** The key set is fetched again when older than this (default ten minutes). */
  readonly maxAgeMs?: number | undefined
  /**
   * Accept the tokens of restricted users (issuer `…/projects-restricted-users/{id}`, audience
   * `{id}:restricted`, keys published with `?include_restricted=true`). Default false: refused as
   * `restricted-user`.
   */
  readonly allowRestricted?: boolean | undefined
  /**
   * Accept the tokens of anonymous users (issuer `…/projects-anonymous-users/{id}`, audience `{id}:anon`),
   * and of restricted ones. Default false: refused as `anonymous-user`.
   */
  readonly allowAnonymous?: boolean | undefined
  /**
   * Base URLs whose issuers count besides the config's (`ClientConfigShape.acceptedIssuerBaseUrls`, which
   * count too): e.g. the backend's public URL.
   */
  readonly acceptedIssuerBaseUrls?: ReadonlyArray<string> | undefined
}

/** A verified access token: whose it is and everything it claims. */
export interface VerifiedAccessToken {
  readonly userId: string
  readonly claims: AccessTokenClaims
}

/** What the TokenVerifier service offers; see its tag for the rules. */
export interface TokenVerifierShape {
  /**
   * Verifies signature, `alg`, `exp`, `nbf`, `iat`, `iss`, `aud` and `azp` locally. A forged, expired, foreign
   * or not yet valid token is a `JwtVerificationError`; failing to fetch the key set is a `CallFailure`.
   *
   * @example
   * const { userId } = yield* verifier.verify(request.headers["x-stack-access-token"])
   */
  readonly verify: (accessToken: string) => Effect.Effect<VerifiedAccessToken, JwtVerificationError | CallFailure>
}

const refuse = (reason: JwtRefusal, detail: string) =>
  new JwtVerificationError({ reason, message: `JWT verification failed (${reason}): ${detail}` })

interface CachedKeys {
  readonly keys: LocalJWKSet
  readonly fetchedAtMs: number
}

const isJoseCode = (error: unknown, code: string): boolean =>
  typeof error === "object" && error !== null && "code" in error && error.code === code

/** When a token expires, for a refusal's message (never the token itself). */
const expiryOf = (payload: JWTPayload): string =>
  typeof payload.exp === "number" ? `expires ${new Date(payload.exp * 1000).toISOString()}` : "does not expire"

/**
 * Maps a jose failure of `jwtVerify` to a refusal; jose's own messages name the claim. A wrong issuer says
 * which it was and which were expected: the common cause is a backend reached under two spellings (the
 * browser's and this server's), and the message must show both.
 */
const refusalOf = (error: unknown, issuers: ReadonlyArray<string>): JwtVerificationError => {
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof joseErrors.JWTExpired)
    return refuse("expired", `${message}; the token ${expiryOf(error.payload)}`)
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case "iss":
        return refuse(
          "wrong-issuer",
          `the token's issuer is ${JSON.stringify(error.payload.iss)}, expected one of ${issuers
            .map((issuer) => JSON.stringify(issuer))
            .join(", ")} (the token ${expiryOf(error.payload)})`
        )
      case "aud":
        return refuse("wrong-audience", message)
      case "nbf":
        return refuse("not-yet-valid", message)
      default:
        return refuse("invalid-claims", message)
    }
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return refuse("bad-signature", message)
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return refuse("algorithm-not-allowed", message)
  if (error instanceof TypeError && /modulusLength/.test(message)) return refuse("key-too-small", message)
  return refuse("malformed", message)
}

/**
 * jose only compares `iat` with the clock when a maximum token age is set, and the service's tokens have
 * none, so a token claiming to be issued in the future (beyond the skew) is refused here.
 */
const checkIssuedAt = (payload: JWTPayload, nowMs: number, toleranceSeconds: number) => {
  const { iat } = payload
  return typeof iat === "number" && iat > nowMs / 1000 + toleranceSeconds
    ? Effect.fail(refuse("not-yet-valid", `"iat" claim lies ${Math.round(iat - nowMs / 1000)} s in the future`))
    : Effect.void
}

/**
 * `azp` (authorized party) names the OAuth client a token was issued to. The service's OAuth client id is
 * the project id (token requests must send `client_id=<projectId>`), and its access tokens carry no `azp`;
 * when one is present it must therefore name this project, or the token was issued to someone else.
 */
const checkAuthorizedParty = (payload: JWTPayload, projectId: string) => {
  const azp = payload["azp"]
  return azp === undefined || azp === projectId
    ? Effect.void
    : Effect.fail(
        refuse("wrong-authorized-party", `"azp" claim is ${JSON.stringify(azp)}, expected ${JSON.stringify(projectId)}`)
      )
}

/** RSA keys report their size; under 2048 bits they can be factored and are refused. */
const modulusBits = (key: CryptoKey): number | undefined => {
  const algorithm: KeyAlgorithm & { readonly modulusLength?: unknown } = key.algorithm
  return typeof algorithm.modulusLength === "number" ? algorithm.modulusLength : undefined
}

/** A verifier for one project; `TokenVerifier.layer` builds it from the tier's config. */
export const makeTokenVerifier = (config: ClientConfigShape, options: TokenVerifierOptions = {}) =>
  Effect.gen(function* () {
    const algorithms: ReadonlyArray<string> = options.algorithms ?? ["ES256"]
    const allowed: ReadonlySet<string> = new Set(algorithms.filter(isAsymmetricJwtAlgorithm))
    const tolerance = options.clockToleranceSeconds ?? CLOCK_TOLERANCE_SECONDS
    const cooldownMs = options.refetchCooldownMs ?? 30_000
    const maxAgeMs = options.maxAgeMs ?? 600_000
    const allowAnonymous = options.allowAnonymous ?? false
    const allowRestricted = allowAnonymous || (options.allowRestricted ?? false)
    // The plain key set lacks the keys of restricted and anonymous users' tokens; the service adds them on request.
    const jwksQuery = allowAnonymous
      ? { include_anonymous: "true" }
      : allowRestricted
        ? { include_restricted: "true" }
        : undefined
    const cache = yield* Ref.make<CachedKeys | undefined>(undefined)
    // One fetch at a time: concurrent verifications of a cold cache share the first one's answer.
    const fetchLock = yield* Semaphore.make(1)

    const fetchKeys = Effect.gen(function* () {
      const body = yield* sendRequest(
        wireConfig(config, loadLiveChunk),
        {
          method: JwksApi.get.method,
          path: jwksPath(config.projectId),
          query: jwksQuery,
          bare: true,
          withSession: false
        },
        null
      ).pipe(Effect.flatMap(decodeJson(JwksApi.get.success)))
      const keys = yield* Effect.try({
        try: () => createLocalJWKSet(body),
        catch: (error) => refuse("invalid-jwks", error instanceof Error ? error.message : String(error))
      })
      const fresh: CachedKeys = { keys, fetchedAtMs: yield* Clock.currentTimeMillis }
      yield* Ref.set(cache, fresh)
      return fresh
    })

    /** The cached keys, fetched first when missing or too old; `fetched` says whether this call did. */
    const currentKeys = fetchLock.withPermit(
      Effect.gen(function* () {
        const cached = yield* Ref.get(cache)
        const now = yield* Clock.currentTimeMillis
        if (cached !== undefined && now - cached.fetchedAtMs < maxAgeMs) return { keys: cached, fetched: false }
        return { keys: yield* fetchKeys, fetched: true }
      })
    )

    /** After `stale` did not know a key: refetch, unless someone already did or it is too soon. */
    const keysAfterMiss = (stale: CachedKeys) =>
      fetchLock.withPermit(
        Effect.gen(function* () {
          const cached = yield* Ref.get(cache)
          if (cached !== undefined && cached !== stale) return cached
          const now = yield* Clock.currentTimeMillis
          return now - stale.fetchedAtMs < cooldownMs ? stale : yield* fetchKeys
        })
      )

    const select = (keys: CachedKeys, header: ProtectedHeaderParameters) =>
      Effect.tryPromise({ try: () => keys.keys(header), catch: (error) => error })

    const keyFor = (header: ProtectedHeaderParameters) =>
      Effect.gen(function* () {
        const { keys, fetched } = yield* currentKeys
        const first = yield* Effect.result(select(keys, header))
        if (first._tag === "Success") return first.success
        let failure: unknown = first.failure
        // Keys fetched by this very call are the newest there are; asking again would only repeat them.
        if (!fetched && isJoseCode(failure, "ERR_JWKS_NO_MATCHING_KEY")) {
          const again = yield* keysAfterMiss(keys)
          if (again !== keys) {
            const second = yield* Effect.result(select(again, header))
            if (second._tag === "Success") return second.success
            failure = second.failure
          }
        }
        const message = failure instanceof Error ? failure.message : String(failure)
        if (isJoseCode(failure, "ERR_JWKS_NO_MATCHING_KEY")) return yield* refuse("unknown-key", message)
        if (isJoseCode(failure, "ERR_JWKS_MULTIPLE_MATCHING_KEYS")) return yield* refuse("ambiguous-key", message)
        return yield* refuse("invalid-jwks", message)
      })

    const decodeClaims = Schema.decodeUnknownEffect(AccessTokenClaims)
    const also = [...(config.acceptedIssuerBaseUrls ?? []), ...(options.acceptedIssuerBaseUrls ?? [])]
    const acceptedIssuers = (kind: AccessTokenKind) =>
      acceptedAccessTokenIssuers(config.baseUrl, config.projectId, kind, also)

    /**
     * The kind of user the token claims to be for, read before its signature is checked: it can only make
     * the token refused (a kind not accepted here), never accepted, which still needs the signature and the
     * kind's issuer and audience. An unreadable audience counts as a normal one and fails its check later.
     */
    const claimedKind = (accessToken: string): Effect.Effect<AccessTokenKind, JwtVerificationError> => {
      const aud = (() => {
        try {
          return decodeJwt(accessToken).aud
        } catch {
          return undefined
        }
      })()
      const kind = typeof aud === "string" ? (parseAccessTokenAudience(aud)?.kind ?? "normal") : "normal"
      if (kind === "anonymous" && !allowAnonymous) {
        return Effect.fail(
          refuse("anonymous-user", "the token is an anonymous user's; pass allowAnonymous to accept it")
        )
      }
      if (kind === "restricted" && !allowRestricted) {
        return Effect.fail(
          refuse("restricted-user", "the token is a restricted user's; pass allowRestricted to accept it")
        )
      }
      return Effect.succeed(kind)
    }

    const verify = (accessToken: string) =>
      Effect.gen(function* () {
        const header = yield* Effect.try({
          try: () => decodeProtectedHeader(accessToken),
          catch: (error) => refuse("malformed", error instanceof Error ? error.message : String(error))
        })
        // Checked before any key is looked up, so `none` and HMAC tokens never reach key selection.
        if (typeof header.alg !== "string" || !allowed.has(header.alg)) {
          return yield* refuse("algorithm-not-allowed", `alg ${JSON.stringify(header.alg)} is not accepted`)
        }
        const kind = yield* claimedKind(accessToken)
        const key = yield* keyFor(header)
        const bits = modulusBits(key)
        if (bits !== undefined && bits < MIN_RSA_MODULUS_BITS) {
          return yield* refuse(
            "key-too-small",
            `the RSA key has ${bits} bits, at least ${MIN_RSA_MODULUS_BITS} are required`
          )
        }
        const now = yield* Clock.currentTimeMillis
        const verified = yield* Effect.tryPromise({
          try: () =>
            jwtVerify<JWTPayload>(accessToken, key, {
              algorithms: [...allowed],
              issuer: [...acceptedIssuers(kind)],
              audience: accessTokenAudience(config.projectId, kind),
              clockTolerance: tolerance,
              currentDate: new Date(now)
            }),
          catch: (error) => refusalOf(error, acceptedIssuers(kind))
        })
        yield* checkIssuedAt(verified.payload, now, tolerance)
        yield* checkAuthorizedParty(verified.payload, config.projectId)
        const claims = yield* decodeClaims(verified.payload).pipe(
          Effect.mapError((error) => refuse("invalid-claims", error.message))
        )
        if (!claimsMatchAudience(claims, kind)) {
          return yield* refuse(
            "invalid-claims",
            `the restriction claims do not match the audience ${JSON.stringify(claims.aud)}`
          )
        }
        return { userId: claims.sub, claims }
      }).pipe(documented())

    return { verify } satisfies TokenVerifierShape
  })

/** Verifies a project's access tokens without asking the service (server code: APIs, middleware). */
export class TokenVerifier
  extends /* @__PURE__ */ Context.Service<TokenVerifier, TokenVerifierShape>()("stackfx/TokenVerifier")
{
  /** With the default options: ES256, 30 s tolerance. */
  static readonly layer: Layer.Layer<TokenVerifier, never, ClientConfig> = /* @__PURE__ */ TokenVerifier.layerWith()

  /** `TokenVerifier.layerWith({ algorithms: ["ES256", "RS256"] })` */
  static layerWith(options: TokenVerifierOptions = {}): Layer.Layer<TokenVerifier, never, ClientConfig> {
    return Layer.effect(
      TokenVerifier,
      Effect.gen(function* () {
        return TokenVerifier.of(yield* makeTokenVerifier(yield* ClientConfig, options))
      })
    )
  }
}
