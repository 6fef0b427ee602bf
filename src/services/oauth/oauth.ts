/**
 * Sign-in and account linking through an OAuth provider.
 *
 * Start: make a random code verifier and state, keep the verifier in a cookie named after the state, and
 * hand back the authorize URL for the browser to visit. Callback: take `code` and `state` from the page URL,
 * consume the cookie, redeem the code at the token endpoint with the verifier, and start the session.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ClientConfig, type ClientConfigShape } from "../wire/client-config.js"
import { caller, type CallFailureAt, custom, implement, type ShapeOf } from "../http/service-calls.js"
import { type CookieDocument, consumeVerifier, saveVerifier } from "./oauth-cookie.js"
import { Session } from "../session/session.js"
import { Transport, type CallFailure, documented } from "../http/transport.js"
import { OAuthTokenApi } from "../../contract/oauth-token.js"
import { session } from "../../contract/data-keys.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { NetworkError } from "../../errors/client/network-error.js"
import { OAuthCallbackError } from "../../errors/client/oauth-callback-error.js"
import { OAuthNotAvailable } from "../../errors/client/oauth-not-available.js"
import { NoAccessToken } from "../../errors/client/session.js"
import { PUBLIC_CLIENT_SECRET_SENTINEL } from "../../domain/api.js"
import { parseAbsoluteUrl } from "../../domain/rules/hosts.js"
import { stripOAuthCallbackParams } from "../../domain/rules/oauth-redirect.js"
import type { AuthorizationCodeGrant } from "../../domain/oauth-token-request.js"
import { OAuthErrorResponse } from "../../domain/tokens.js"
import type { HttpError } from "../../errors/client/http-error.js"
import { randomToken, s256Challenge } from "./oauth-pkce.js"
import { authorizeUrl, type OAuthFlowType } from "./oauth-url.js"
import { isGuestSession } from "../session/guest-session.js"
import type { BotChallenge } from "../../domain/bot-challenge.js"
import { challengeFields } from "../auth/bot-challenge.js"
import { mergeScopes } from "../../domain/rules/scopes.js"

/** Options that start an OAuth flow: the provider and the callback page. */
export interface OAuthStartOptions {
  /** Provider id, e.g. `"github"`. */
  readonly provider: string
  /** The oauth-callback page, absolute or relative to the current page. */
  readonly redirectUrl: string
  /** Where the service sends the browser when the provider refuses. */
  readonly errorRedirectUrl: string
  /** Handed back by the token call as `afterCallbackRedirectUrl`. */
  readonly afterCallbackRedirectUrl?: string | undefined
  /** A sign-in's bot challenge; default: the tier's `botChallenge` source's (a link sends none, as the SDK). */
  readonly botChallenge?: BotChallenge | undefined
}

/** Options that connect a provider to the signed-in user: a start's options plus extra scopes. */
export interface OAuthLinkOptions extends OAuthStartOptions {
  /** Extra provider scopes to ask for, space separated. */
  readonly providerScope?: string | undefined
}

/** Options of the OAuth callback step. */
export interface OAuthCallbackOptions {
  /**
   * The redirect URL the flow was started with; default the callback URL without `code` and `state`, which
   * is the same URL whenever the service appended only those two.
   */
  readonly redirectUrl?: string | undefined
}

/** A completed callback: the session has started. */
export interface OAuthCallbackResult {
  readonly isNewUser: boolean
  /** The `afterCallbackRedirectUrl` the flow was started with, if any; check it before following it. */
  readonly afterCallbackRedirectUrl: string | null
}

/** Options of the OAuth service's layer: the document holding the verifier cookie and the page's URL. */
export interface OAuthLayerOptions {
  /** Where the verifier cookie lives; defaults to `globalThis.document`, looked up per call. */
  readonly document?: CookieDocument | undefined
  /** The page's URL, to resolve relative redirect URLs; defaults to `globalThis.location.href`. */
  readonly currentUrl?: (() => string | undefined) | undefined
  /** Mark the cookie Secure; defaults to whether the current page is https. */
  readonly secure?: boolean | undefined
}

/**
 * Known errors of the code exchange (the token endpoint's, the grant's body being built here always fits).
 * MFA is not a failure of the flow: the UI prompts for the TOTP code.
 */
export type OAuthCallbackFailure = Exclude<CallFailureAt<typeof OAuthTokenApi.token, "client">, InvalidInput>

