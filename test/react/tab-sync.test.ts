import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
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
import { knownInvalid, type SessionShape, type SessionState, tokensOf } from "../../src/services/session/session.js"
import { Fetch } from "../../src/services/wire/transport-request.js"
import type { StoredTokens, TokenStoreShape } from "../../src/services/session/token-store.js"
import { makeHub, makeLockManager, makeSharedStore, refreshServer, tabSession, unsignedJwt } from "./support/tabs.js"

const active = (accessToken: string | null, refreshToken: string | null): SessionState => ({
  _tag: "Active",
  accessToken,
  refreshToken,
  accessTokenExpired: false
})

const noLock: TabLock = { withLock: () => (effect) => effect }

/** Completes once `check` holds (at once if it already does), checking again whenever a session changes. */
const once = (sessions: ReadonlyArray<SessionShape>, check: () => boolean): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    if (check()) return resume(Effect.void)
    const unsubscribes: Array<() => void> = []
    const stop = () => unsubscribes.forEach((unsubscribe) => unsubscribe())
    for (const session of sessions) {
      unsubscribes.push(
        session.subscribe(() => {
          if (!check()) return
          stop()
          resume(Effect.void)
        })
      )
    }
    return Effect.sync(stop)
  })

/** Completes when the session's state satisfies `done` (at once if it already does). */
const reaches = (session: SessionShape, done: (state: SessionState) => boolean): Effect.Effect<void> =>
  once([session], () => done(session.current()))

const isActive = (state: SessionState) => state._tag === "Active"
const isSignedOut = (state: SessionState) => state._tag === "KnownInvalid"

const openTab = (
  store: TokenStoreShape,
  channel: TabChannel | undefined,
  tabId: string,
  lock: TabLock = noLock,
  extra: { readonly refreshAheadMs?: number } = {}
): Effect.Effect<SessionShape, never, Scope.Scope> =>
  Effect.gen(function* () {
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
  // The TestClock never moves in these tests, so the 100 ms poll never runs: the message alone carries it.
  it.effect("a sign-in and a sign-out in one tab reach the other by its message, before any poll, announced once", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const hub = makeHub()
        const store = yield* makeSharedStore()
        const a = yield* openTab(store, hub.open(), "a")
        const b = yield* openTab(store, hub.open(), "b")
        const c = yield* openTab(store, hub.open(), "c")

        yield* a.setTokens(signIn)
        yield* reaches(b, isActive)
        yield* reaches(c, isActive)
        assert.deepStrictEqual(b.current(), active(signIn.accessToken, "r1"))
        assert.deepStrictEqual(hub.posted, [{ event: "signed-in", from: "a" }], "the other tabs do not echo it")

        yield* b.clear
        yield* reaches(a, isSignedOut)
        yield* reaches(c, isSignedOut)
        assert.deepStrictEqual(
          hub.posted.map((m) => `${m.event}:${m.from}`),
          ["signed-in:a", "signed-out:b"]
        )
      })
    )
  )

  it.effect("tabs of another project are not disturbed", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const hubA = makeHub()
        const hubB = makeHub()
        const storeA = yield* makeSharedStore()
        const storeB = yield* makeSharedStore()
        const a = yield* openTab(storeA, hubA.open(), "a")
        const sameProject = yield* openTab(storeA, hubA.open(), "a2")
        const other = yield* openTab(storeB, hubB.open(), "other")
        yield* a.setTokens(signIn)
        // By the time a tab of the same project has heard it, and a poll has run, the other project would have.
        yield* reaches(sameProject, isActive)
        yield* TestClock.adjust(100)
        assert.strictEqual(other.current()._tag, "KnownInvalid")
      })
    )
  )

  it.effect("closing the scope stops listening and closes the channel", () =>
    Effect.gen(function* () {
      const hub = makeHub()
      const store = yield* makeSharedStore()
      const b = yield* Effect.scoped(
        Effect.gen(function* () {
          const a = yield* openTab(store, hub.open(), "a")
          return { a, b: yield* tabSession(store) }
        })
      )
      yield* Effect.scoped(
        Effect.gen(function* () {
          const later = yield* openTab(store, hub.open(), "later")
          const witness = yield* openTab(store, hub.open(), "witness")
          yield* later.setTokens(signIn)
          // A tab still listening has heard it, and a poll has run: a's sync, were it alive, would have too.
          yield* reaches(witness, isActive)
          yield* TestClock.adjust(100)
        })
      )
      assert.strictEqual(b.a.current()._tag, "KnownInvalid", "a's sync ended with its scope")
    })
  )
})

