/**
 * Sign-in and account linking through an OAuth provider (SPEC.md section 4, WIRE.md "OAuth authorize").
 *
 * Start: make a random code verifier and state, keep the verifier in a cookie named after the state, and
 * hand back the authorize URL for the browser to visit. Callback: take `code` and `state` from the page URL,
 * consume the cookie, redeem the code at the token endpoint with the verifier, and start the session.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { PUBLIC_CLIENT_SECRET_SENTINEL } from "../domain/constants.js"
import { parseAbsoluteUrl } from "../domain/rules/hosts.js"
import { stripOAuthCallbackParams } from "../domain/rules/oauth-redirect.js"
import { AuthorizationCodeResponse, OAuthErrorResponse } from "../domain/tokens.js"
import type { HttpError } from "../errors/client/http-error.js"
import { NoAccessToken } from "../errors/client/session.js"
import { OAuthCallbackError } from "../errors/client/oauth-callback-error.js"
import { OAuthNotAvailable } from "../errors/client/oauth-not-available.js"
import { ClientConfig, type ClientConfigShape } from "./client-config.js"
import { type CallFailure, documented } from "./endpoint.js"
import { consumeVerifier, type CookieDocument, saveVerifier } from "./oauth-cookie.js"
import { randomToken, s256Challenge } from "./oauth-pkce.js"
import { authorizeUrl, type OAuthFlowType } from "./oauth-url.js"
import { Session } from "./session.js"
import { formBody, Transport } from "./transport.js"

export interface OAuthStartOptions {
  /** Provider id, e.g. `"github"`. */
  readonly provider: string
  /** The oauth-callback page, absolute or relative to the current page. */
  readonly redirectUrl: string
  /** Where the service sends the browser when the provider refuses. */
  readonly errorRedirectUrl: string
  /** Handed back by the token call as `afterCallbackRedirectUrl`. */
  readonly afterCallbackRedirectUrl?: string | undefined
}

export interface OAuthLinkOptions extends OAuthStartOptions {
  /** Extra provider scopes to ask for, space separated. */
  readonly providerScope?: string | undefined
}

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

/** Known errors of the code exchange. MFA is not a failure of the flow: the UI prompts for the TOTP code. */
export type OAuthCallbackFailure = CallFailure<
  | "MultiFactorAuthenticationRequired"
  | "InvalidAuthorizationCode"
  | "InvalidOAuthClientIdOrSecret"
  | "RedirectUrlNotWhitelisted"
  | "OuterOAuthTimeout"
>

export interface OAuthShape {
  /**
   * Prepares a sign-in (or sign-up) and answers the authorize URL to send the browser to.
   *
   * @example
   * const url = yield* oauth.signIn({ provider: "github", redirectUrl: urls.oauthCallback, errorRedirectUrl: urls.error })
   * location.assign(url)
   */
  readonly signIn: (options: OAuthStartOptions) => Effect.Effect<string, OAuthNotAvailable>
  /** Like `signIn`, connecting the provider to the signed-in user (whose access token the URL carries). */
  readonly link: (options: OAuthLinkOptions) => Effect.Effect<string, OAuthNotAvailable | NoAccessToken | CallFailure>
  /**
   * Finishes the flow on the callback page (`currentUrl` is `location.href`). `None` when the URL is not an
   * OAuth answer meant for this browser (no `code` or `state`, or no verifier cookie for the state): that is
   * logged as a warning and otherwise ignored, e.g. on a reload of the callback page.
   */
  readonly callback: (
    currentUrl: string,
    options?: OAuthCallbackOptions
  ) => Effect.Effect<Option.Option<OAuthCallbackResult>, OAuthCallbackError | OAuthNotAvailable | OAuthCallbackFailure>
}

export interface OAuthLayerOptions {
  /** Where the verifier cookie lives; defaults to `globalThis.document`, looked up per call. */
  readonly document?: CookieDocument | undefined
  /** The page's URL, to resolve relative redirect URLs; defaults to `globalThis.location.href`. */
  readonly currentUrl?: (() => string | undefined) | undefined
  /** Mark the cookie Secure; defaults to whether the current page is https. */
  readonly secure?: boolean | undefined
}

const browserDocument = (): CookieDocument | undefined =>
  (globalThis as { readonly document?: CookieDocument }).document

const browserUrl = (): string | undefined =>
  (globalThis as { readonly location?: { readonly href?: string } }).location?.href