/** The OAuth flow of a client tier. */
export const OAuthCalls = {
  /**
   * Prepares a sign-in (or sign-up) and answers the authorize URL to send the browser to.
   *
   * @example
   * const url = yield* oauth.signIn({ provider: "github", redirectUrl: urls.oauthCallback, errorRedirectUrl: urls.error })
   * location.assign(url)
   */
  signIn: custom<(options: OAuthStartOptions) => Effect.Effect<string, OAuthNotAvailable | NetworkError>>("function"),
  /** Like `signIn`, connecting the provider to the signed-in user (whose access token the URL carries). */
  link: custom<(options: OAuthLinkOptions) => Effect.Effect<string, OAuthNotAvailable | NoAccessToken | CallFailure>>(
    "function"
  ),
  /**
   * Finishes the flow on the callback page (`currentUrl` is `location.href`). `None` when the URL is not an
   * OAuth answer meant for this browser (no `code` or `state`, or no verifier cookie for the state): that is
   * logged as a warning and otherwise ignored, e.g. on a reload of the callback page.
   */
  callback: custom<
    (
      currentUrl: string,
      options?: OAuthCallbackOptions
    ) => Effect.Effect<
      Option.Option<OAuthCallbackResult>,
      OAuthCallbackError | OAuthNotAvailable | OAuthCallbackFailure
    >
  >("function", session)
}

const browserDocument = (): CookieDocument | undefined =>
  (globalThis as { readonly document?: CookieDocument }).document

const browserUrl = (): string | undefined =>
  (globalThis as { readonly location?: { readonly href?: string } }).location?.href

const decodeOAuthError = Schema.decodeUnknownOption(Schema.fromJsonString(OAuthErrorResponse))

/** The parameters of an authorization answer that decide what the callback does. */
const CALLBACK_PARAMS = ["code", "state", "iss", "error", "id_token", "token"] as const