/**
 * One tab's view of the shared store that can be held at what it last showed, like a Chromium renderer whose
 * cookies have not yet caught up with another tab's write while that tab's channel message already arrived.
 */
const laggingView = (store: TokenStoreShape) => {
  let held: StoredTokens | undefined
  let staleReads = 0
  let staleRead = Deferred.makeUnsafe<void>()
  const view: TokenStoreShape = {
    get: Effect.suspend(() => {
      if (held === undefined) return store.get
      staleReads++
      Deferred.doneUnsafe(staleRead, Effect.void)
      return Effect.succeed(held)
    }),
    set: store.set
  }
  return {
    view,
    hold: Effect.map(store.get, (tokens) => {
      held = tokens
      staleReads = 0
      staleRead = Deferred.makeUnsafe<void>()
    }),
    release: () => void (held = undefined),
    staleReads: () => staleReads,
    /** Completes once the view has answered a read with the held tokens since the last `hold`. */
    staleRead: Effect.suspend(() => Deferred.await(staleRead))
  }
}

describe("runTabSync when a message is not enough", () => {
  it.effect(
    "a message that overtakes its cookie write: the next poll picks the change up once the store shows it",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const hub = makeHub()
          const store = yield* makeSharedStore()
          const lagging = laggingView(store)
          const a = yield* openTab(store, hub.open(), "a")
          const b = yield* openTab(lagging.view, hub.open(), "b")

          yield* lagging.hold
          yield* a.setTokens(signIn)
          // The reload the message started has read the old tokens (the clock has not moved: no poll yet).
          yield* lagging.staleRead
          assert.strictEqual(b.current()._tag, "KnownInvalid")
          lagging.release()
          yield* TestClock.adjust(100)
          assert.deepStrictEqual(b.current(), active(signIn.accessToken, "r1"))

          yield* lagging.hold
          yield* a.clear
          yield* lagging.staleRead
          assert.strictEqual(b.current()._tag, "Active")
          lagging.release()
          yield* TestClock.adjust(100)
          assert.strictEqual(b.current()._tag, "KnownInvalid")
          assert.deepStrictEqual(
            hub.posted.map((m) => `${m.event}:${m.from}`),
            ["signed-in:a", "signed-out:a"],
            "b adopts the changes without announcing them again"
          )
        })
      )
  )

  it.effect("a message sent before a tab listens: the tab still follows at its first poll", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const hub = makeHub()
        const store = yield* makeSharedStore()
        const a = yield* openTab(store, hub.open(), "a")
        const witness = yield* openTab(store, hub.open(), "witness")
        // b's session has read the store, but its sync is not listening yet when a signs in.
        const b = yield* tabSession(store)
        yield* a.setTokens(signIn)
        yield* reaches(witness, isActive)
        yield* runTabSync({ session: b, store, channel: hub.open(), tabId: "b" })
        assert.strictEqual(b.current()._tag, "KnownInvalid")
        yield* TestClock.adjust(100)
        assert.strictEqual(b.current()._tag, "Active")
      })
    )
  )
})

describe("runTabSync without BroadcastChannel", () => {
  it.effect("polls the store every 100 ms", () =>
    Effect.scoped(
      Effect.gen(function* () {
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
      })
    )
  )

  it("openBroadcastChannel answers undefined where the browser has none", () => {
    assert.isUndefined(openBroadcastChannel("x", { BroadcastChannel: undefined }))
  })
})

