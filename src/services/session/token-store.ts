import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"

import type { StoredTokens } from "../wire/tokens.js"

export type { StoredTokens } from "../wire/tokens.js"

/** The empty token pair: nobody is signed in. */
export const noTokens: StoredTokens = { accessToken: null, refreshToken: null }

/** Where the session's tokens live between calls (memory, browser cookies, or a user's own store). */
export interface TokenStoreShape {
  readonly get: Effect.Effect<StoredTokens>
  readonly set: (tokens: StoredTokens) => Effect.Effect<void>
  /**
   * The stored tokens read at once, for a store that needs no effect to read them (memory, cookies); absent
   * for one that does (a user's own store may answer a promise). The session reads the store before every
   * request, and reading it in the same step as the rest is cheaper than one more effect.
   */
  readonly peek?: (() => StoredTokens) | undefined
}

/**
 * The session's persistence. Provide one of `TokenStore.memory()`, `TokenStore.custom(...)`,
 * `cookieTokenStore(...)` (token-store-cookie.ts), or `Layer.succeed(TokenStore, { get, set })`.
 */
export class TokenStore extends /* @__PURE__ */ Context.Service<TokenStore, TokenStoreShape>()("stackfx/TokenStore") {
  /** Tokens that live as long as the Layer: servers, tests, scripts. */
  static readonly memory = (initial: StoredTokens = noTokens): Layer.Layer<TokenStore> =>
    Layer.effect(TokenStore, Effect.map(Ref.make(initial), makeRefTokenStore))

  /**
   * Plain functions from the user, e.g. backed by React Native secure storage.
   * A rejected promise is a defect: a store that cannot read or write is broken, not a business outcome.
   */
  static readonly custom = (store: CustomTokenStore): Layer.Layer<TokenStore> =>
    Layer.succeed(TokenStore, makeCustomTokenStore(store))
}

/** A token store over a `Ref`: tokens held in memory. */
export const makeRefTokenStore = (ref: Ref.Ref<StoredTokens>): TokenStoreShape => ({
  get: Ref.get(ref),
  peek: () => Ref.getUnsafe(ref),
  set: (tokens) => Ref.set(ref, tokens)
})

/** A token store of your own (`TokenStore.custom`): `get` and `set` may return promises. */
export interface CustomTokenStore {
  readonly get: () => StoredTokens | PromiseLike<StoredTokens>
  readonly set: (tokens: StoredTokens) => void | PromiseLike<void>
}

/** Wraps a `CustomTokenStore` as the `TokenStore` service. */
export const makeCustomTokenStore = (store: CustomTokenStore): TokenStoreShape => ({
  get: Effect.promise(async () => store.get()),
  set: (tokens) => Effect.promise(async () => store.set(tokens))
})