const oauthMembers = (
  config: ClientConfigShape,
  transport: Transport["Service"],
  session: Session["Service"],
  options: OAuthLayerOptions = {}
): ShapeOf<typeof OAuthCalls> => {
  const clientSecret = config.publishableClientKey ?? PUBLIC_CLIENT_SECRET_SENTINEL
  const pageUrl = options.currentUrl ?? browserUrl
  const isSecure = () => options.secure ?? parseAbsoluteUrl(pageUrl() ?? "")?.protocol === "https:"

  const cookieJar = Effect.suspend(() => {
    const doc = options.document ?? browserDocument()
    return doc === undefined ? Effect.fail(new OAuthNotAvailable({ reason: "no-document" })) : Effect.succeed(doc)
  })

  const absolute = (url: string) =>
    Effect.suspend(() => {
      if (parseAbsoluteUrl(url) !== undefined) return Effect.succeed(url)
      const base = parseAbsoluteUrl(pageUrl() ?? "")
      return base === undefined
        ? Effect.fail(new OAuthNotAvailable({ reason: "no-current-url" }))
        : Effect.succeed(new URL(url, base).href)
    })

  // The hosted service ties an admin session token to the dashboard, which has no OAuth client of its own.
  const refuseAdminSession =
    config.adminAccessToken === undefined
      ? Effect.void
      : Effect.fail(new OAuthNotAvailable({ reason: "admin-session" }))

  const start = (type: OAuthFlowType, start: OAuthLinkOptions, accessToken?: string) =>
    Effect.gen(function* () {
      yield* refuseAdminSession
      const doc = yield* cookieJar
      const redirectUrl = yield* absolute(start.redirectUrl)
      const errorRedirectUrl = yield* absolute(start.errorRedirectUrl)
      const verifier = yield* randomToken
      const state = yield* randomToken
      const codeChallenge = yield* s256Challenge(verifier)
      yield* Effect.sync(() => saveVerifier(doc, state, verifier, isSecure()))
      return authorizeUrl({
        baseUrl: config.baseUrl,
        projectId: config.projectId,
        clientSecret,
        provider: start.provider,
        redirectUrl,
        errorRedirectUrl,
        // The hosted service refuses a relative one (SCHEMA_ERROR): resolve it against the page, as the others.
        afterCallbackRedirectUrl:
          start.afterCallbackRedirectUrl === undefined ? undefined : yield* absolute(start.afterCallbackRedirectUrl),
        state,
        codeChallenge,
        type,
        accessToken,
        // The tier's `oauthScopesOnSignIn` of the provider, and a link's own scopes beside them (as the SDK).
        providerScope: mergeScopes(
          type === "link" ? start.providerScope : undefined,
          config.oauthScopesOnSignIn?.[start.provider]
        ),
        botChallenge:
          type === "authenticate" ? yield* challengeFields(config, "oauth_authenticate", start.botChallenge) : {}
      })
    })

  // A guest's access token goes with the sign-in (`?token=`, as the SDK sends it): a new provider account
  // then upgrades the guest instead of making another user. Nobody else's is sent: the service would fail
  // the authorize request on a stale one. A guest session that cannot be refreshed is no guest any more.
  const signIn = (opts: OAuthStartOptions) =>
    isGuestSession(session)
      ? Effect.flatMap(
          Effect.catch(session.getAccessToken(), () => Effect.succeed(null)),
          (token) => start("authenticate", opts, token ?? undefined)
        )
      : start("authenticate", opts)

  const link = (opts: OAuthLinkOptions) =>
    Effect.gen(function* () {
      yield* refuseAdminSession
      const token = yield* session.getAccessToken().pipe(Effect.catchTag("InvalidFreshness", Effect.die))
      if (token === null) return yield* new NoAccessToken()
      return yield* start("link", opts, token)
    }).pipe(documented())

  const tokenCall = caller(transport, OAuthTokenApi.token, "client")
  const exchange = (code: string, verifier: string, redirectUri: string) =>
    tokenCall({
      body: {
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
        client_id: config.projectId,
        client_secret: clientSecret
      } satisfies AuthorizationCodeGrant,
      // The token endpoint is plain OAuth: client credentials in the form, no session, no X-Stack headers.
      options: { bare: true, withSession: false }
    }).pipe(
      // The grant's fields are built here from strings: a body that does not fit is a defect.
      Effect.catchTag("InvalidInput", Effect.die),
      // An RFC 6749 error answer (`invalid_grant`, ...) is the flow failing, not the transport.
      Effect.catchTag("HttpError", (error): Effect.Effect<never, HttpError | OAuthCallbackError> => {
        const answer = decodeOAuthError(error.body)
        if (Option.isNone(answer)) return Effect.fail(error)
        const { error: code, errorDescription } = answer.value
        return Effect.fail(
          new OAuthCallbackError({
            reason: `the token endpoint answered ${code}${errorDescription === undefined ? "" : `: ${errorDescription}`}`
          })
        )
      }),
      Effect.flatMap((answer) =>
        "isNewUser" in answer
          ? Effect.succeed(answer)
          : Effect.fail(new OAuthCallbackError({ reason: "the token endpoint answered no authorization-code grant" }))
      )
    )

  const ignored = (why: string) =>
    Effect.as(Effect.logWarning(`OAuth callback ignored: ${why}`), Option.none<OAuthCallbackResult>())

  const callback = (currentUrl: string, callbackOptions: OAuthCallbackOptions = {}) =>
    Effect.gen(function* () {
      yield* refuseAdminSession
      const url = parseAbsoluteUrl(currentUrl)
      if (url === undefined) {
        return yield* new OAuthCallbackError({ reason: "the callback URL is not an absolute URL" })
      }
      const params = url.searchParams
      // Each answer parameter comes at most once (RFC 6749): a second issuer or state must not hide behind
      // the first one read.
      const repeated = CALLBACK_PARAMS.find((name) => params.getAll(name).length > 1)
      if (repeated !== undefined) {
        return yield* new OAuthCallbackError({ reason: `the callback carries ${repeated} more than once` })
      }
      const state = params.get("state")
      const code = params.get("code")
      // The attempt is over either way; its verifier must not linger.
      const endAttempt =
        state === null
          ? Effect.void
          : Effect.flatMap(cookieJar, (doc) => Effect.sync(() => consumeVerifier(doc, state, isSecure())))
      const providerError = params.get("error")
      if (providerError !== null) {
        yield* endAttempt
        const description = params.get("error_description")
        return yield* new OAuthCallbackError({
          reason: `the authorization server answered ${providerError}${description === null ? "" : `: ${description}`}`
        })
      }
      // Only the authorization code flow is spoken: tokens in the redirect itself (an ID token, or an access
      // token) are the implicit or hybrid flow, whose tokens no verifier protects.
      if (params.has("id_token") || params.has("token")) {
        yield* endAttempt
        return yield* new OAuthCallbackError({
          reason: "the callback carries an id_token or token: implicit and hybrid flows are unsupported"
        })
      }
      if (code === null || state === null) {
        return yield* ignored(
          `the URL has no ${code === null ? "code" : "state"} query parameter (was the callback page reloaded or ` +
            "opened from history?)"
        )
      }
      const doc = yield* cookieJar
      // Read and delete in one synchronous step: of two callbacks racing for the same answer, one wins.
      const verifier = yield* Effect.sync(() => consumeVerifier(doc, state, isSecure()))
      if (verifier === undefined) {
        return yield* ignored(
          "no code verifier cookie matches its state, so the flow was not started in this browser or was already finished"
        )
      }
      // RFC 9207: an answer that names its issuer must name ours.
      const issuer = params.get("iss")
      if (issuer !== null && issuer !== config.baseUrl) {
        return yield* new OAuthCallbackError({ reason: "the callback names another issuer" })
      }
      const redirectUri = stripOAuthCallbackParams(
        callbackOptions.redirectUrl === undefined ? currentUrl : yield* absolute(callbackOptions.redirectUrl)
      )
      const answer = yield* exchange(code, verifier, redirectUri)
      yield* session.setTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken })
      return Option.some<OAuthCallbackResult>({
        isNewUser: answer.isNewUser,
        afterCallbackRedirectUrl: answer.afterCallbackRedirectUrl
      })
    }).pipe(documented(...OAuthTokenApi.token.errors))

  return { signIn, link, callback }
}

/** {@link makeOAuth} over the services of the tier. */
/** The implementation, over the layer's options (`OAuth.layerWith`). */
export const makeOAuth = (options: OAuthLayerOptions = {}) =>
  implement(
    OAuthCalls,
    Effect.gen(function* () {
      return oauthMembers(yield* ClientConfig, yield* Transport, yield* Session, options)
    })
  )