describe("refreshing ahead of expiry", () => {
  // The TestClock starts at 0 and the tokens expire at 27 s: with the 20 s margin and 5 s ahead, the tabs
  // wake at 2 s.
  const initial = { accessToken: unsignedJwt({ sub: "u1", exp: 27 }), refreshToken: "r1" }

  const threeTabsRefresh = (lockFor: () => TabLock, locks?: ReturnType<typeof makeLockManager>) =>
    Effect.gen(function* () {
      const issued: Array<string> = []
      // The server holds its answers until every tab has woken: each has asked the lock for its turn, or
      // (without a lock) called the server itself.
      const server = refreshServer(() => {
        issued.push(unsignedJwt({ sub: "u1", exp: 600, n: issued.length + 1 }))
        return issued[issued.length - 1]!
      })
      yield* Effect.scoped(
        Effect.gen(function* () {
          const store = yield* makeSharedStore(initial)
          const hub = makeHub()
          const tabs = yield* Effect.forEach(["a", "b", "c"], (id) => openTab(store, hub.open(), id, lockFor()))
          const seen = new Set<string>()
          for (const tab of tabs) tab.subscribe((state) => void seen.add(tokensOf(state).accessToken ?? ""))
          yield* TestClock.adjust(1999)
          assert.strictEqual(server.calls.length, 0, "no tab refreshes before its timer")
          yield* TestClock.adjust(1)
          yield* Effect.promise(() =>
            locks === undefined
              ? server.called(3)
              : Promise.all([locks.requested(3), server.called(1)]).then(() => undefined)
          )
          server.release()
          // Every tab has moved on, and every token the server issued has reached the tab that asked for it
          // (the session writes the store before it changes state).
          yield* once(
            tabs,
            () =>
              tabs.every((t) => tokensOf(t.current()).accessToken !== initial.accessToken) &&
              server.answered() === server.calls.length &&
              issued.every((token) => seen.has(token))
          )
          if (locks !== undefined) yield* Effect.promise(() => locks.settled())
          // One poll: each tab adopts what the store finally holds.
          yield* TestClock.adjust(100)
          assert.strictEqual(
            new Set(tabs.map((t) => tokensOf(t.current()).accessToken)).size,
            1,
            "the tabs agree on one token"
          )
        })
      ).pipe(Effect.provideService(Fetch, server.fetch))
      return server.calls.length
    })

  it.effect("with a shared lock only one tab refreshes; the others adopt its token", () =>
    Effect.gen(function* () {
      const manager = makeLockManager()
      const calls = yield* threeTabsRefresh(() => webLocksTabLock(manager), manager)
      assert.strictEqual(calls, 1)
      assert.isAtLeast(manager.grants(), 3, "every tab took the lock in turn")
    })
  )

  it.effect("without a lock every tab refreshes (why the lock exists)", () =>
    Effect.gen(function* () {
      const calls = yield* threeTabsRefresh(() => noLock)
      assert.strictEqual(calls, 3)
    })
  )
})

describe("bestEffortTabLock", () => {
  it.effect("runs one locked effect at a time within a tab, after a random delay", () =>
    Effect.gen(function* () {
      const lock = yield* bestEffortTabLock(250)
      let running = 0
      let maxRunning = 0
      const job = Effect.gen(function* () {
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
    })
  )
})

describe("refreshing on demand across tabs", () => {
  // Four tabs' sessions over one store, 25 callers each, all finding the same expired token at once.
  const fourTabsOnDemand = (lockFor: () => TabLock, locks?: ReturnType<typeof makeLockManager>) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const expired = { accessToken: unsignedJwt({ sub: "u1", exp: Math.floor(now / 1000) - 5 }), refreshToken: "r1" }
      const server = refreshServer(() => unsignedJwt({ sub: "u1", exp: Math.floor(now / 1000) + 600 }))
      const tokens = yield* Effect.scoped(
        Effect.gen(function* () {
          const store = yield* makeSharedStore(expired)
          const sessions = yield* Effect.forEach([1, 2, 3, 4], () => tabSession(store, lockFor()))
          const gets = yield* Effect.forkChild(
            Effect.forEach(
              sessions.flatMap((session) => Array.from({ length: 25 }, () => session.getAccessToken())),
              (get) => get,
              { concurrency: "unbounded" }
            )
          )
          // The refreshes stay in flight until every tab has asked: for the lock, or (without one) the server.
          yield* Effect.promise(() =>
            locks === undefined
              ? server.called(4)
              : Promise.all([locks.requested(4), server.called(1)]).then(() => undefined)
          )
          server.release()
          return yield* Fiber.join(gets)
        })
      ).pipe(Effect.provideService(Fetch, server.fetch))
      return { calls: server.calls.length, distinct: new Set(tokens).size }
    })

  it.live(
    "with the session's shared lock one tab refreshes and the others take its token",
    () =>
      Effect.gen(function* () {
        const manager = makeLockManager()
        const result = yield* fourTabsOnDemand(() => webLocksTabLock(manager), manager)
        assert.deepStrictEqual(result, { calls: 1, distinct: 1 })
      }),
    10_000
  )

  it.live(
    "without a lock each tab refreshes once (why the session takes the lock)",
    () =>
      Effect.gen(function* () {
        const result = yield* fourTabsOnDemand(() => noLock)
        assert.strictEqual(result.calls, 4)
      }),
    10_000
  )
})
