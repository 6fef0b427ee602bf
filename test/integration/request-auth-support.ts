/**
 * What the RequestAuth tests share: the app's client (a signed-in end user) and its server (the server
 * tier reading requests), both aimed at a test file's local backend, and a server clock set ahead.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"
import { layerCore } from "../../src/layers/core.js"
import { clientEndpoints } from "../../src/layers/client.js"
import { serverEndpoints } from "../../src/layers/server.js"
import type { TokenStore } from "../../src/services/session/token-store.js"
import { clientCore, serverCore, type Tokens } from "../support/clients.js"
import type { LocalBackendHandle, TestProject } from "../support/local-backend.js"
import { FastClock } from "../faults/support/fast-clock.js"

/** The app's server: the server tier of `project` (it has the publishable key too, for refreshing). */
export const appServer = (backend: LocalBackendHandle, project: TestProject) =>
  serverEndpoints.pipe(Layer.provideMerge(serverCore(backend, project)))

/** The app's browser side: the client tier of `project`, signed in with `tokens` (a visitor without). */
export const appClient = (backend: LocalBackendHandle, project: TestProject, tokens?: Tokens) =>
  clientEndpoints.pipe(Layer.provideMerge(clientCore(backend, project, tokens)))

/** The client tier of `project` over `store` (e.g. the cookie store). */
export const appClientOver = (backend: LocalBackendHandle, project: TestProject, store: Layer.Layer<TokenStore>) =>
  clientEndpoints.pipe(
    Layer.provideMerge(
      layerCore(
        {
          projectId: project.id,
          accessType: "client",
          publishableClientKey: project.publishableClientKey,
          baseUrl: backend.localBackend().url
        },
        store
      )
    )
  )

/**
 * Runs `self` under a clock `ms` ahead of the real one: to this process the access tokens the backend
 * issued now have expired (the backend keeps its own, real clock).
 */
export const withClockAhead =
  (ms: number) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
    const clock = new FastClock(1)
    clock.offsetMs = ms
    return clock.provide(self)
  }

/** The `IncomingMessage` a real Node server receives for a request with `headers`. */
export const incomingMessageWith = (headers: Readonly<Record<string, string>>): Effect.Effect<IncomingMessage> =>
  Effect.promise(
    () =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const server = createServer((request, response) => {
          response.end()
          server.close()
          resolve(request)
        })
        server.on("error", reject)
        server.listen(0, "127.0.0.1", () => {
          const { port } = server.address() as AddressInfo
          fetch(`http://127.0.0.1:${port}/api/me`, { headers }).then((answer) => answer.text(), reject)
        })
      })
  )
