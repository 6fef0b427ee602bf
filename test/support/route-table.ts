/**
 * The local backend's route table, read from the code: the server's `Routes` layer is built against a router
 * that only records what is added, so a route added anywhere (API, mailbox, development provider) shows
 * up here without a test listing it.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpRouter from "effect/http/HttpRouter"
import { LocalBackendConfig } from "../../backend/src/config.js"
import { Outbox } from "../../backend/src/mail/outbox.js"
import { Routes } from "../../backend/src/server.js"
import { layerDevProvider } from "../../backend/src/oauth/operations/oauth-dev-provider.js"
import { layerDb } from "../../backend/src/store/layer.js"

export interface RouteEntry {
  readonly method: string
  /** Path with `:name` parameters, as registered (API routes include `/api/v1`). */
  readonly path: string
}

const recordingRouter = (found: Array<RouteEntry>) =>
  Layer.effect(
    HttpRouter.HttpRouter,
    Effect.map(HttpRouter.make, (real) => {
      const recorder = (prefix: string): HttpRouter.HttpRouter =>
        HttpRouter.HttpRouter.of({
          ...real,
          prefixed: (more) => recorder(`${prefix}${more.replace(/\/+$/, "")}`),
          add: (method, path) => Effect.sync(() => void found.push({ method, path: `${prefix}${path}` })),
          addAll: (routes) =>
            Effect.sync(() => {
              for (const route of routes) found.push({ method: route.method, path: `${prefix}${route.path}` })
            })
        })
      return recorder("")
    })
  )

/** Every route of the local backend, in registration order. */
export const routeTable = (): Promise<ReadonlyArray<RouteEntry>> => {
  const found: Array<RouteEntry> = []
  const config = Layer.succeed(LocalBackendConfig, {
    baseUrl: "http://127.0.0.1:1",
    publicUrls: [],
    accessTokenLifetimeSeconds: 600
  })
  const built = Routes.pipe(
    Layer.provide(recordingRouter(found)),
    Layer.provide(Outbox.layerMemory),
    Layer.provide(layerDevProvider),
    Layer.provide(config),
    // Route layers may read services while they register (the status page reads the database kind);
    // a throwaway database serves them.
    Layer.provide(layerDb("memory"))
  )
  // What remains required are the route handlers' own services, typed as requests the server fills in
  // when it serves; recording never runs a handler, so none of them is needed here.
  const recorded = Effect.scoped(Effect.as(Layer.build(built), found)) as unknown as Effect.Effect<
    ReadonlyArray<RouteEntry>
  >
  return Effect.runPromise(recorded)
}
