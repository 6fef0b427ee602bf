/**
 * Who is calling an app's own server (server tier and above): the session a request carries, in the
 * `x-stack-auth` header the client tier's `CurrentUser.authHeaders` gives, or in the client tier's token
 * cookies. The access token is verified locally (no request to the API); only an expired one is refreshed
 * through the API, with the refresh token that came with it.
 *
 * @example
 * // an effect HTTP route
 * HttpRouter.add("GET", "/api/me", Effect.gen(function*() {
 *   const { user } = yield* (yield* RequestAuth).user(yield* HttpServerRequest.HttpServerRequest)
 *   return HttpServerResponse.jsonUnsafe({ id: user.id })
 * }).pipe(Effect.catchTags({ Unauthenticated: unauthorized, InvalidSession: unauthorized, MalformedAuthJson: unauthorized })))
 */
import { loadLiveChunk } from "../http/internal/lazy-service.js"
import { wireConfig } from "../wire/lazy-parts.js"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { decodeJwt } from "jose"
import { AccessTokenClaims } from "../../domain/jwt.js"
import type { ServerUser } from "../../domain/user.js"
import type { JwtVerificationError } from "../../errors/client/jwt-verification-error.js"
import { InvalidSession, type MalformedAuthJson, Unauthenticated } from "../../errors/client/request-session.js"
import { ResponseDecodeError } from "../../errors/client/response-decode-error.js"
import { ClientConfig } from "../wire/client-config.js"
import { documented, type ErrorTable, type FailureOf } from "../http/transport.js"
import { TokenVerifier } from "./jwt-verify.js"
import { type SessionUser, sessionUserOf } from "./session-user.js"
import { readRequestTokens, type SessionSource, type TokenOrigin } from "./request-tokens.js"
import { ServerUsers } from "../generated/server-users.js"
import { makeSession } from "../session/session.js"
import { makeRefTokenStore, type StoredTokens } from "../session/token-store.js"

export type { SessionSource, TokenOrigin } from "./request-tokens.js"

/** The session of one request, its access token verified. */
export interface RequestSession {
  readonly userId: string
  /** The claims of the (verified, or just refreshed) access token. */
  readonly claims: AccessTokenClaims
  /** The user as those claims describe them (id, e-mail, name, selected team, flags): no request. */
  readonly sessionUser: SessionUser
  /**
   * The session's tokens now. When `refreshed`, the access token is a new one: an app may hand it back
   * (e.g. as the access-token cookie) so the next request need not refresh again.
   */
  readonly tokens: { readonly accessToken: string; readonly refreshToken: string | null }
  /** Whether the request's access token had expired (or was missing) and the API issued a new one. */
  readonly refreshed: boolean
  /** Where the tokens were found: the `x-stack-auth` header, the cookies, or a given auth JSON. */
  readonly origin: TokenOrigin
}

/** The caller and their account with server fields. */
export interface RequestUser {
  readonly user: ServerUser
  readonly session: RequestSession
}

/** The request's caller is not known: every one of these is the caller's problem (a 401). */
export type RequestAuthRefusal = Unauthenticated | InvalidSession | MalformedAuthJson

/**
 * Besides the refusals: the API could not be asked (`CallFailure`), the refresh grant was refused because
 * the tier's publishable client key is wrong (`InvalidOAuthClientIdOrSecret`) or it has none for a project that
 * requires one (`PublishableClientKeyRequiredForProject`), or the project's published key set is unusable
 * (`JwtVerificationError` with reason `invalid-jwks`).
 */
export type RequestAuthError =
  | RequestAuthRefusal
  | JwtVerificationError
  | FailureOf<typeof RequestAuthErrors, "session">

/**
 * The known errors the RequestAuth methods document (see `ErrorTable` in http/transport.ts); `user` is `session`'s
 * (its user read turns UserNotFound into `InvalidSession`). Kept here: this service is not loaded lazily.
 */
const RequestAuthErrors = {
  session: ["InvalidOAuthClientIdOrSecret", "PublishableClientKeyRequiredForProject"]
} as const satisfies ErrorTable

/** What the RequestAuth service offers; see its tag for the rules. */
export interface RequestAuthShape {
  /**
   * The session `source` carries, without fetching the user: no request to the API unless the access
   * token has expired and must be refreshed.
   */
  readonly session: (source: SessionSource) => Effect.Effect<RequestSession, RequestAuthError>
  /**
   * `session`, then the user with server fields; a user deleted since is `InvalidSession`. Read once per
   * request object: asking again with the same `source` answers the first read's outcome.
   */
  readonly user: (source: SessionSource) => Effect.Effect<RequestUser, RequestAuthError>
}

const decodeClaims = Schema.decodeUnknownEffect(AccessTokenClaims)

/** Verification said only that the access token's time is up: a refresh token can still save the session. */
interface Expired {
  readonly _tag: "Expired"
}
const expired: Expired = { _tag: "Expired" }

/** The token is the API's own answer, so its claims are read, not verified (see `refreshed`). */
const unverifiedClaims = (accessToken: string) =>
  Effect.try({
    try: () => decodeJwt(accessToken),
    catch: (error) => (error instanceof Error ? error.message : String(error))
  }).pipe(
    Effect.flatMap((payload) => Effect.mapError(decodeClaims(payload), (error) => error.message)),
    Effect.mapError(
      (message) =>
        new ResponseDecodeError({
          message: `The refreshed access token is not a readable access token: ${message}`,
          bodyExcerpt: "(withheld: it is an access token)"
        })
    )
  )

