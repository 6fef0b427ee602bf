import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import type * as Scope from "effect/Scope"
import { TestClock } from "effect/testing"
import {
  bestEffortTabLock,
  classifyChange,
  openBroadcastChannel,
  runTabSync,
  type TabChannel,
  type TabLock,
  webLocksTabLock
} from "../../src/react/tab-sync.js"
import { knownInvalid, type SessionShape, type SessionState, tokensOf } from "../../src/services/session.js"
import { Fetch } from "../../src/services/transport-fetch.js"
import type { StoredTokens, TokenStoreShape } from "../../src/services/token-store.js"
import { makeHub, makeLockManager, makeSharedStore, refreshServer, tabSession, unsignedJwt } from "./support/tabs.js"

const active = (accessToken: string | null, refreshToken: string | null): SessionState => ({
  _tag: "Active",
  accessToken,
  refreshToken,
  accessTokenExpired: false
})

const noLock: TabLock = { withLock: () => (effect) => effect }

/** Real-time wait until `check` holds; fails after `timeoutMs`. Answers the time it took. */
const waitUntil = (check: () => boolean, timeoutMs = 1000) =>
  Effect.gen(function*() {
    const start = Date.now()
    while (!check()) {
      if (Date.now() - start > timeoutMs) return yield* Effect.die(new Error(`condition not met within ${timeoutMs} ms`))
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 5)))
    }
    return Date.now() - start
  })

const openTab = (
  store: TokenStoreShape,
  channel: TabChannel | undefined,
  tabId: string,
  lock: TabLock = noLock,
  extra: { readonly refreshAheadMs?: number } = {}
): Effect.Effect<SessionShape, never, Scope.Scope> =>
  Effect.gen(function*() {
    const session = yield* tabSession(store, lock)
    yield* runTabSync({ session, store, channel, tabId, ...extra })
    return session
  })

const signIn = { accessToken: unsignedJwt({ sub: "u1" }), refreshToken: "r1" }

describe("classifyChange", () => {
  it("names what another tab should hear", () => {
    assert.strictEqual(classifyChange(knownInvalid, active("a", "r")), "signed-in")
    assert.strictEqual(classifyChange(active("a", "r"), knownInvalid), "signed-out")
    assert.strictEqual(classifyChange(active("a", "r"), active("b", "r")), "token-refreshed")
    assert.strictEqual(classifyChange(active("a", "r"), active("a", "r2")), "signed-in")
    const expired: SessionState = { _tag: "Active", accessToken: "a", refreshToken: "r", accessTokenExpired: true }
    assert.strictEqual(classifyChange(active("a", "r"), expired), undefined)
    assert.strictEqual(classifyChange(knownInvalid, knownInvalid), undefined)
  })
})

describe("runTabSync over a broadcast channel", () => {
  it.live("a sign-in and a sign-out in one tab reach the other within 200 ms, announced once", () =>
    Effect.scoped(Effect.gen(function*() {
      const hub = makeHub()
      const store = yield* makeSharedStore()
      const a = yield* openTab(store, hub.open(), "a")
      const b = yield* openTab(store, hub.open(), "b")
      const c = yield* openTab(store, hub.open(), "c")

      yield* a.setTokens(signIn)
      const tookIn = yield* waitUntil(() => b.current()._tag === "Active" && c.current()._tag === "Active")
      assert.isBelow(tookIn, 200)
      assert.deepStrictEqual(b.current(), active(signIn.accessToken, "r1"))
      assert.deepStrictEqual(hub.posted, [{ event: "signed-in", from: "a" }], "the other tabs do not echo it")

      yield* b.clear
      const outIn = yield* waitUntil(() => a.current()._tag === "KnownInvalid" && c.current()._tag === "KnownInvalid")
      assert.isBelow(outIn, 200)
      assert.deepStrictEqual(hub.posted.map((m) => `${m.event}:${m.from}`), ["signed-in:a", "signed-out:b"])
    })))

  it.live("tabs of another project are not disturbed", () =>
    Effect.scoped(Effect.gen(function*() {
      const hubA = makeHub()
      const hubB = makeHub()
      const storeA = yield* makeSharedStore()
      const storeB = yield* makeSharedStore()
      const a = yield* openTab(storeA, hubA.open(), "a")
      const other = yield* openTab(storeB, hubB.open(), "other")
      yield* a.setTokens(signIn)
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 50)))
      assert.strictEqual(other.current()._tag, "KnownInvalid")
    })))

  it.live("closing the scope stops listening and closes the channel", () =>
    Effect.gen(function*() {
      const hub = makeHub()
      const store = yield* makeSharedStore()
      const b = yield* Effect.scoped(Effect.gen(function*() {
        const a = yield* openTab(store, hub.open(), "a")
        return { a, b: yield* tabSession(store) }
      }))
      yield* Effect.scoped(Effect.gen(function*() {
        const later = yield* openTab(store, hub.open(), "later")
        yield* later.setTokens(signIn)
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))
      }))
      assert.strictEqual(b.a.current()._tag, "KnownInvalid", "a's sync ended with its scope")
    }))
})

