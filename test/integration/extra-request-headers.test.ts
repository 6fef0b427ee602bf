/**
 * `extraRequestHeaders` on every tier (issue 28, §1.5), as the official SDK's option: sent with every API
 * request, over the headers the client computes. Seen where they arrive, through a proxy in front of the local
 * backend.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { adminTier } from "../../src/layers/admin.js"
import { clientTier } from "../../src/layers/client.js"
import { serverTier } from "../../src/layers/server.js"
import { AdminProjects, Projects } from "../../src/services/generated/projects.js"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { TokenStore } from "../../src/services/session/token-store.js"
import { useKitBackend } from "../support/local-backend.js"
import { faultProxy } from "../support/fault-proxy.js"

const backend = useKitBackend()

const extraRequestHeaders = { "x-trace-id": "trace-1", "x-stack-client-version": "js my-app@1.0.0" }

describe("extraRequestHeaders", () => {
  it.live("go with every API request of the client, server and admin tiers, over the computed headers", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const project = yield* Effect.promise(() => backend.createProject())
        const proxy = yield* faultProxy(backend.localBackend().url)
        const common = {
          projectId: project.id,
          publishableClientKey: project.publishableClientKey,
          baseUrl: proxy.url,
          tokenStore: TokenStore.memory(),
          extraRequestHeaders
        }
        yield* Projects.use((p) => p.current).pipe(Effect.provide(clientTier(common)))
        yield* ServerUsers.use((u) => u.list()).pipe(
          Effect.provide(serverTier({ ...common, secretServerKey: project.secretServerKey }))
        )
        yield* AdminProjects.use((p) => p.get).pipe(
          Effect.provide(adminTier({ ...common, superSecretAdminKey: project.superSecretAdminKey }))
        )
        const api = proxy.arrivals.filter((a) => a.path.startsWith("/api/v1/"))
        assert.deepStrictEqual(
          api.map((a) => [a.path, a.headers["x-hexclave-access-type"]]),
          [
            ["/api/v1/projects/current", "client"],
            ["/api/v1/users", "server"],
            ["/api/v1/internal/projects/current", "admin"]
          ]
        )
        for (const arrival of api) {
          assert.strictEqual(arrival.headers["x-trace-id"], "trace-1")
          assert.strictEqual(arrival.headers["x-stack-client-version"], "js my-app@1.0.0")
          // Given under its old name, it replaces the computed header under the new one (read first).
          assert.isUndefined(arrival.headers["x-hexclave-client-version"])
        }
      })
    )
  )
})
