/**
 * A token store that holds the text "undefined" when the session starts: the session starts signed out,
 * sends nothing, and empties the store, whichever store it is (memory, cookies, the user's own).
 */
import { layerLazyParts } from "../../../src/services/http/internal/lazy-service.js"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { Session } from "../../../src/services/session/session.js"
import { type StoredTokens, TokenStore } from "../../../src/services/session/token-store.js"
import {
  accessCookieName,
  cookieTokenStore,
  refreshCookieName
} from "../../../src/services/session/token-store-cookie.js"
import { FakeDocument } from "../../integration/support/oauth-browser.js"
import { json, localServer, unsignedJwt } from "../support/local-server.js"
import { testClientConfig } from "../support/client-pipeline.js"

// Live clock: an expiry in 2096 is fresh for any run of this test.
const fresh = unsignedJwt({ sub: "u1", exp: 4_000_000_000 })

/** Every way a pair can hold "undefined": either token, or both, beside a real or a missing other one. */
const poisoned: ReadonlyArray<StoredTokens> = [
  { accessToken: "undefined", refreshToken: "r1" },
  { accessToken: fresh, refreshToken: "undefined" },
  { accessToken: "undefined", refreshToken: "undefined" },
  { accessToken: "undefined", refreshToken: null },
  { accessToken: null, refreshToken: "undefined" }
]

/**
 * A store under test: its Layer, and how to read what it holds now from outside the session (the memory
 * store has no outside: the session's TokenStore service is all of it).
 */
interface StoreUnderTest {
  readonly layer: Layer.Layer<TokenStore>
  readonly holds?: Effect.Effect<StoredTokens>
}

const memoryStore = (tokens: StoredTokens): Effect.Effect<StoreUnderTest> =>
  Effect.succeed({ layer: TokenStore.memory(tokens) })

const customStore = (tokens: StoredTokens): Effect.Effect<StoreUnderTest> =>
  Effect.map(Ref.make(tokens), (ref) => ({
    layer: TokenStore.custom({
      get: () => Effect.runSync(Ref.get(ref)),
      set: (next) => Effect.runSync(Ref.set(ref, next))
    }),
    holds: Ref.get(ref)
  }))

const cookieStore = (tokens: StoredTokens): Effect.Effect<StoreUnderTest> =>
  Effect.sync(() => {
    const doc = new FakeDocument()
    if (tokens.accessToken !== null) doc.cookie = `${accessCookieName("proj")}=${tokens.accessToken}; Path=/`
    if (tokens.refreshToken !== null) doc.cookie = `${refreshCookieName("proj")}=${tokens.refreshToken}; Path=/`
    return {
      layer: cookieTokenStore({ projectId: "proj", document: doc, secure: false }),
      holds: Effect.sync(() => ({
        accessToken: doc.names().includes(accessCookieName("proj")) ? "present" : null,
        refreshToken: doc.names().includes(refreshCookieName("proj")) ? "present" : null
      }))
    }
  })

const stores = { memory: memoryStore, cookie: cookieStore, custom: customStore }

describe("a token store holding 'undefined' at start-up", () => {
  for (const [name, make] of Object.entries(stores)) {
    it.live(`${name} store: the session starts signed out, sends nothing, and the store is emptied`, () =>
      Effect.scoped(
        Effect.gen(function* () {
          const server = yield* localServer(() =>
            json({ access_token: fresh, token_type: "Bearer", expires_in: 600, refresh_token: "r2", scope: "" })
          )
          for (const tokens of poisoned) {
            const store = yield* make(tokens)
            const layer = Session.layer
              .pipe(Layer.provide(layerLazyParts))
              .pipe(Layer.provideMerge(Layer.merge(testClientConfig(server.baseUrl), store.layer)))
            yield* Effect.gen(function* () {
              const session = yield* Session
              assert.deepStrictEqual(session.current(), { _tag: "KnownInvalid" }, JSON.stringify(tokens))
              assert.deepStrictEqual(yield* session.getTokens(), { accessToken: null, refreshToken: null })
              assert.deepStrictEqual(yield* (yield* TokenStore).get, { accessToken: null, refreshToken: null })
              if (store.holds !== undefined) {
                assert.deepStrictEqual(yield* store.holds, { accessToken: null, refreshToken: null })
              }
              // A later sign-in works as usual.
              yield* session.setTokens({ accessToken: fresh, refreshToken: "r1" })
              assert.strictEqual(yield* session.getAccessToken(), fresh)
            }).pipe(Effect.provide(layer))
          }
          assert.strictEqual(server.requests.length, 0, "no token was sent anywhere")
        })
      )
    )
  }

  it.live("a store holding real tokens starts signed in, untouched", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const server = yield* localServer(() => json({}))
        const store = yield* customStore({ accessToken: fresh, refreshToken: "r1" })
        const layer = Session.layer
          .pipe(Layer.provide(layerLazyParts))
          .pipe(Layer.provideMerge(Layer.merge(testClientConfig(server.baseUrl), store.layer)))
        yield* Effect.gen(function* () {
          assert.strictEqual(yield* (yield* Session).getAccessToken(), fresh)
          assert.deepStrictEqual(yield* (yield* TokenStore).get, { accessToken: fresh, refreshToken: "r1" })
        }).pipe(Effect.provide(layer))
      })
    )
  )
})
