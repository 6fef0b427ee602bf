/**
 * Sign-in and account linking through an OAuth provider.
 *
 * Start: make a random code verifier and state, keep the verifier in a cookie named after the state, and
 * hand back the authorize URL for the browser to visit. Callback: take `code` and `state` from the page URL,
 * consume the cookie, redeem the code at the token endpoint with the verifier, and start the session.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type * as Option from "effect/Option"
import type { NetworkError } from "../../errors/client/network-error.js"
import type { OAuthCallbackError } from "../../errors/client/oauth-callback-error.js"
import type { OAuthNotAvailable } from "../../errors/client/oauth-not-available.js"
import type { NoAccessToken } from "../../errors/client/session.js"
import type { ClientConfig } from "../http/client-config.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { CookieDocument } from "./oauth-cookie.js"
import type { OAuthErrors } from "./oauth-errors.js"
import type { Session } from "../session/session.js"
import type { Transport } from "../http/transport.js"

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

/** Known errors of the code exchange. MFA is not a failure of the flow: the UI prompts for the TOTP code. */
export type OAuthCallbackFailure = FailureOf<typeof OAuthErrors, "callback">

/** What the OAuth service offers; see its tag for the rules. */
export interface OAuthShape {
  /**
   * Prepares a sign-in (or sign-up) and answers the authorize URL to send the browser to.
   *
   * @example
   * const url = yield* oauth.signIn({ provider: "github", redirectUrl: urls.oauthCallback, errorRedirectUrl: urls.error })
   * location.assign(url)
   */
  readonly signIn: (options: OAuthStartOptions) => Effect.Effect<string, OAuthNotAvailable | NetworkError>
  /** Like `signIn`, connecting the provider to the signed-in user (whose access token the URL carries). */
  readonly link: (options: OAuthLinkOptions) => Effect.Effect<string, OAuthNotAvailable | NoAccessToken | FailureOf<typeof OAuthErrors, "link">>
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

/** Options of the OAuth service's layer: the document holding the verifier cookie and the page's URL. */
export interface OAuthLayerOptions {
  /** Where the verifier cookie lives; defaults to `globalThis.document`, looked up per call. */
  readonly document?: CookieDocument | undefined
  /** The page's URL, to resolve relative redirect URLs; defaults to `globalThis.location.href`. */
  readonly currentUrl?: (() => string | undefined) | undefined
  /** Mark the cookie Secure; defaults to whether the current page is https. */
  readonly secure?: boolean | undefined
}

/** The OAuth flow of a client tier. */
export class OAuth extends /* @__PURE__ */ Context.Service<OAuth, OAuthShape>()("stackfx/OAuth") {
  /** Browser defaults: `document.cookie` and `location.href`. */
  static readonly layer: Layer.Layer<OAuth, never, ClientConfig | Transport | Session> = /* @__PURE__ */ OAuth.layerWith()

  /** `OAuth.layerWith({ document: fakeDocument, currentUrl: () => "https://app.example.com/" })` */
  static layerWith(options: OAuthLayerOptions = {}): Layer.Layer<OAuth, never, ClientConfig | Transport | Session> {
    return lazyLayer(
      OAuth,
      { signIn: "function", link: "function", callback: "function" },
      () => import("../live.js").then((m) => m.makeOAuthService(options))
    )
  }
}
