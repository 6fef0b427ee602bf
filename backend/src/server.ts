/**
 * The local backend as one Layer: database (migrated and seeded), services, the REST routes under `/api/v1` (and `/api/latest`)
 * and the Node HTTP server. `LocalBackend` tells where it listens and the seeded project's keys.
 */
import { NodeHttpServer } from "@effect/platform-node"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { API_LATEST_PATH_PREFIX, API_PATH_PREFIX } from "@stackfx/lib/domain/api.js"
import { DEMO_PROJECT_KEYS, LOCAL_DEVELOPMENT_KEYS } from "@stackfx/lib/domain/local-keys.js"
import {
  DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS,
  InvalidPublicUrl,
  LocalBackendConfig,
  normalizePublicUrls,
  PublicUrls
} from "./config.js"
import {
  DEFAULT_DB,
  DEFAULT_HOST,
  DEFAULT_PORT,
  LocalBackend,
  type LocalBackendOptions,
  type SeededProject
} from "./options.js"
export { DEFAULT_DB, DEFAULT_HOST, DEFAULT_PORT, LocalBackend } from "./options.js"
export type { LocalBackendOptions, LocalBackendShape, SeededProject } from "./options.js"
import { AccessTokens } from "./crypto/access-tokens.js"
import { FAST_SCRYPT_COST, PasswordHashCost, PRODUCTION_SCRYPT_COST } from "./crypto/password.js"
import { SigningKeys } from "./crypto/signing-keys.js"
import { HoldingServer } from "./http/holding-server.js"
import { wireConventions } from "./http/middleware.js"
import { apiRoutes } from "./routes/index.js"
import { layerDevProvider, devProviderPages } from "./oauth/operations/oauth-dev-provider.js"
import { defaultMailboxPrefix, mailboxRoutes } from "./mail/index.js"
import { CodeLifetimes } from "./operations/codes/code-lifetimes.js"
import { SharedOAuthAccessTokens } from "./oauth/operations/connected-accounts.js"
import { layerSqlOutbox } from "./store/projects/outbox.js"
import * as health from "./routes/health.js"
import { homeRoutes } from "./routes/home.js"
import { layer as apiNotFound } from "./routes/not-found.js"
import { Projects } from "./store/projects/project-lookup.js"
import type { Db } from "./store/db.js"
import { layerDb } from "./store/layer.js"
import { ReadCache } from "./store/read-cache.js"
import { WebhookDispatcher } from "./webhooks/dispatcher.js"
import { ProjectTimes, type ProjectTimesShape } from "./webhooks/project-times.js"
import { demoWebhooks } from "./webhooks/demo-endpoints.js"
import { webhookDeliveryRoutes } from "./webhooks/deliveries-routes.js"

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
  // the same routes below `/api/latest`, where the service serves its newest API
  HttpRouter.addAll(apiRoutes, { prefix: API_LATEST_PATH_PREFIX }),
  // the Inbucket-compatible mailbox API and the inbox pages, under `/mailbox`
  mailboxRoutes(defaultMailboxPrefix),
  // the webhook deliveries page, at `/webhooks`
  webhookDeliveryRoutes,
  // the development OAuth provider's pages, under `/dev-oauth`
  devProviderPages,
  HttpRouter.addAll(health.routes),
  apiNotFound,
  // the status page at `/` and the favicon
  homeRoutes
)

/**
 * What the testing kit (backend/src/testing/control-server.ts) wraps around the handling of every request,
 * inside the wire conventions (so its answers carry CORS): the clock of the test's project, the fault it
 * injected, and the kit's control routes.
 */
export type RequestWrapper = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) => Effect.Effect<
  HttpServerResponse.HttpServerResponse,
  E,
  R | HttpServerRequest.HttpServerRequest | Db | AccessTokens | Projects
>

/**
 * What the testing kit adds: a wrapper around each request, a server that does not keep the process alive, and
 * the times of the tests' projects, which the webhook dispatcher times their deliveries by.
 */
export interface TestingHooks {
  readonly around: RequestWrapper
  readonly unref: boolean
  readonly projectTimes?: ProjectTimesShape | undefined
}

/** Everything, listening on the configured port (with the testing kit's hooks when it starts the backend). */
export const layer = (options: LocalBackendOptions = {}, hooks?: TestingHooks) => {
  const around = hooks?.around
  const holding = () => {
    const server = new HoldingServer()
    if (hooks?.unref === true) server.unref()
    return server
  }
  const server = NodeHttpServer.layer(holding, {
    port: options.port ?? DEFAULT_PORT,
    host: options.host ?? DEFAULT_HOST
  })
  const publicUrls = normalizePublicUrls(options.publicUrl)
  const config = Layer.effect(
    LocalBackendConfig,
    Effect.gen(function* () {
      const http = yield* HttpServer.HttpServer
      if ("invalid" in publicUrls) {
        return yield* new InvalidPublicUrl({
          url: publicUrls.invalid,
          message: `--public-url ${publicUrls.invalid} is not an http:// or https:// URL (without ? or #).`
        })
      }
      return LocalBackendConfig.of({
        baseUrl: publicUrls.urls[0] ?? reachableUrl(http.address),
        publicUrls: publicUrls.urls,
        accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS
      })
    })
  )
  const publicUrlsReference = Layer.succeed(PublicUrls, "urls" in publicUrls ? publicUrls.urls : [])
  const services = Layer.mergeAll(
    Projects.layer.pipe(Layer.provide(ReadCache.layer)),
    ReadCache.layer,
    layerSqlOutbox,
    Layer.succeed(CodeLifetimes, {
      ...CodeLifetimes.defaultValue(),
      ...Object.fromEntries(
        Object.entries(options.codeLifetimesMillis ?? {}).filter(([, millis]) => millis !== undefined)
      )
    }),
    Layer.succeed(PasswordHashCost, options.fastPasswordHashing === true ? FAST_SCRYPT_COST : PRODUCTION_SCRYPT_COST),
    Layer.succeed(SharedOAuthAccessTokens, options.allowSharedOAuthAccessTokens === true),
    SigningKeys.layer,
    AccessTokens.layer.pipe(Layer.provide(SigningKeys.layer)),
    layerDevProvider,
    publicUrlsReference,
    WebhookDispatcher.layer({ timeoutMillis: options.webhookTimeoutMillis }).pipe(
      Layer.provide(Layer.succeed(ProjectTimes, hooks?.projectTimes ?? ProjectTimes.defaultValue()))
    ),
    demoWebhooks(DEMO_PROJECT_KEYS.projectId, options.webhooks ?? [])
  ).pipe(Layer.provideMerge(config), Layer.provideMerge(layerDb(options.db ?? DEFAULT_DB)))
  const http = HttpRouter.serve(Routes, {
    disableLogger: true,
    disableListenLog: true,
    routerConfig: { ignoreTrailingSlash: true },
    middleware: around === undefined ? wireConventions : (app) => wireConventions(around(app))
  })
  const localBackend = Layer.effect(
    LocalBackend,
    Effect.map(LocalBackendConfig, (cfg) =>
      LocalBackend.of({
        url: cfg.baseUrl,
        apiUrl: `${cfg.baseUrl}${API_PATH_PREFIX}`,
        mailboxUrl: `${cfg.baseUrl}${defaultMailboxPrefix}`,
        project: seededProject(LOCAL_DEVELOPMENT_KEYS),
        demoProject: seededProject(DEMO_PROJECT_KEYS)
      })
    )
  )
  return Layer.mergeAll(http, localBackend).pipe(Layer.provideMerge(services), Layer.provideMerge(server))
}
