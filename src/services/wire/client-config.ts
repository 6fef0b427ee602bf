import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { type AccessType, clientVersion, DEFAULT_BASE_URL, normalizeBaseUrl } from "../../domain/api.js"
import type { BotChallengeSource } from "../../domain/bot-challenge.js"

export type { AccessType }

/** The package version sent in `X-Stack-Client-Version`; a test keeps it equal to package.json. */
export const packageVersion = "0.2.0"

/** What a tier Layer is built from. Keys are optional here; each tier decides which it requires. */
export interface ClientConfigInput {
  readonly projectId: string
  readonly accessType: AccessType
  readonly publishableClientKey?: string | undefined
  readonly secretServerKey?: string | undefined
  readonly superSecretAdminKey?: string | undefined
  readonly adminAccessToken?: string | undefined
  /**
   * Defaults to the hosted API; a local backend sets e.g. `http://localhost:8102`. The client adds `/api/v1`
   * itself: a URL that already ends in it is used without it (the tiers log a warning).
   */
  readonly baseUrl?: string | undefined
  /**
   * Whether a permanent network failure may probe third-party hosts (Cloudflare's trace endpoint, the hosted
   * app, and the hosted backend beside a custom base URL). Never for a base URL on this machine (localhost,
   * 127.0.0.1): only its own /health applies there. Default true.
   */
  readonly thirdPartyDiagnostics?: boolean | undefined
  /**
   * Send `X-Stack-Allow-Anonymous-User: true` on every request: the sessions of anonymous users (and of
   * restricted ones) are accepted. Without it the service refuses them with
   * `AnonymousAuthenticationNotAllowed` (and `RestrictedUserNotAllowed`). Default false.
   */
  readonly allowAnonymousUser?: boolean | undefined
  /**
   * Accept the sessions of restricted users (an unverified e-mail where the project requires one, or an
   * administrator's restriction) on every request: server and admin tiers send
   * `X-Stack-Allow-Restricted-User: true`; the client tier sends `X-Stack-Allow-Anonymous-User: true`
   * instead, the only one of the two on the hosted CORS allow-list (so anonymous sessions pass too).
   * Default false.
   */
  readonly allowRestrictedUser?: boolean | undefined
  /**
   * Headers sent with every API request (a proxy's key, a tracing header), as the official SDK's
   * `extraRequestHeaders`: they win over the computed ones; a call's own headers win over them.
   */
  readonly extraRequestHeaders?: Readonly<Record<string, string>> | undefined
  /**
   * Server code: other base URLs the backend may name as its access tokens' issuer besides `baseUrl` (and its
   * loopback spellings), such as its public URL when the browser reaches it through a proxy and this server
   * through an internal address. A token verified here may carry any of them.
   */
  readonly acceptedIssuerBaseUrls?: ReadonlyArray<string> | undefined
  /**
   * Supplies the bot challenge (a Turnstile token) of the calls that may create a user: password sign-up, the
   * magic-link send and the OAuth sign-in start, sent as the service's SDK sends it. A call's own
   * `botChallenge` wins. Default: none (the service then only records that none came, unless it requires one).
   */
  readonly botChallenge?: BotChallengeSource | undefined
  /**
   * Provider scopes asked for at every OAuth sign-in with that provider (`{ github: ["repo"] }`), as the
   * official SDK's `oauthScopesOnSignIn`; an account link asks for them too, beside its own.
   */
  readonly oauthScopesOnSignIn?: Readonly<Record<string, ReadonlyArray<string>>> | undefined
}

/** The resolved configuration every service reads. */
export interface ClientConfigShape {
  readonly projectId: string
  readonly accessType: AccessType
  readonly publishableClientKey: string | undefined
  readonly secretServerKey: string | undefined
  readonly superSecretAdminKey: string | undefined
  readonly adminAccessToken: string | undefined
  /** Without a trailing slash and without `/api/v1`. */
  readonly baseUrl: string
  readonly thirdPartyDiagnostics: boolean
  readonly allowAnonymousUser: boolean
  readonly allowRestrictedUser: boolean
  readonly extraRequestHeaders: Readonly<Record<string, string>> | undefined
  readonly acceptedIssuerBaseUrls?: ReadonlyArray<string> | undefined

  readonly botChallenge?: BotChallengeSource | undefined
  readonly oauthScopesOnSignIn?: Readonly<Record<string, ReadonlyArray<string>>> | undefined
  readonly clientVersion: string
}

/** Fills defaults: `makeClientConfig({ projectId: "p", accessType: "client" }).baseUrl === DEFAULT_BASE_URL`. */
export const makeClientConfig = (input: ClientConfigInput): ClientConfigShape => ({
  projectId: input.projectId,
  accessType: input.accessType,
  publishableClientKey: input.publishableClientKey,
  secretServerKey: input.secretServerKey,
  superSecretAdminKey: input.superSecretAdminKey,
  adminAccessToken: input.adminAccessToken,
  baseUrl: normalizeBaseUrl(input.baseUrl ?? DEFAULT_BASE_URL).baseUrl,
  thirdPartyDiagnostics: input.thirdPartyDiagnostics ?? true,
  allowAnonymousUser: input.allowAnonymousUser ?? false,
  allowRestrictedUser: input.allowRestrictedUser ?? false,
  extraRequestHeaders: input.extraRequestHeaders,
  acceptedIssuerBaseUrls: input.acceptedIssuerBaseUrls,

  botChallenge: input.botChallenge,
  oauthScopesOnSignIn: input.oauthScopesOnSignIn,
  clientVersion: clientVersion("stackfx", packageVersion)
})

/** The project, keys and base URL a tier talks to. */
export class ClientConfig
  extends /* @__PURE__ */ Context.Service<ClientConfig, ClientConfigShape>()("stackfx/ClientConfig")
{
  /** `ClientConfig.layer({ projectId, accessType: "client", publishableClientKey })` */
  static readonly layer = (input: ClientConfigInput): Layer.Layer<ClientConfig> =>
    Layer.succeed(ClientConfig, makeClientConfig(input))
}