/** The service over the tier's own config, verifier and user reads. */
export const makeRequestAuth: Effect.Effect<RequestAuthShape, never, ClientConfig | TokenVerifier | ServerUsers> =
  Effect.gen(function* () {
    const config = yield* ClientConfig
    const verifier = yield* TokenVerifier
    const users = yield* ServerUsers

    /**
     * A new access token for `refreshToken`, through a throwaway session over the request's tokens: the
     * client's own refresh (grant, answer checks, a refused refresh token ending the session) and nothing
     * shared between requests. The new token comes straight from the API over this server's own connection,
     * so its signature needs no check; its `exp` is the API's clock's business, not this server's.
     */
    const refreshed = (refreshToken: string, origin: TokenOrigin) =>
      Effect.gen(function* () {
        const tokens = yield* Effect.scoped(
          Effect.gen(function* () {
            const store = makeRefTokenStore(yield* Ref.make<StoredTokens>({ accessToken: null, refreshToken }))
            const session = yield* makeSession(wireConfig(config, loadLiveChunk), store)
            // No access token to keep, so any required freshness refreshes; 0 is always a valid one.
            return yield* session.getTokens(0)
          })
        ).pipe(Effect.catchTag("InvalidFreshness", (e) => Effect.die(e)))
        if (tokens.accessToken === null) {
          return yield* new InvalidSession({
            reason: "refresh-token-rejected",
            message: "The refresh token was refused: the session has ended or the token is not one."
          })
        }
        const claims = yield* unverifiedClaims(tokens.accessToken)
        const session: RequestSession = {
          userId: claims.sub,
          claims,
          sessionUser: sessionUserOf(claims),
          tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
          refreshed: true,
          origin
        }
        return session
      })

    const session = (source: SessionSource) =>
      Effect.gen(function* () {
        const { origin, tokens } = yield* Effect.fromResult(readRequestTokens(source, config.projectId))
        const { accessToken, refreshToken } = tokens
        if (accessToken === null) {
          if (refreshToken === null) return yield* new Unauthenticated()
          return yield* refreshed(refreshToken, origin)
        }
        const verified = yield* verifier.verify(accessToken).pipe(
          Effect.map((ok) => ({ _tag: "Verified" as const, ...ok })),
          Effect.catchTag(
            "JwtVerificationError",
            (error): Effect.Effect<Expired, JwtVerificationError | InvalidSession> => {
              // The key set itself is unusable: the server's problem, not the caller's.
              if (error.reason === "invalid-jwks") return Effect.fail(error)
              if (error.reason === "expired") return Effect.succeed(expired)
              // Forged, foreign or malformed: refused even with a refresh token beside it, which would
              // otherwise paper over a tampered request.
              return Effect.fail(new InvalidSession({ reason: "access-token-invalid", message: error.message }))
            }
          )
        )
        if (verified._tag === "Verified") {
          const current: RequestSession = {
            userId: verified.userId,
            claims: verified.claims,
            sessionUser: sessionUserOf(verified.claims),
            tokens: { accessToken, refreshToken },
            refreshed: false,
            origin
          }
          return current
        }
        if (refreshToken === null) {
          return yield* new InvalidSession({
            reason: "access-token-expired",
            message: "The access token has expired and no refresh token came with it."
          })
        }
        return yield* refreshed(refreshToken, origin)
      }).pipe(documented(...RequestAuthErrors.session))

    const readUser = (source: SessionSource) =>
      Effect.gen(function* () {
        const current = yield* session(source)
        const account = yield* users.get(current.userId).pipe(
          // The id is a verified token's subject, a user id the backend issued: it always fits the path.
          Effect.catchTag("InvalidInput", Effect.die),
          Effect.catchTag("UserNotFound", () =>
            Effect.fail(
              new InvalidSession({ reason: "user-not-found", message: "The session's user no longer exists." })
            )
          )
        )
        return { user: account, session: current }
      })

    // One read per request: handlers that each ask for the user of one request object share its answer (the
    // entry goes with the request).
    const perRequest = new WeakMap<SessionSource, Effect.Effect<RequestUser, RequestAuthError>>()
    const user = (source: SessionSource) =>
      Effect.suspend(() => {
        const known = perRequest.get(source)
        if (known !== undefined) return known
        const once = Effect.runSync(Effect.cached(readUser(source)))
        perRequest.set(source, once)
        return once
      })

    return { session, user } satisfies RequestAuthShape
  })

/**
 * Not loaded lazily like most endpoint services: it is server code, and a lazy chunk of it would share
 * the JWT verifier with the client's own token reading, which would put the verifier into every browser
 * bundle.
 */
export class RequestAuth
  extends /* @__PURE__ */ Context.Service<RequestAuth, RequestAuthShape>()("stackfx/RequestAuth")
{
  static readonly layer: Layer.Layer<RequestAuth, never, ClientConfig | TokenVerifier | ServerUsers> =
    /* @__PURE__ */ Layer.effect(RequestAuth, makeRequestAuth)
}
