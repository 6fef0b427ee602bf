import { assert, describe, it } from "@effect/vitest"
import { layerLazyParts } from "../../src/services/http/internal/lazy-service.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Ref from "effect/Ref"
import { makeQueryCache, QueryCache } from "../../src/react/cache.js"
import { makePrefetchRegistry } from "../../src/react/prefetch.js"
import { clearOnSessionChange, layerStackReact } from "../../src/react/react-layer.js"
import { ClientConfig } from "../../src/services/wire/client-config.js"
import { CurrentUser, type CurrentUserShape } from "../../src/services/generated/current-user.js"
import { Session } from "../../src/services/session/session.js"
import { TokenStore } from "../../src/services/session/token-store.js"
import { config, makeHub, makeSharedStore, tabSession, unsignedJwt } from "./support/tabs.js"

const signedIn = { accessToken: unsignedJwt({ sub: "u1", n: 1 }), refreshToken: "r1" }

/** Collects the messages of warnings logged by `program`. */
const warningsOf = <A, E, R>(program: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const warnings: Array<string> = []
    const logger = Logger.make((options) => {
      if (options.logLevel === "Warn") warnings.push(String(options.message))
    })
    const value = yield* program.pipe(Effect.provide(Logger.layer([logger])))
    return { value, warnings }
  })

describe("clearOnSessionChange", () => {
  it.effect("clears on sign-in, on a different user and on sign-out, not on a token refresh", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const store = yield* makeSharedStore()
        const session = yield* tabSession(store)
        const cache = yield* makeQueryCache()
        yield* clearOnSessionChange(session, cache)
        const fill = cache.get("user", Effect.succeed("someone"))
        const cached = () => cache.peek("user") !== undefined

        yield* fill
        yield* session.setTokens(signedIn)
        assert.isFalse(cached(), "sign-in clears the visitor's answers")

        yield* fill
        yield* session.setTokens({ accessToken: unsignedJwt({ sub: "u1", n: 2 }), refreshToken: "r1" })
        assert.isTrue(cached(), "a refreshed access token is the same session")

        yield* session.setTokens({ accessToken: unsignedJwt({ sub: "u2" }), refreshToken: "r2" })
        assert.isFalse(cached(), "another user")

        yield* fill
        yield* session.clear
        assert.isFalse(cached(), "sign-out")
      })
    )
  )
})

describe("prefetch registry", () => {
  it.effect("warns once the page has more than ten prefetching apps", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const registry = makePrefetchRegistry()
        const ten = yield* warningsOf(Effect.forEach(Array.from({ length: 10 }), () => registry.register))
        assert.deepStrictEqual(ten.warnings, [])
        assert.strictEqual(registry.count(), 10)
        const eleventh = yield* warningsOf(registry.register)
        assert.strictEqual(eleventh.warnings.length, 1)
        assert.include(eleventh.warnings[0], "11 stackfx apps prefetch")
      })
    )
  )

  it.effect("an app that goes away is no longer counted", () =>
    Effect.gen(function* () {
      const registry = makePrefetchRegistry(1)
      yield* Effect.scoped(registry.register)
      yield* Effect.scoped(registry.register)
      assert.strictEqual(registry.count(), 0)
      const { warnings } = yield* warningsOf(Effect.scoped(Effect.andThen(registry.register, registry.register)))
      assert.strictEqual(warnings.length, 1)
    })
  )
})

describe("layerStackReact", () => {
  const user = { id: "u1", displayName: "Ann" }

  const appLayer = (calls: Ref.Ref<number>, initial = signedIn) => {
    const currentUser = Layer.succeed(CurrentUser, {
      get: Effect.as(
        Ref.update(calls, (n) => n + 1),
        user
      ),
      update: () => Effect.die("unused"),
      delete: Effect.die("unused")
    } as unknown as CurrentUserShape)
    const session = Session.layer
      .pipe(Layer.provide(layerLazyParts))
      .pipe(Layer.provideMerge(Layer.merge(Layer.succeed(ClientConfig, config), TokenStore.memory(initial))))
    return Layer.merge(currentUser, session)
  }

  it.effect("prefetches the user once, and clears the cache when the session ends", () =>
    Effect.gen(function* () {
      const calls = yield* Ref.make(0)
      const registry = makePrefetchRegistry()
      const layer = layerStackReact({ prefetch: true, prefetchRegistry: registry, tabChannel: makeHub().open() }).pipe(
        Layer.provideMerge(appLayer(calls))
      )
      yield* Effect.scoped(
        Effect.gen(function* () {
          const cache = yield* QueryCache
          const session = yield* Session
          assert.strictEqual(registry.count(), 1)
          const answer = yield* cache.get("user", Effect.die("the prefetch should have started the load"))
          assert.deepStrictEqual(answer, user)
          assert.strictEqual(yield* Ref.get(calls), 1)
          yield* session.clear
          assert.isUndefined(cache.peek("user"))
        }).pipe(Effect.provide(layer))
      )
      assert.strictEqual(registry.count(), 0, "unregistered with the runtime")
    })
  )

  it.effect("works without a session in the Layer (a cache only)", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        assert.strictEqual(yield* cache.get("x", Effect.succeed(1)), 1)
      }).pipe(Effect.provide(layerStackReact({ prefetch: false })))
    )
  )

  it.live("announces this runtime's sign-out to other tabs", () =>
    Effect.gen(function* () {
      const calls = yield* Ref.make(0)
      const hub = makeHub()
      const layer = layerStackReact({ tabChannel: hub.open() }).pipe(Layer.provideMerge(appLayer(calls)))
      yield* Effect.scoped(
        Effect.gen(function* () {
          yield* (yield* Session).clear
          assert.deepStrictEqual(
            hub.posted.map((m) => m.event),
            ["signed-out"]
          )
        }).pipe(Effect.provide(layer))
      )
    })
  )
})
