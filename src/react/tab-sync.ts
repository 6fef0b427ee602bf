/**
 * Keeps the tabs of one origin on the same session. A tab that signs in, signs out or refreshes its token
 * announces it on a BroadcastChannel named after the project; the other tabs re-read the shared token store
 * (the cookies) at once instead of discovering the change on their next request. Every tab also polls the
 * store every 100 ms, with or without a channel: a message is only a hint to look now.
 * It can overtake the cookie write it announces (Chromium hands cookie writes to other tabs' renderers apart
 * from channel messages), and the re-read then finds the old cookies; it can also be sent before a tab
 * listens. The poll is what makes such a miss a delay of one interval instead of a session out of step.
 *
 * Messages carry only what happened, never a token: the tokens stay in the store, which every tab reads.
 *
 * Tokens are refreshed ahead of expiry, and every refresh runs under the session's lock shared by the tabs
 * (`RefreshLock`, Web Locks where the browser has them): the first tab to get it refreshes; the others
 * then find the fresh token in the store.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import type * as Scope from "effect/Scope"
import { COOKIE_STORE_POLL_MS, TOKEN_FRESHNESS_MARGIN_MS } from "../services/session/session-timings.js"
import { sameTokens, type SessionShape, type SessionState, tokensOf } from "../services/session/session.js"
import { accessTokenExpiry } from "../services/session/session-freshness.js"
import type { TokenStoreShape } from "../services/session/token-store.js"

const TIMER_SLACK_MS = 1_000

/** What one tab tells the others of its origin: a sign-in, a sign-out, or a refreshed token. */
export type TabEvent = "signed-in" | "signed-out" | "token-refreshed"

/** A message between the tabs of an origin: the event and the tab that sent it. */
export interface TabMessage {
  readonly event: TabEvent
  /** The sending tab, so a tab can ignore its own echo where a channel delivers one. */
  readonly from: string
}

/** The part of a BroadcastChannel the sync uses; tests pass an in-memory one. */
export interface TabChannel {
  readonly post: (message: TabMessage) => void
  readonly listen: (listener: (message: TabMessage) => void) => () => void
  readonly close: () => void
}

/** One channel per project, so two projects on one origin do not reload each other. */
export const tabChannelName = (projectId: string): string => `stackfx:session:${projectId}`

const isTabMessage = (data: unknown): data is TabMessage => {
  if (typeof data !== "object" || data === null) return false
  const { event, from } = data as { readonly event?: unknown; readonly from?: unknown }
  return (event === "signed-in" || event === "signed-out" || event === "token-refreshed") && typeof from === "string"
}

interface BroadcastChannelLike {
  postMessage(message: unknown): void
  addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void
  removeEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void
  close(): void
}
type BroadcastChannelConstructor = new (name: string) => BroadcastChannelLike

/** The page's BroadcastChannel, or `undefined` where the browser has none (then the store is polled). */
export const openBroadcastChannel = (
  name: string,
  page: { readonly BroadcastChannel?: BroadcastChannelConstructor | undefined } = globalThis as {
    readonly BroadcastChannel?: BroadcastChannelConstructor
  }
): TabChannel | undefined => {
  const Ctor = page.BroadcastChannel
  if (Ctor === undefined) return undefined
  const channel = new Ctor(name)
  return {
    post: (message) => channel.postMessage(message),
    listen: (listener) => {
      // Anything on the channel that is not ours (another library, an old version) is ignored.
      const onMessage = (event: { readonly data: unknown }) => {
        if (isTabMessage(event.data)) listener(event.data)
      }
      channel.addEventListener("message", onMessage)
      return () => channel.removeEventListener("message", onMessage)
    },
    close: () => channel.close()
  }
}

export { bestEffortTabLock, type TabLock, webLocksTabLock } from "../services/session/tab-lock.js"

/** What another tab should hear about a change of this tab's session, if anything. */
export const classifyChange = (previous: SessionState, next: SessionState): TabEvent | undefined => {
  if (previous._tag === "KnownInvalid") return next._tag === "Active" ? "signed-in" : undefined
  if (next._tag === "KnownInvalid") return "signed-out"
  if (previous.refreshToken !== next.refreshToken) return "signed-in"
  if (previous.accessToken !== next.accessToken) return "token-refreshed"
  return undefined
}

