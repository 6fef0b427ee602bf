/** Fakes for multi-tab tests: a broadcast hub, a lock manager, a shared token store and unsigned JWTs. */
import { wireConfig } from "../../../src/services/wire/lazy-parts.js"
import { loadLiveChunk } from "../../../src/services/http/internal/lazy-service.js"
import type { TabLock } from "../../../src/services/session/tab-lock.js"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import type { TabChannel, TabMessage } from "../../../src/react/tab-sync.js"
import { makeClientConfig } from "../../../src/services/wire/client-config.js"
import type { FetchFn } from "../../../src/services/wire/transport-request.js"
import { makeSession } from "../../../src/services/session/session.js"
import {
  makeRefTokenStore,
  noTokens,
  type StoredTokens,
  type TokenStoreShape
} from "../../../src/services/session/token-store.js"

/** Channels that deliver to every other member asynchronously, like BroadcastChannel. */
export const makeHub = () => {
  const members = new Set<(message: TabMessage) => void>()
  const posted: Array<TabMessage> = []
  const open = (): TabChannel => {
    const mine = new Set<(message: TabMessage) => void>()
    const deliver = (message: TabMessage) => {
      for (const listener of mine) listener(message)
    }
    members.add(deliver)
    return {
      post: (message) => {
        posted.push(message)
        for (const member of members) if (member !== deliver) queueMicrotask(() => member(message))
      },
      listen: (listener) => {
        mine.add(listener)
        return () => void mine.delete(listener)
      },
      close: () => void members.delete(deliver)
    }
  }
  return { open, posted }
}

/** Resolves `whenAtLeast(n)` once `count()` reaches n; `bump()` counts one more. */
const counter = () => {
  let count = 0
  const waiting: Array<{ readonly n: number; readonly resolve: () => void }> = []
  return {
    count: () => count,
    bump: () => {
      count++
      for (const waiter of waiting.filter((w) => w.n <= count)) {
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve()
      }
    },
    whenAtLeast: (n: number) =>
      n <= count ? Promise.resolve() : new Promise<void>((resolve) => void waiting.push({ n, resolve }))
  }
}

/** A Web Locks stand-in: one holder per name, the others queue in order. */
export const makeLockManager = () => {
  const tails = new Map<string, Promise<void>>()
  const requests = counter()
  let grants = 0
  return {
    grants: () => grants,
    /** Resolves once the lock has been asked for `n` times (granted or not). */
    requested: requests.whenAtLeast,
    /** Resolves once every lock asked for so far has been granted and released. */
    settled: async () => {
      const snapshot = () => [...tails.values()]
      let before = snapshot()
      await Promise.all(before)
      // A callback may have asked for the lock again while we waited.
      while (snapshot().length !== before.length || snapshot().some((tail, i) => tail !== before[i])) {
        before = snapshot()
        await Promise.all(before)
      }
    },
    request: (name: string, options: { readonly signal: AbortSignal }, callback: () => Promise<void>) => {
      requests.bump()
      const previous = tails.get(name) ?? Promise.resolve()
      const run = previous.then(() => {
        if (options.signal.aborted) throw new Error("AbortError")
        grants++
        return callback()
      })
      tails.set(
        name,
        run.catch(() => undefined)
      )
      return run
    }
  }
}

export const unsignedJwt = (payload: Record<string, unknown>): string => {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url")
  return `${part({ alg: "ES256", typ: "JWT" })}.${part(payload)}.${Buffer.from("sig").toString("base64url")}`
}

/** One cookie jar shared by all tabs. */
export const makeSharedStore = (initial: StoredTokens = noTokens) =>
  Effect.map(Ref.make(initial), (ref): TokenStoreShape => makeRefTokenStore(ref))

export const config = makeClientConfig({
  projectId: "proj",
  accessType: "client",
  publishableClientKey: "pck",
  baseUrl: "http://stackfx.invalid"
})

/** A tab's session over the shared store, refreshing under `lock` (none by default). */
export const tabSession = (store: TokenStoreShape, lock?: TabLock) =>
  makeSession(wireConfig(config, loadLiveChunk), store, lock)

/**
 * A token endpoint that answers each refresh with a new access token, once `release()` has been called: a
 * test holds the refreshes in flight until every tab has woken (`called(n)`: the endpoint has been called n
 * times), instead of relying on a real delay.
 */
export const refreshServer = (nextAccessToken: () => string) => {
  const calls: Array<string> = []
  const called = counter()
  let answered = 0
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const fetch: FetchFn = async (url) => {
    calls.push(url)
    called.bump()
    await released
    answered++
    return new Response(JSON.stringify({ access_token: nextAccessToken(), token_type: "Bearer", expires_in: 600 }), {
      status: 200,
      headers: { "content-type": "application/json" }
    })
  }
  return { calls, fetch, answered: () => answered, called: called.whenAtLeast, release }
}
