/**
 * Sign-in and account linking through an OAuth provider.
 *
 * Start: make a random code verifier and state, keep the verifier in a cookie named after the state, and
 * hand back the authorize URL for the browser to visit. Callback: take `code` and `state` from the page URL,
 * consume the cookie, redeem the code at the token endpoint with the verifier, and start the session.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import type { ClientConfig } from "../http/client-config.js"
import { OAuthMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { CookieDocument } from "./oauth-cookie.js"
import type { OAuthCalls } from "./oauth-calls.js"
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

export type { OAuthCallbackFailure } from "./oauth-calls.js"

/** What the OAuth service offers; see its tag for the rules. Its members are declared in oauth-calls.ts. */
export type OAuthShape = ShapeOf<typeof OAuthCalls>

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
  static readonly layer: Layer.Layer<OAuth, never, ClientConfig | Transport | Session> =
    /* @__PURE__ */ OAuth.layerWith()

  /** `OAuth.layerWith({ document: fakeDocument, currentUrl: () => "https://app.example.com/" })` */
  static layerWith(options: OAuthLayerOptions = {}): Layer.Layer<OAuth, never, ClientConfig | Transport | Session> {
    return lazyLayer(OAuth, OAuthMembers, () => import("../live.js").then((m) => m.makeOAuthService(options)))
  }
}
