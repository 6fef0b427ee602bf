/**
 * The emulator as one Layer: database (migrated and seeded), services, the REST routes under `/api/v1`
 * and the Node HTTP server. `Emulator` tells where it listens and the seeded project's keys.
 */
import { NodeHttpServer } from "@effect/platform-node"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import { API_PATH_PREFIX, DEMO_PROJECT_KEYS, LOCAL_DEVELOPMENT_KEYS } from "../domain/constants.js"
import { DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS, EmulatorConfig } from "./config.js"
import { AccessTokens } from "./crypto/access-tokens.js"
import { FAST_SCRYPT_COST, PasswordHashCost, PRODUCTION_SCRYPT_COST } from "./crypto/password.js"
import { SigningKeys } from "./crypto/signing-keys.js"
import { HoldingServer } from "./http/holding-server.js"
import { wireConventions } from "./http/middleware.js"
import { apiRoutes } from "./routes/index.js"
import { devProviderLayer, devProviderPages } from "./operations/oauth-dev-provider.js"
import { defaultMailboxPrefix, mailboxRoutes } from "./mail/index.js"
import { CodeLifetimes, type CodeLifetimesShape } from "./operations/code-lifetimes.js"
import { layerSqlOutbox } from "./store/outbox.js"
import * as health from "./routes/health.js"
import { homeRoutes } from "./routes/home.js"
import { layer as apiNotFound } from "./routes/not-found.js"
import { Projects } from "./operations/projects.js"
import { layerDb } from "./store/layer.js"
import { ReadCache } from "./store/read-cache.js"

/** How to run the local backend: where it listens, where it stores, how it sends mail; every option has a default. */
export interface EmulatorOptions {
  /** Port to listen on; 0 picks a free one. Default 8102. */
  readonly port?: number | undefined
  /** Interface to listen on. Default 127.0.0.1. */
  readonly host?: string | undefined
  /** `"memory"`, a directory for PGlite, or a `postgres://` URL. Default `./.stackfx/db`. */
  readonly db?: string | undefined
  /** Lifetime of access tokens. Default 600 (the hosted value). */
  readonly accessTokenLifetimeSeconds?: number | undefined
  /** Public URL when it differs from the listening address (behind a proxy); used for the `iss` claim. */
  readonly publicUrl?: string | undefined
  /** Lifetimes of emailed codes (tests shorten them); the hosted defaults otherwise. */
  readonly codeLifetimesMillis?: Partial<CodeLifetimesShape> | undefined
  /**
   * Hash new passwords at a cheap scrypt cost (N=2^10 instead of 2^14): for throwaway test backends only.
   * Passwords behave the same; hashes name their cost, so each verifies whatever this says. Default false.
   */
  readonly fastPasswordHashing?: boolean | undefined
}

/** The port the local backend listens on by default (the hosted service's own local-development port). */
export const DEFAULT_PORT = 8102
/** The interface the local backend listens on by default: loopback only, so nothing outside the machine reaches it. */
export const DEFAULT_HOST = "127.0.0.1"
/** Where the local backend keeps its data by default: a PGlite folder under the working directory. */
export const DEFAULT_DB = "./.stackfx/db"

/** A seeded project and its keys. */
export interface SeededProject {
  readonly id: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
}

/** A running local backend: its URLs, the seeded projects with their keys, and how to stop it. */
export interface EmulatorShape {
  /** Base URL, e.g. `http://127.0.0.1:8102`: what a client's `baseUrl` should be. */
  readonly url: string
  /** `${url}/api/v1`. */
  readonly apiUrl: string
  /** The page of every email the backend sent, `${url}/mailbox`. */
  readonly mailboxUrl: string
  /** The seeded `internal` project, with the public local development keys. */
  readonly project: SeededProject
  /** The seeded `demo` project (every feature the demo and the examples show), with its own local keys. */
  readonly demoProject: SeededProject
}

/** The running emulator. */
export class Emulator extends Context.Service<Emulator, EmulatorShape>()("stackfx/emulator/Emulator") {}

const seededProject = (keys: typeof LOCAL_DEVELOPMENT_KEYS | typeof DEMO_PROJECT_KEYS): SeededProject => ({
  id: keys.projectId,
  publishableClientKey: keys.publishableClientKey,
  secretServerKey: keys.secretServerKey,
  superSecretAdminKey: keys.superSecretAdminKey
})

/** A wildcard listening address is not somewhere a browser can go. */
const reachableUrl = (address: Parameters<typeof HttpServer.formatAddress>[0]): string => {
  const formatted = HttpServer.formatAddress(address)
  return formatted.replace("//0.0.0.0:", "//127.0.0.1:").replace("//[::]:", "//localhost:").replace(/\/+$/, "")
}

/** Every route the server answers (tests enumerate them through a recording router). */
export const Routes = Layer.mergeAll(
  HttpRouter.addAll(apiRoutes, { prefix: API_PATH_PREFIX }),
  // the Inbucket-compatible mailbox API and the inbox pages, under `/mailbox`
  mailboxRoutes(defaultMailboxPrefix),
  // the development OAuth provider's pages, under `/dev-oauth`
  devProviderPages,
  HttpRouter.addAll(health.routes),
  apiNotFound,
  // the status page at `/` and the favicon
  homeRoutes
)

/** Everything, listening on the configured port. */
export const layer = (options: EmulatorOptions = {}) => {
  const server = NodeHttpServer.layer(() => new HoldingServer(), {
    port: options.port ?? DEFAULT_PORT,
    host: options.host ?? DEFAULT_HOST
  })
  const config = Layer.effect(
    EmulatorConfig,
    Effect.map(HttpServer.HttpServer, (http) =>
      EmulatorConfig.of({
        baseUrl: (options.publicUrl ?? reachableUrl(http.address)).replace(/\/+$/, ""),
        accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS
      }))
  )
  const services = Layer.mergeAll(
    Projects.layer.pipe(Layer.provide(ReadCache.layer)),
    ReadCache.layer,
    layerSqlOutbox,
    Layer.succeed(CodeLifetimes, { ...CodeLifetimes.defaultValue(), ...options.codeLifetimesMillis }),
    Layer.succeed(PasswordHashCost, options.fastPasswordHashing === true ? FAST_SCRYPT_COST : PRODUCTION_SCRYPT_COST),
    SigningKeys.layer,
    AccessTokens.layer.pipe(Layer.provide(SigningKeys.layer)),
    devProviderLayer
  ).pipe(Layer.provideMerge(config), Layer.provideMerge(layerDb(options.db ?? DEFAULT_DB)))
  const http = HttpRouter.serve(Routes, {
    disableLogger: true,
    disableListenLog: true,
    routerConfig: { ignoreTrailingSlash: true },
    middleware: wireConventions
  })
  const emulator = Layer.effect(
    Emulator,
    Effect.map(EmulatorConfig, (cfg) =>
      Emulator.of({
        url: cfg.baseUrl,
        apiUrl: `${cfg.baseUrl}${API_PATH_PREFIX}`,
        mailboxUrl: `${cfg.baseUrl}${defaultMailboxPrefix}`,
        project: seededProject(LOCAL_DEVELOPMENT_KEYS),
        demoProject: seededProject(DEMO_PROJECT_KEYS)
      }))
  )
  return Layer.mergeAll(http, emulator).pipe(Layer.provideMerge(services), Layer.provideMerge(server))
}
