import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Ref from "effect/Ref"
import * as Semaphore from "effect/Semaphore"
import * as Stream from "effect/Stream"
import { MAX_REQUIRED_FRESHNESS_MS, TOKEN_FRESHNESS_MARGIN_MS } from "./session-timings.js"
import { InvalidFreshness, InvalidTokenString } from "../../errors/client/session.js"
import { UNDEFINED_TOKEN_STRING } from "../../domain/rules/access-tokens.js"
import { noTabLock, RefreshLock, refreshLockName, type TabLock } from "./tab-lock.js"
import { ClientConfig } from "../wire/client-config.js"
import { LazyPartsLoader, type WireConfig, wireConfig } from "../wire/lazy-parts.js"
import { isFresh, lastExpiryMemo } from "./session-freshness.js"
import { inSpan } from "../wire/tracing.js"
import { noTokens, type StoredTokens, TokenStore, type TokenStoreShape } from "./token-store.js"
import { type RequestError, sendRequest } from "../wire/transport-send.js"
import { startLoadingCodec, wireCodec } from "../wire/wire-codec-load.js"
import { isRejectedRefreshToken, refreshRequest, refreshSpan, token } from "./session-refresh.js"

// The session's state: the tokens it holds or none, what a pair of stored tokens stands for, the cell its
// readers subscribe to, and the checks made on tokens before they are kept.

/**
 * `Active` covers "logged in" (a refresh token is present), "access token valid" and
 * "access token expired" (decided against the clock by `getAccessToken`); `KnownInvalid` is reached by
 * sign-out, a rejected refresh, or having no tokens at all.
 */
export type SessionState =
  | {
      readonly _tag: "Active"
      readonly accessToken: string | null
      readonly refreshToken: string | null
      /** Set when the server rejected the access token, whatever its `exp` says. */
      readonly accessTokenExpired: boolean
    }
  | { readonly _tag: "KnownInvalid" }

/** The session state of nobody signed in (no tokens, or tokens the server refused). */
export const knownInvalid: SessionState = { _tag: "KnownInvalid" }

/** The state a pair of tokens stands for: both missing means known invalid. */
export const sessionFromTokens = (tokens: StoredTokens): SessionState =>
  tokens.accessToken === null && tokens.refreshToken === null
    ? knownInvalid
    : { _tag: "Active", accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, accessTokenExpired: false }

/** The tokens a session state holds: none for a known-invalid session. */
export const tokensOf = (state: SessionState): StoredTokens =>
  state._tag === "KnownInvalid" ? noTokens : { accessToken: state.accessToken, refreshToken: state.refreshToken }

/** "Logged in" in the product's sense: a refresh token is present. */
export const isLoggedIn = (state: SessionState): boolean => state._tag === "Active" && state.refreshToken !== null