/** What tab sync works on: this tab's session and token store, the channel to the other tabs, and this tab's id. */
export interface TabSyncOptions {
  readonly session: SessionShape
  /** The store the tabs share (cookies); with a memory store there is nothing to share. */
  readonly store: TokenStoreShape
  /** `undefined` where BroadcastChannel is missing: the changes are then found by the poll alone. */
  readonly channel: TabChannel | undefined
  readonly tabId: string
  /** Default 100 ms. */
  readonly pollIntervalMs?: number
  /** How long before the session's own freshness margin a token is refreshed ahead. Default 5000 ms. */
  readonly refreshAheadMs?: number
}

/**
 * Runs until the scope closes: announces this tab's changes, applies other tabs' changes, polls when it
 * must, and refreshes the token ahead of expiry (the session takes the tabs' lock for every refresh).
 */
export const runTabSync = (options: TabSyncOptions): Effect.Effect<void, never, Scope.Scope> =>
  Effect.gen(function* () {
    const { channel, session, store, tabId } = options
    const pollIntervalMs = options.pollIntervalMs ?? COOKIE_STORE_POLL_MS
    const refreshWithin = TOKEN_FRESHNESS_MARGIN_MS + (options.refreshAheadMs ?? 5_000)
    const clock = yield* Clock.Clock
    const fork = Effect.runForkWith(yield* Effect.context<never>())
    const fibers = new Set<Fiber.Fiber<unknown, unknown>>()
    const forkTracked = (effect: Effect.Effect<void>) => {
      const fiber = fork(effect)
      fibers.add(fiber)
      fiber.addObserver(() => fibers.delete(fiber))
      return fiber
    }

    /** The tokens this tab last learned from, or announced to, the others: a change to them is no news. */
    let shared = tokensOf(session.current())
    let previous = session.current()

    const logFailure = (what: string) => (error: { readonly _tag: string }) =>
      Effect.logWarning(`stackfx: ${what} failed`, error._tag)

    /** Another tab changed the session: adopt what the store now holds. */
    const reload = Effect.gen(function* () {
      const stored = yield* store.get
      shared = stored
      if (sameTokens(stored, tokensOf(session.current()))) return
      // `getTokens` re-reads the store into the session; a freshness of 0 refreshes only an expired token.
      yield* session.getTokens(0)
    }).pipe(Effect.catch(logFailure("reloading the session changed by another tab")))

    let refreshTimer: Fiber.Fiber<unknown, unknown> | undefined
    const scheduleRefresh = (state: SessionState) => {
      refreshTimer?.interruptUnsafe()
      refreshTimer = undefined
      if (state._tag !== "Active" || state.accessToken === null || state.refreshToken === null) return
      const expiry = accessTokenExpiry(state.accessToken)
      if (expiry._tag !== "Expires") return
      const delay = expiry.atMs - refreshWithin - clock.currentTimeMillisUnsafe()
      // A token already inside the window is left to the on-demand refresh: scheduling it here could loop
      // with a server whose tokens live shorter than the window.
      if (delay <= 0) return
      refreshTimer = forkTracked(
        Effect.andThen(
          Effect.sleep(delay),
          // Asking for a little more than the window: a timer may fire a millisecond early, and a token
          // exactly at the edge would still count as fresh.
          Effect.asVoid(session.getTokens(refreshWithin + TIMER_SLACK_MS)).pipe(
            Effect.catch(logFailure("refreshing the token ahead of expiry"))
          )
        )
      )
    }

    const onLocalChange = (next: SessionState) => {
      const event = classifyChange(previous, next)
      previous = next
      scheduleRefresh(next)
      const tokens = tokensOf(next)
      if (event === undefined || sameTokens(tokens, shared)) return
      shared = tokens
      channel?.post({ event, from: tabId })
    }

    yield* Effect.acquireRelease(
      Effect.sync(() => {
        const unsubscribeSession = session.subscribe(onLocalChange)
        const unlisten = channel?.listen((message) => {
          if (message.from !== tabId) forkTracked(reload)
        })
        return () => {
          unsubscribeSession()
          unlisten?.()
          channel?.close()
          for (const fiber of fibers) fiber.interruptUnsafe()
        }
      }),
      (stop) => Effect.sync(stop)
    )
    scheduleRefresh(session.current())

    // Not only where BroadcastChannel is missing: see the header for the misses a channel alone leaves.
    const poll = Effect.gen(function* () {
      const stored = yield* store.get
      if (!sameTokens(stored, tokensOf(session.current()))) yield* reload
    })
    yield* Effect.forkScoped(Effect.forever(Effect.andThen(Effect.sleep(pollIntervalMs), poll)))
  })