const decodeOAuthError = Schema.decodeUnknownOption(Schema.fromJsonString(OAuthErrorResponse))

export const makeOAuth = (
  config: ClientConfigShape,
  transport: Transport["Service"],
  session: Session["Service"],
  options: OAuthLayerOptions = {}
): OAuthShape => {
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
  const refuseAdminSession = config.adminAccessToken === undefined
    ? Effect.void
    : Effect.fail(new OAuthNotAvailable({ reason: "admin-session" }))

  const start = (type: OAuthFlowType, start: OAuthLinkOptions, accessToken?: string) =>
    Effect.gen(function*() {
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
        afterCallbackRedirectUrl: start.afterCallbackRedirectUrl,
        state,
        codeChallenge,
        type,
        accessToken,
        providerScope: type === "link" ? start.providerScope : undefined
      })
    })

  const signIn = (opts: OAuthStartOptions) => start("authenticate", opts)

  const link = (opts: OAuthLinkOptions) =>
    Effect.gen(function*() {
      yield* refuseAdminSession
      const token = yield* session.getAccessToken().pipe(Effect.catchTag("InvalidFreshness", Effect.die))
      if (token === null) return yield* new NoAccessToken()
      return yield* start("link", opts, token)
    }).pipe(documented())

  const exchange = (code: string, verifier: string, redirectUri: string) =>
    transport.requestJson(
      {
        method: "POST",
        path: "/auth/oauth/token",
        // The token endpoint is plain OAuth: client credentials in the form, no session, no X-Stack headers.
        bare: true,
        withSession: false,
        body: formBody({
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
          client_id: config.projectId,
          client_secret: clientSecret
        })
      },
      AuthorizationCodeResponse
    ).pipe(
      // An RFC 6749 error answer (`invalid_grant`, ...) is the flow failing, not the transport.
      Effect.catchTag("HttpError", (error): Effect.Effect<never, HttpError | OAuthCallbackError> => {
        const answer = decodeOAuthError(error.body)
        if (Option.isNone(answer)) return Effect.fail(error)
        const { error: code, errorDescription } = answer.value
        return Effect.fail(new OAuthCallbackError({
          reason: `the token endpoint answered ${code}${errorDescription === undefined ? "" : `: ${errorDescription}`}`
        }))
      })
    )

  const ignored = (why: string) =>
    Effect.as(Effect.logWarning(`OAuth callback ignored: ${why}`), Option.none<OAuthCallbackResult>())

  const callback = (currentUrl: string, callbackOptions: OAuthCallbackOptions = {}) =>
    Effect.gen(function*() {
      yield* refuseAdminSession
      const url = parseAbsoluteUrl(currentUrl)
      if (url === undefined) {
        return yield* new OAuthCallbackError({ reason: "the callback URL is not an absolute URL" })
      }
      const params = url.searchParams
      const state = params.get("state")
      const code = params.get("code")
      const providerError = params.get("error")
      if (providerError !== null) {
        // The attempt is over either way; its verifier must not linger.
        if (state !== null) {
          const doc = yield* cookieJar
          yield* Effect.sync(() => consumeVerifier(doc, state, isSecure()))
        }
        const description = params.get("error_description")
        return yield* new OAuthCallbackError({
          reason: `the authorization server answered ${providerError}${description === null ? "" : `: ${description}`}`
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
    }).pipe(
      documented(
        "MultiFactorAuthenticationRequired",
        "InvalidAuthorizationCode",
        "InvalidOAuthClientIdOrSecret",
        "RedirectUrlNotWhitelisted",
        "OuterOAuthTimeout"
      )
    )

  return { signIn, link, callback }
}

/** The OAuth flow of a client tier. */
export class OAuth extends Context.Service<OAuth, OAuthShape>()("stackfx/OAuth") {
  /** Browser defaults: `document.cookie` and `location.href`. */
  static readonly layer: Layer.Layer<OAuth, never, ClientConfig | Transport | Session> = OAuth.layerWith()

  /** `OAuth.layerWith({ document: fakeDocument, currentUrl: () => "https://app.example.com/" })` */
  static layerWith(options: OAuthLayerOptions = {}): Layer.Layer<OAuth, never, ClientConfig | Transport | Session> {
    return Layer.effect(
      OAuth,
      Effect.gen(function*() {
        return OAuth.of(makeOAuth(yield* ClientConfig, yield* Transport, yield* Session, options))
      })
    )
  }
}