const sleepMs = (ms: number) => Effect.promise(() => new Promise((resolve) => setTimeout(resolve, ms)))

/**
 * One tab's view of the shared store that can be held at what it last showed, like a Chromium renderer whose
 * cookies have not yet caught up with another tab's write while that tab's channel message already arrived.
 */
const laggingView = (store: TokenStoreShape) => {
  let held: StoredTokens | undefined
  let staleReads = 0
  const view: TokenStoreShape = {
    get: Effect.suspend(() => {
      if (held === undefined) return store.get
      staleReads++
      return Effect.succeed(held)
    }),
    set: store.set
  }
  return {
    view,
    hold: Effect.map(store.get, (tokens) => {
      held = tokens
      staleReads = 0
    }),
    release: () => void (held = undefined),
    staleReads: () => staleReads
  }
}

describe("runTabSync when a message is not enough", () => {
  it.live("a message that overtakes its cookie write: the poll picks the change up once the store shows it", () =>
    Effect.scoped(Effect.gen(function*() {
      const hub = makeHub()
      const store = yield* makeSharedStore()
      const lagging = laggingView(store)
      const a = yield* openTab(store, hub.open(), "a")
      const b = yield* openTab(lagging.view, hub.open(), "b")

      yield* lagging.hold
      yield* a.setTokens(signIn)
      // Long enough for the reload the message started to read the old tokens and find nothing to do.
      yield* sleepMs(20)
      assert.isAbove(lagging.staleReads(), 0)
      assert.strictEqual(b.current()._tag, "KnownInvalid")
      lagging.release()
      assert.isBelow(yield* waitUntil(() => b.current()._tag === "Active"), 200)
      assert.deepStrictEqual(b.current(), active(signIn.accessToken, "r1"))

      yield* lagging.hold
      yield* a.clear
      yield* sleepMs(20)
      assert.isAbove(lagging.staleReads(), 0)
      assert.strictEqual(b.current()._tag, "Active")
      lagging.release()
      assert.isBelow(yield* waitUntil(() => b.current()._tag === "KnownInvalid"), 200)
      assert.deepStrictEqual(
        hub.posted.map((m) => `${m.event}:${m.from}`),
        ["signed-in:a", "signed-out:a"],
        "b adopts the changes without announcing them again"
      )
    })))

  it.live("a message sent before a tab listens: the tab still follows within 200 ms", () =>
    Effect.scoped(Effect.gen(function*() {
      const hub = makeHub()
      const store = yield* makeSharedStore()
      const a = yield* openTab(store, hub.open(), "a")
      // b's session has read the store, but its sync is not listening yet when a signs in.
      const b = yield* tabSession(store)
      yield* a.setTokens(signIn)
      yield* sleepMs(5)
      yield* runTabSync({ session: b, store, channel: hub.open(), tabId: "b" })
      assert.isBelow(yield* waitUntil(() => b.current()._tag === "Active"), 200)
    })))
})

describe("runTabSync without BroadcastChannel", () => {
  it.effect("polls the store every 100 ms", () =>
    Effect.scoped(Effect.gen(function*() {
      const store = yield* makeSharedStore()
      const a = yield* openTab(store, undefined, "a")
      const b = yield* openTab(store, undefined, "b")
      yield* a.setTokens(signIn)
      yield* TestClock.adjust(99)
      assert.strictEqual(b.current()._tag, "KnownInvalid")
      yield* TestClock.adjust(1)
      assert.strictEqual(b.current()._tag, "Active")
      yield* a.clear
      yield* TestClock.adjust(100)
      assert.strictEqual(b.current()._tag, "KnownInvalid")
    })))

  it("openBroadcastChannel answers undefined where the browser has none", () => {
    assert.isUndefined(openBroadcastChannel("x", { BroadcastChannel: undefined }))
  })
})

