/**
 * What a tier is built from, checked before anything is built: a missing project id or key fails the
 * Layer with `MissingConfiguration` (naming the option and its environment variable) instead of
 * surfacing later as a 401 from the API.
 */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { type AccessType, API_PATH_PREFIX, normalizeBaseUrl } from "../domain/api.js"
import type { ConfigurationKey } from "../errors/client/configuration-key.js"
import type { RedirectUrlOptions } from "../services/navigation/redirects.js"
import { MissingConfiguration } from "../errors/client/configuration.js"
import type { ClientConfigInput } from "../services/wire/client-config.js"
import type { BotChallengeSource } from "../domain/bot-challenge.js"
import type { TokenStore } from "../services/session/token-store.js"

/**
 * Where the session's tokens live: `"cookie"` (browser cookies; memory when there is no `document`),
 * `"memory"`, or any `TokenStore` Layer (`TokenStore.custom(...)`). Default `"cookie"`, so a browser keeps
 * its session across reloads and Node keeps it in memory.
 */
export type TokenStoreOption = "cookie" | "memory" | Layer.Layer<TokenStore>

/** Options of every tier. Values may be `undefined` (e.g. `process.env.X`); the tier then fails to build. */
export interface ClientTierOptions {
  readonly projectId?: string | undefined
  readonly publishableClientKey?: string | undefined
  /**
   * Default: the hosted API. A local backend: `http://127.0.0.1:8102`. Without `/api/v1` (the client adds
   * it); a URL ending in it is used without it, and the tier logs a warning saying so.
   */
  readonly baseUrl?: string | undefined
  readonly tokenStore?: TokenStoreOption | undefined
  /** Only one live tier per unique identifier in this JavaScript realm; default: no check. */
  readonly uniqueIdentifier?: string | undefined
  /** See `ClientConfigInput.thirdPartyDiagnostics`. */
  readonly thirdPartyDiagnostics?: boolean | undefined
  /** Accept anonymous (and restricted) users' sessions on every call; see `ClientConfigInput.allowAnonymousUser`. */
  readonly allowAnonymousUser?: boolean | undefined
  /** Accept restricted users' sessions on every call; see `ClientConfigInput.allowRestrictedUser`. */
  readonly allowRestrictedUser?: boolean | undefined
  /** Headers sent with every API request; see `ClientConfigInput.extraRequestHeaders`. */
  readonly extraRequestHeaders?: Readonly<Record<string, string>> | undefined
  /**
   * Where the app mounts its handler pages (default `/handler`) and any page URLs it overrides: the default
   * targets of e-mailed links (verification, password reset, magic link, invitation). The React provider's
   * `handlerPath` and `urls` props set the same for the calls it runs.
   */
  readonly handlerPath?: string | undefined
  readonly urls?: RedirectUrlOptions | undefined
  /** See `ClientConfigInput.botChallenge`. */
  readonly botChallenge?: BotChallengeSource | undefined
  /** See `ClientConfigInput.oauthScopesOnSignIn`. */
  readonly oauthScopesOnSignIn?: Readonly<Record<string, ReadonlyArray<string>>> | undefined
}

/**
 * The server tier authenticates with the secret server key. The publishable client key is optional, as in
 * every tier: a project made on the service today does not require one (`project.requirePublishableClientKey`
 * is off by default). Without it no key header is sent and sessions refresh with the service's public-client
 * sentinel as the OAuth client secret, as the official SDK does; a project that requires the key refuses that
 * with `PublishableClientKeyRequiredForProject`.
 */
export interface ServerTierOptions extends ClientTierOptions {
  readonly secretServerKey?: string | undefined
  /**
   * Other base URLs the backend may name as its access tokens' issuer (see
   * `ClientConfigInput.acceptedIssuerBaseUrls`): its public URL when browsers reach it at another address than
   * this server does. The loopback spellings of `baseUrl` (`localhost`, `127.0.0.1`, `[::1]`) count without it.
   */
  readonly acceptedIssuerBaseUrls?: ReadonlyArray<string> | undefined
}

/**
 * The admin tier authenticates with the super-secret admin key, or with an admin access token (the access
 * token of an `internal` user who owns the project). One of the two is required; given both, the service
 * checks the token.
 */
export interface AdminTierOptions extends ServerTierOptions {
  readonly superSecretAdminKey?: string | undefined
  readonly adminAccessToken?: string | undefined
}