/** A value with change listeners: the session's state. */
const makeStateCell = (initial: SessionState) => {
  let value = initial
  const listeners = new Set<(state: SessionState) => void>()
  return {
    get: (): SessionState => value,
    set: (next: SessionState): void => {
      if (next === value) return
      value = next
      for (const listener of [...listeners]) listener(next)
    },
    subscribe: (listener: (state: SessionState) => void): (() => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
}

/** Either token is the text "undefined": a missing value was stringified somewhere. */
const holdsUndefinedToken = (tokens: StoredTokens): boolean =>
  tokens.accessToken === UNDEFINED_TOKEN_STRING || tokens.refreshToken === UNDEFINED_TOKEN_STRING

const checkTokens = (tokens: StoredTokens): Effect.Effect<void, InvalidTokenString> =>
  holdsUndefinedToken(tokens) ? Effect.fail(new InvalidTokenString({})) : Effect.void

export const sameTokens = (a: StoredTokens, b: StoredTokens): boolean =>
  a.accessToken === b.accessToken && a.refreshToken === b.refreshToken

/** `sameTokens(stored, tokensOf(state))` without building the pair. */
const holds = (state: SessionState, stored: StoredTokens): boolean =>
  state._tag === "KnownInvalid"
    ? stored.accessToken === null && stored.refreshToken === null
    : state.accessToken === stored.accessToken && state.refreshToken === stored.refreshToken

/**
 * What reading the session can fail with: a stale session where a fresh one was required, an unreadable token, or the
 * refresh request's errors.
 */
export type SessionError = InvalidFreshness | InvalidTokenString | RequestError

/** What the Session service offers; see its tag for the rules. */
export interface SessionShape {
  /** The current state. */
  readonly state: Effect.Effect<SessionState>
  /** The current state, synchronously (for `useSyncExternalStore`-style readers). */
  readonly current: () => SessionState
  /**
   * Calls `listener` after every change until the returned function is called. `sessionChanges(session)`
   * is the same as a Stream. (A SubscriptionRef would pull effect's PubSub into every browser bundle,
   * about 2.4 KB gzipped, for programs that never subscribe.)
   */
  readonly subscribe: (listener: (state: SessionState) => void) => () => void
  /**
   * A likely-valid access token: valid for at least `requiredFreshnessMs` (default 20000) more, refreshed
   * when it is not. `null` when there is no session or the refresh token was rejected (the session then
   * ends). Concurrent callers share one refresh.
   */
  readonly getAccessToken: (requiredFreshnessMs?: number) => Effect.Effect<string | null, SessionError>
  /** Like `getAccessToken`, with the refresh token beside it, for request headers. */
  readonly getTokens: (requiredFreshnessMs?: number) => Effect.Effect<StoredTokens, SessionError>
  /**
   * `getTokens()` (the default freshness) when it needs no effect: the token store reads at once, still holds
   * the session's tokens, and the access token is fresh at `nowMs` (or there is no session). `undefined`
   * when `getTokens()` has more to do (a refresh, a store to re-read). What the transport reads before
   * every request, in the request's own step.
   */
  readonly tokensNow: (nowMs: number) => StoredTokens | undefined
  /** The server refused `accessToken`: the next `getAccessToken` refreshes. Ignored if it is no longer current. */
  readonly markExpired: (accessToken: string) => Effect.Effect<void>
  /** Starts a session from a sign-in answer (or replaces the current one). */
  readonly setTokens: (tokens: StoredTokens) => Effect.Effect<void, InvalidTokenString>
  /** Ends the session locally and clears the store; the server call belongs to sign-out itself. */
  readonly clear: Effect.Effect<void>
  /**
   * Re-reads the store (another tab may have signed in or out). Every `getTokens` does this already;
   * a UI that wants to notice sooner can run it every `COOKIE_STORE_POLL_MS`.
   */
  readonly syncFromStore: Effect.Effect<SessionState, InvalidTokenString>
}

/** The signed-in session of one tier, backed by its `TokenStore`. */
export class Session extends /* @__PURE__ */ Context.Service<Session, SessionShape>()("stackfx/Session") {
  static readonly layer: Layer.Layer<Session, never, ClientConfig | TokenStore | LazyPartsLoader> =
    /* @__PURE__ */ Layer.effect(
      Session,
      Effect.gen(function* () {
        const config = wireConfig(yield* ClientConfig, yield* LazyPartsLoader)
        return yield* makeSession(config, yield* TokenStore, yield* RefreshLock)
      })
    )
}

/** Current state and every later change, e.g. to re-render when the user signs out in another tab. */
export const sessionChanges = (session: SessionShape): Stream.Stream<SessionState> =>
  Stream.callback<SessionState>((queue) =>
    Effect.acquireRelease(
      // One synchronous step, so no change can slip in between the current value and the subscription.
      Effect.sync(() => {
        Queue.offerUnsafe(queue, session.current())
        return session.subscribe((state) => Queue.offerUnsafe(queue, state))
      }),
      (unsubscribe) => Effect.sync(unsubscribe)
    )
  )

/**
 * Builds the Session service over a token store: one shared refresh at a time (across tabs with `tabLock`), refreshes
 * ahead of expiry.
 */
export const makeSession = (config: WireConfig, store: TokenStoreShape, tabLock: TabLock = noTabLock) =>
  Effect.gen(function* () {
    const acrossTabs = tabLock.withLock(refreshLockName(config.projectId))
    const atStartUp = yield* store.get
    // A store left holding "undefined" (by an older or buggy writer) would fail every call of a session
    // nobody can fix from the outside; at start-up it counts as empty, and is emptied so that it stays so.
    // The pair is dropped whole: the other token came from the same broken write.
    const startsEmpty = holdsUndefinedToken(atStartUp)
    if (startsEmpty) yield* store.set(noTokens)
    const state = makeStateCell(startsEmpty ? knownInvalid : sessionFromTokens(atStartUp))
    const getState = Effect.sync(state.get)
    const setState = (next: SessionState) => Effect.sync(() => state.set(next))
    // Serialises writes so the store and the state never disagree for long (store first, then state).
    const writeLock = yield* Semaphore.make(1)
    const inflight = yield* Ref.make<Deferred.Deferred<string | null, SessionError> | undefined>(undefined)
    const layerScope = yield* Effect.scope
    const expiryOf = lastExpiryMemo()

    const write = (next: SessionState) => Effect.andThen(store.set(tokensOf(next)), setState(next))

    /** Another tab (cookie store) may have signed in or out since we last looked. */
    const syncFromStoreLocked = writeLock.withPermit(
      Effect.gen(function* () {
        const stored = yield* store.get
        const current = state.get()
        if (sameTokens(stored, tokensOf(current))) return current
        yield* checkTokens(stored)
        const next = sessionFromTokens(stored)
        yield* setState(next)
        return next
      })
    )

    /**
     * Nearly always the store still holds the state's tokens, and then the lock is not needed: a write sets
     * the store before the state, so a store and state that agree are a state that was current, and a
     * reader that meets a write halfway sees them disagree and waits for it under the lock.
     */
    const syncFromStore = Effect.flatMap(store.get, (stored) => {
      const current = state.get()
      return holds(current, stored) ? Effect.succeed(current) : syncFromStoreLocked
    })

    /** Applies a refresh outcome only if the session is still the one that was refreshed. */
    const whileSameRefreshToken = (used: string, f: (current: SessionState) => SessionState) =>
      writeLock.withPermit(
        Effect.gen(function* () {
          const current = state.get()
          if (current._tag === "Active" && current.refreshToken === used) {
            const next = f(current)
            yield* write(next)
            return next
          }
          return current
        })
      )

    // A span of its own in the caller's trace (the refresh fiber inherits the first caller's span).
    const refresh = (refreshToken: string): Effect.Effect<string | null, SessionError> =>
      inSpan(config.loadLazyParts, refreshSpan, () => refreshWith(refreshToken))

    const refreshWith = (refreshToken: string): Effect.Effect<string | null, SessionError> => {
      // The answer's decoder loads while the request is under way (see wire-codec-load.ts).
      startLoadingCodec()
      const request = refreshRequest(config, refreshToken)
      return sendRequest(config, request, null).pipe(
        Effect.flatMap((body) =>
          Effect.flatMap(wireCodec(request.method, request.path), (codec) =>
            codec.decodeJson(codec.schemas[token.answer])(body)
          )
        ),
        Effect.tap((answer) =>
          checkTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken ?? null })
        ),
        Effect.flatMap((answer) =>
          whileSameRefreshToken(refreshToken, () => ({
            _tag: "Active",
            accessToken: answer.accessToken,
            refreshToken: answer.refreshToken ?? refreshToken,
            accessTokenExpired: false
          }))
        ),
        Effect.catchIf(isRejectedRefreshToken, () => whileSameRefreshToken(refreshToken, () => knownInvalid)),
        Effect.map((next) => (next._tag === "Active" ? next.accessToken : null))
      )
    }

    /**
     * The refresh under the tabs' lock: a tab that waited for it first re-reads the shared store, and when
     * another tab has meanwhile stored a fresh token it uses that one instead of refreshing again.
     */
    const refreshAcrossTabs = (requiredFreshnessMs: number) =>
      acrossTabs(
        Effect.gen(function* () {
          const current = yield* syncFromStore
          const now = yield* Clock.currentTimeMillis
          if (
            current._tag === "Active" &&
            current.accessToken !== null &&
            !current.accessTokenExpired &&
            isFresh(expiryOf(current.accessToken), now, requiredFreshnessMs)
          ) {
            return current.accessToken
          }
          if (current._tag !== "Active" || current.refreshToken === null) return null
          return yield* refresh(current.refreshToken)
        })
      )

    /** The first caller starts the refresh in the Layer's scope; everyone who comes meanwhile awaits it. */
    const sharedRefresh = (requiredFreshnessMs: number) =>
      Effect.gen(function* () {
        const mine = yield* Deferred.make<string | null, SessionError>()
        const running = yield* Ref.modify(inflight, (current) =>
          current === undefined ? ([mine, mine] as const) : ([current, current] as const)
        )
        if (running === mine) {
          const finish = (exit: Exit.Exit<string | null, SessionError>) =>
            Effect.andThen(Ref.set(inflight, undefined), Deferred.done(mine, exit))
          // Forked so that interrupting the first caller does not cancel the others' refresh. The outcome
          // travels through the Deferred, so the fiber itself always succeeds with it.
          yield* Effect.forkIn(Effect.exit(Effect.onExit(refreshAcrossTabs(requiredFreshnessMs), finish)), layerScope)
        }
        return yield* Deferred.await(running)
      })

    /** The tokens of `current` when no refresh is needed at `now`: a fresh access token, or no session. */
    const tokensWithoutRefresh = (current: SessionState, now: number, requiredFreshnessMs: number) => {
      if (current._tag === "KnownInvalid") return noTokens
      const { accessToken, refreshToken } = current
      if (
        accessToken !== null &&
        !current.accessTokenExpired &&
        isFresh(expiryOf(accessToken), now, requiredFreshnessMs)
      ) {
        return { accessToken, refreshToken }
      }
      return refreshToken === null ? noTokens : undefined
    }

    /** The tokens of `current` if its access token is fresh enough, else whatever a refresh leaves. */
    const tokensFrom = (current: SessionState, requiredFreshnessMs: number) =>
      Effect.clockWith((clock): Effect.Effect<StoredTokens, SessionError> => {
        const tokens = tokensWithoutRefresh(current, clock.currentTimeMillisUnsafe(), requiredFreshnessMs)
        if (tokens !== undefined) return Effect.succeed(tokens)
        return Effect.map(sharedRefresh(requiredFreshnessMs), (fresh) =>
          fresh === null ? noTokens : tokensOf(state.get())
        )
      })

    const tokensNow = (nowMs: number): StoredTokens | undefined => {
      const stored = store.peek?.()
      if (stored === undefined) return undefined
      const current = state.get()
      return holds(current, stored) ? tokensWithoutRefresh(current, nowMs, TOKEN_FRESHNESS_MARGIN_MS) : undefined
    }

    // `syncFromStore` and `tokensFrom` in one step when the store still holds the state's tokens.
    const getTokens = (requiredFreshnessMs: number = TOKEN_FRESHNESS_MARGIN_MS) =>
      !(requiredFreshnessMs < MAX_REQUIRED_FRESHNESS_MS)
        ? Effect.fail(new InvalidFreshness({ requiredFreshnessMs }))
        : Effect.flatMap(store.get, (stored) => {
            const current = state.get()
            return holds(current, stored)
              ? tokensFrom(current, requiredFreshnessMs)
              : Effect.flatMap(syncFromStoreLocked, (synced) => tokensFrom(synced, requiredFreshnessMs))
          })

    return Session.of({
      state: getState,
      current: state.get,
      subscribe: state.subscribe,
      getTokens,
      tokensNow,
      getAccessToken: (requiredFreshnessMs) => Effect.map(getTokens(requiredFreshnessMs), (t) => t.accessToken),
      markExpired: (accessToken) =>
        Effect.sync(() => {
          const current = state.get()
          if (current._tag === "Active" && current.accessToken === accessToken) {
            state.set({ ...current, accessTokenExpired: true })
          }
        }),
      setTokens: (tokens) =>
        Effect.andThen(checkTokens(tokens), writeLock.withPermit(write(sessionFromTokens(tokens)))),
      clear: writeLock.withPermit(write(knownInvalid)),
      syncFromStore
    })
  })