describe("refreshing ahead of expiry", () => {
  // Tokens expire 26-27 s from now (exp has whole seconds): with the 20 s margin and 5 s ahead, the tabs
  // wake 1-2 s from now.
  const expiringTokens = (nowMs: number) => ({
    accessToken: unsignedJwt({ sub: "u1", exp: Math.floor(nowMs / 1000) + 27 }),
    refreshToken: "r1"
  })

  const threeTabsRefresh = (lockFor: () => TabLock) =>
    Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const initial = expiringTokens(now)
      let issued = 0
      const server = refreshServer(30, () => unsignedJwt({ sub: "u1", exp: Math.floor(now / 1000) + 600, n: ++issued }))
      yield* Effect.scoped(Effect.gen(function*() {
        const store = yield* makeSharedStore(initial)
        const hub = makeHub()
        const tabs = yield* Effect.forEach(["a", "b", "c"], (id) => openTab(store, hub.open(), id, lockFor()))
        const accessTokens = () => tabs.map((t) => tokensOf(t.current()).accessToken)
        yield* waitUntil(() => accessTokens().every((token) => token !== initial.accessToken), 4000)
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 150)))
        assert.strictEqual(new Set(accessTokens()).size, 1, "the tabs agree on one token")
      })).pipe(Effect.provideService(Fetch, server.fetch))
      return server.calls.length
    })

  it.live("with a shared lock only one tab refreshes; the others adopt its token", () =>
    Effect.gen(function*() {
      const manager = makeLockManager()
      const calls = yield* threeTabsRefresh(() => webLocksTabLock(manager))
      assert.strictEqual(calls, 1)
      assert.isAtLeast(manager.grants(), 3, "every tab took the lock in turn")
    }), 10_000)

  it.live("without a lock every tab refreshes (why the lock exists)", () =>
    Effect.gen(function*() {
      const calls = yield* threeTabsRefresh(() => noLock)
      assert.strictEqual(calls, 3)
    }), 10_000)
})

describe("bestEffortTabLock", () => {
  it.effect("runs one locked effect at a time within a tab, after a random delay", () =>
    Effect.gen(function*() {
      const lock = yield* bestEffortTabLock(250)
      let running = 0
      let maxRunning = 0
      const job = Effect.gen(function*() {
        running++
        maxRunning = Math.max(maxRunning, running)
        yield* Effect.sleep(10)
        running--
      })
      const fiber = yield* Effect.forkChild(
        Effect.forEach([1, 2, 3], () => lock.withLock("x")(job), { concurrency: "unbounded" })
      )
      yield* TestClock.adjust(1000)
      yield* Fiber.join(fiber)
      assert.strictEqual(maxRunning, 1)
    }))
})

describe("refreshing on demand across tabs", () => {
  // Four tabs' sessions over one store, 25 callers each, all finding the same expired token at once.
  const fourTabsOnDemand = (lockFor: () => TabLock) =>
    Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const expired = { accessToken: unsignedJwt({ sub: "u1", exp: Math.floor(now / 1000) - 5 }), refreshToken: "r1" }
      const server = refreshServer(30, () => unsignedJwt({ sub: "u1", exp: Math.floor(now / 1000) + 600 }))
      const tokens = yield* Effect.scoped(Effect.gen(function*() {
        const store = yield* makeSharedStore(expired)
        const sessions = yield* Effect.forEach([1, 2, 3, 4], () => tabSession(store, lockFor()))
        return yield* Effect.forEach(
          sessions.flatMap((session) => Array.from({ length: 25 }, () => session.getAccessToken())),
          (get) => get,
          { concurrency: "unbounded" }
        )
      })).pipe(Effect.provideService(Fetch, server.fetch))
      return { calls: server.calls.length, distinct: new Set(tokens).size }
    })

  it.live("with the session's shared lock one tab refreshes and the others take its token", () =>
    Effect.gen(function*() {
      const manager = makeLockManager()
      const result = yield* fourTabsOnDemand(() => webLocksTabLock(manager))
      assert.deepStrictEqual(result, { calls: 1, distinct: 1 })
    }), 10_000)

  it.live("without a lock each tab refreshes once (why the session takes the lock)", () =>
    Effect.gen(function*() {
      const result = yield* fourTabsOnDemand(() => noLock)
      assert.strictEqual(result.calls, 4)
    }), 10_000)
})
