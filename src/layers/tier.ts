/**
 * How the three tiers are assembled: check the config, claim the unique identifier, build the core
 * (config, token store, session, transport), then the tier's endpoint services on top. The tier's type
 * lists only its own services, so a program needing another tier's service does not type-check.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Config from "effect/Config"
import type { AccessType } from "../domain/api.js"
import type { DuplicateApp, MissingConfiguration } from "../errors/client/configuration.js"
import type { ClientConfig } from "../services/wire/client-config.js"
import { EmailLinkUrls } from "../services/navigation/email-link-urls.js"
import type { Session } from "../services/session/session.js"
import { cookieTokenStore } from "../services/session/token-store-cookie.js"
import { TokenStore } from "../services/session/token-store.js"
import { type AnyTierOptions, resolveTierConfig, type TokenStoreOption } from "./config.js"
import { layerCore, type CoreServices } from "./core.js"
import { claimUniqueIdentifier } from "./unique-app.js"

/** What every tier exposes besides its endpoint services (the transport stays inside). */
export type TierBaseServices = ClientConfig | TokenStore | Session

/** Why a tier Layer can fail to build. */
export type TierError = MissingConfiguration | DuplicateApp

const tokenStoreLayer = (option: TokenStoreOption | undefined, projectId: string): Layer.Layer<TokenStore> => {
  if (option === undefined || option === "cookie") return cookieTokenStore({ projectId })
  if (option === "memory") return TokenStore.memory()
  return option
}

/** A tier: `services` built on a core made from `options`. @internal */
export const makeTier = <Services>(
  accessType: AccessType,
  options: AnyTierOptions,
  services: Layer.Layer<Services, never, CoreServices>
): Layer.Layer<Services | CoreServices, TierError> =>
  Layer.unwrap(
    Effect.gen(function* () {
      const config = yield* resolveTierConfig(accessType, options)
      if (options.uniqueIdentifier !== undefined) yield* claimUniqueIdentifier(options.uniqueIdentifier)
      const tier = services.pipe(
        Layer.provideMerge(layerCore(config, tokenStoreLayer(options.tokenStore, config.projectId)))
      )
      return options.handlerPath === undefined && options.urls === undefined
        ? tier
        : Layer.merge(tier, Layer.succeed(EmailLinkUrls, { handlerPath: options.handlerPath, urls: options.urls }))
    })
  )

/**
 * A variable under its name since the service's rename (`HEXCLAVE_…`), else under its old one (`STACK_…`),
 * as the service's own SDKs read them.
 */
const envString = (name: string): Config.Config<string | undefined> =>
  Config.String(`HEXCLAVE_${name}`).pipe(
    Config.orElse(() => Config.String(`STACK_${name}`)),
    Config.option,
    Config.map(Option.getOrUndefined)
  )

/** A list in one variable: its items separated by commas or white space (unset: undefined). */
const envList = (name: string): Config.Config<ReadonlyArray<string> | undefined> =>
  Config.map(envString(name), (value) => value?.split(/[\s,]+/).filter((item) => item !== ""))

/**
 * `HEXCLAVE_PROJECT_ID`, `HEXCLAVE_PUBLISHABLE_CLIENT_KEY`, `HEXCLAVE_SECRET_SERVER_KEY`,
 * `HEXCLAVE_SUPER_SECRET_ADMIN_KEY`, `HEXCLAVE_API_URL` and `HEXCLAVE_ACCEPTED_ISSUER_BASE_URLS` (the other URLs
 * browsers reach the backend at, separated by commas: their tokens' issuers are accepted too), each falling back
 * to its old `STACK_*` name, read through effect's `Config` (so a `ConfigProvider` in context replaces the
 * process environment).
 */
export const tierOptionsFromEnv = (): Config.Config<AnyTierOptions> =>
  // A function, not a constant: a module-level call would ship effect's Config to every browser bundle.
  Config.all({
    projectId: envString("PROJECT_ID"),
    publishableClientKey: envString("PUBLISHABLE_CLIENT_KEY"),
    secretServerKey: envString("SECRET_SERVER_KEY"),
    superSecretAdminKey: envString("SUPER_SECRET_ADMIN_KEY"),
    baseUrl: envString("API_URL"),
    acceptedIssuerBaseUrls: envList("ACCEPTED_ISSUER_BASE_URLS")
  })

/**
 * `overrides` wins over the environment, key by key; an `undefined` override keeps the environment's value.
 * @internal
 */
export const withOverrides = <O extends object>(fromEnv: AnyTierOptions, overrides: O): AnyTierOptions => {
  const merged: Record<string, unknown> = { ...fromEnv }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) merged[key] = value
  }
  return merged as AnyTierOptions
}

/** A tier whose options come from the environment, with `overrides` on top. @internal */
export const tierFromEnv = <Services, E>(
  build: (options: AnyTierOptions) => Layer.Layer<Services, E>,
  overrides: object
): Layer.Layer<Services, E | Config.ConfigError> =>
  Layer.unwrap(Effect.map(tierOptionsFromEnv(), (fromEnv) => build(withOverrides(fromEnv, overrides))))