/** Every option any tier takes, for code that handles all three (e.g. reading the environment). */
export type AnyTierOptions = AdminTierOptions

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== ""

const required = (
  value: string | undefined,
  which: ConfigurationKey,
  message?: string
): Effect.Effect<string, MissingConfiguration> =>
  present(value)
    ? Effect.succeed(value)
    : Effect.fail(new MissingConfiguration(message === undefined ? { which } : { which, message }))

const optional = (value: string | undefined): string | undefined => (present(value) ? value : undefined)

/**
 * The base URL without the `/api/v1` the client adds itself (`STACK_API_URL` pasted as the API's URL would
 * otherwise reach `/api/v1/api/v1/...` and answer 404), with a warning when it had to be taken off.
 */
const baseUrlOf = (given: string | undefined): Effect.Effect<string | undefined> => {
  if (given === undefined) return Effect.succeed(undefined)
  const { baseUrl, strippedApiPath } = normalizeBaseUrl(given)
  return strippedApiPath
    ? Effect.as(
        Effect.logWarning(
          `stackfx: the base URL ${given} ends in ${API_PATH_PREFIX}; using ${baseUrl} (the client adds ${API_PATH_PREFIX} itself)`
        ),
        baseUrl
      )
    : Effect.succeed(baseUrl)
}

/** The extra issuers' base URLs, normalised as `baseUrl` is; one that is not an absolute URL fails the tier. */
const issuerBaseUrlsOf = (
  given: ReadonlyArray<string> | undefined
): Effect.Effect<ReadonlyArray<string> | undefined, MissingConfiguration> =>
  given === undefined
    ? Effect.succeed(undefined)
    : Effect.forEach(given, (url) =>
        URL.canParse(url)
          ? Effect.succeed(normalizeBaseUrl(url).baseUrl)
          : Effect.fail(
              new MissingConfiguration({
                which: "baseUrl",
                message: `acceptedIssuerBaseUrls: ${JSON.stringify(url)} is not an absolute URL (e.g. https://auth.example.com).`
              })
            )
      )

/**
 * The `ClientConfigInput` of a tier, or the first missing piece: the project id, then the tier's secret
 * (server: the secret server key; admin: the admin key or an admin access token). The publishable client key
 * is optional in every tier.
 */
export const resolveTierConfig = (
  accessType: AccessType,
  options: AnyTierOptions
): Effect.Effect<ClientConfigInput, MissingConfiguration> =>
  Effect.gen(function* () {
    const projectId = yield* required(options.projectId, "projectId")
    const baseUrl = yield* baseUrlOf(optional(options.baseUrl))
    const acceptedIssuerBaseUrls = yield* issuerBaseUrlsOf(options.acceptedIssuerBaseUrls)
    const base: ClientConfigInput = {
      projectId,
      accessType,
      publishableClientKey: optional(options.publishableClientKey),
      baseUrl,
      thirdPartyDiagnostics: options.thirdPartyDiagnostics,
      allowAnonymousUser: options.allowAnonymousUser,
      allowRestrictedUser: options.allowRestrictedUser,
      extraRequestHeaders: options.extraRequestHeaders,
      ...(acceptedIssuerBaseUrls === undefined ? {} : { acceptedIssuerBaseUrls }),
      botChallenge: options.botChallenge,
      oauthScopesOnSignIn: options.oauthScopesOnSignIn
    }
    switch (accessType) {
      case "client":
        return base
      case "server":
        return { ...base, secretServerKey: yield* required(options.secretServerKey, "secretServerKey") }
      case "admin": {
        const superSecretAdminKey = optional(options.superSecretAdminKey)
        const adminAccessToken = optional(options.adminAccessToken)
        if (superSecretAdminKey === undefined && adminAccessToken === undefined) {
          return yield* new MissingConfiguration({
            which: "superSecretAdminKey",
            message:
              "A super secret admin key or an admin access token is required. Pass the superSecretAdminKey option " +
              "(or set the HEXCLAVE_SUPER_SECRET_ADMIN_KEY or STACK_SUPER_SECRET_ADMIN_KEY environment variable), or pass " +
              "the adminAccessToken option."
          })
        }
        return { ...base, secretServerKey: optional(options.secretServerKey), superSecretAdminKey, adminAccessToken }
      }
    }
  })
