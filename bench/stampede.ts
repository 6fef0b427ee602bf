/**
 * Benchmark 2: refresh stampede. The session holds an access token whose `exp` has passed and a real
 * refresh token of a signed-up user; many callers then ask for an access token at once. The figure is the
 * number of `POST /api/v1/auth/oauth/token` requests that reach the local backend (counted by the proxy in
 * front of it).
 *
 * The expired access token is an unsigned JWT with `exp` 60 s in the past: the client reads `exp` without
 * verifying it, and the refresh grant carries only the refresh token, so the backend never sees it.
 *
 * Scenarios:
 * - one runtime: 100 concurrent `getAccessToken` on one Session;
 * - four tabs, on demand: four runtimes (each a core tier plus the React adapter's layer, so each runs the
 *   tab sync) over one shared cookie jar, Node's BroadcastChannel between them and a Web Locks shim as
 *   their shared lock; 25 concurrent `getAccessToken` per tab, all started together;
 * - four tabs, ahead of expiry: the same four tabs holding a token that enters the tab sync's
 *   refresh-ahead window about a second later; nobody asks, the tabs' timers refresh under the lock;
 * - for comparison, `@stackframe/js`: 100 concurrent `user.getAccessToken()` after the session's access
 *   token was marked expired.
 */
import { StackClientApp } from "@stackframe/js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { TOKEN_FRESHNESS_MARGIN_MS } from "../src/services/session/session-timings.js"
import { layerCore } from "../src/layers/core.js"
import { layerStackReact } from "../src/react/react-layer.js"
import { openBroadcastChannel, tabChannelName } from "../src/react/tab-sync.js"
import { RefreshLock, webLocksTabLock } from "../src/services/session/tab-lock.js"
import { Session } from "../src/services/session/session.js"
import { type CookieDocument, makeCookieTokenStore } from "../src/services/session/token-store-cookie.js"
import { TokenStore } from "../src/services/session/token-store.js"
import { hexclaveHeadersAsStack } from "./official.js"
import type { CountingProxy } from "./proxy.js"
import { project, sleep, uniqueEmail, unsignedJwt, within } from "./util.js"
import { signUp, type Tokens } from "./wire.js"
import { LockManagerShim } from "./web-locks-shim.js"

export const REFRESH_KEY = "POST /api/v1/auth/oauth/token"

export interface StampedeResult {
  readonly callers: number
  readonly refreshRequests: number
  /** Callers that got a usable token (not null, not the expired one). */
  readonly callersWithFreshToken: number
  readonly note?: string
}

/** A `document.cookie` shared by the simulated tabs, with the browser's set/delete semantics. */
export class CookieJar implements CookieDocument {
  private readonly jar = new Map<string, string>()
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ")
  }
  set cookie(setCookie: string) {
    const [pair = "", ...attributes] = setCookie.split(";")
    const eq = pair.indexOf("=")
    const name = pair.slice(0, eq).trim()
    const maxAge = attributes.map((a) => a.trim().toLowerCase()).find((a) => a.startsWith("max-age="))
    if (maxAge !== undefined && Number(maxAge.slice("max-age=".length)) <= 0) this.jar.delete(name)
    else this.jar.set(name, pair.slice(eq + 1).trim())
  }
}

const expiredAccessToken = (userId: string) => unsignedJwt({ sub: userId, exp: Math.floor(Date.now() / 1000) - 60 })

const config = (baseUrl: string) =>
  ({
    projectId: project.id,
    accessType: "client",
    publishableClientKey: project.publishableClientKey,
    baseUrl
  }) as const

const getAccessToken = Session.use((session) => session.getAccessToken())

const tally = (tokens: ReadonlyArray<string | null>, stale: string) =>
  tokens.filter((token) => token !== null && token !== stale).length

const oneRuntime = async (proxy: CountingProxy, user: Tokens, callers: number): Promise<StampedeResult> => {
  const stale = expiredAccessToken(user.userId)
  const runtime = ManagedRuntime.make(
    layerCore(config(proxy.url), TokenStore.memory({ accessToken: stale, refreshToken: user.refreshToken }))
  )
  try {
    await runtime.context()
    proxy.reset()
    const tokens = await Promise.all(Array.from({ length: callers }, () => runtime.runPromise(getAccessToken)))
    return { callers, refreshRequests: proxy.count(REFRESH_KEY), callersWithFreshToken: tally(tokens, stale) }
  } finally {
    await runtime.dispose()
  }
}

/** Four "tabs": separate runtimes, one cookie jar, one BroadcastChannel name, one lock manager. */
const makeTabs = async (proxy: CountingProxy, jar: CookieJar, count: number) => {
  const locks = new LockManagerShim()
  const store = makeCookieTokenStore({ projectId: project.id, document: jar, secure: false })
  const runtimes = Array.from({ length: count }, () =>
    ManagedRuntime.make(
      layerStackReact({ tabChannel: openBroadcastChannel(tabChannelName(project.id)) }).pipe(
        Layer.provideMerge(layerCore(config(proxy.url), Layer.succeed(TokenStore, store))),
        // The session refreshes under the tabs' shared lock, as Web Locks make it in a browser.
        Layer.provide(Layer.succeed(RefreshLock, webLocksTabLock(locks)))
      )
    )
  )
  await Promise.all(runtimes.map((runtime) => runtime.context()))
  return { runtimes, locks, dispose: () => Promise.all(runtimes.map((runtime) => runtime.dispose())) }
}

const writeTokens = (jar: CookieJar, accessToken: string, refreshToken: string) =>
  Effect.runSync(
    makeCookieTokenStore({ projectId: project.id, document: jar, secure: false }).set({ accessToken, refreshToken })
  )

const fourTabsOnDemand = async (
  proxy: CountingProxy,
  user: Tokens,
  tabs: number,
  perTab: number
): Promise<StampedeResult> => {
  const stale = expiredAccessToken(user.userId)
  const jar = new CookieJar()
  writeTokens(jar, stale, user.refreshToken)
  const { runtimes, dispose, locks } = await makeTabs(proxy, jar, tabs)
  try {
    proxy.reset()
    const tokens = await Promise.all(
      runtimes.flatMap((runtime) => Array.from({ length: perTab }, () => runtime.runPromise(getAccessToken)))
    )
    // Let the tab sync settle (broadcasts, reloads under the lock) before counting.
    await sleep(500)
    return {
      callers: tabs * perTab,
      refreshRequests: proxy.count(REFRESH_KEY),
      callersWithFreshToken: tally(tokens, stale),
      note:
        `the shared lock was requested ${locks.requests} times: each tab's session takes it to refresh, and ` +
        "the tabs that wait for it find the first tab's fresh token in the shared store"
    }
  } finally {
    await dispose()
  }
}

const fourTabsAhead = async (proxy: CountingProxy, user: Tokens, tabs: number): Promise<StampedeResult> => {
  const refreshWithinMs = TOKEN_FRESHNESS_MARGIN_MS + 5_000
  // Enters the refresh-ahead window about 1 s after the tabs start.
  const soon = unsignedJwt({ sub: user.userId, exp: Math.ceil((Date.now() + refreshWithinMs + 1_500) / 1000) })
  const jar = new CookieJar()
  writeTokens(jar, soon, user.refreshToken)
  proxy.reset()
  const { runtimes, dispose } = await makeTabs(proxy, jar, tabs)
  try {
    await sleep(3_500)
    const tokens = await Promise.all(runtimes.map((runtime) => runtime.runPromise(Session.use((s) => s.state))))
    const fresh = tokens.filter((state) => state._tag === "Active" && state.accessToken !== soon).length
    return { callers: tabs, refreshRequests: proxy.count(REFRESH_KEY), callersWithFreshToken: fresh }
  } finally {
    await dispose()
  }
}

const officialOneApp = async (proxy: CountingProxy, user: Tokens, callers: number): Promise<StampedeResult> => {
  const restore = hexclaveHeadersAsStack()
  try {
    const app = new StackClientApp({
      projectId: project.id,
      publishableClientKey: project.publishableClientKey,
      baseUrl: proxy.url,
      tokenStore: { accessToken: user.accessToken, refreshToken: user.refreshToken }
    })
    const me = await app.getUser()
    if (me === null) throw new Error("@stackframe/js did not see the signed-in user")
    me._internalSession.markAccessTokenExpired()
    proxy.reset()
    const tokens = await Promise.all(Array.from({ length: callers }, () => me.getAccessToken()))
    return {
      callers,
      refreshRequests: proxy.count(REFRESH_KEY),
      callersWithFreshToken: tally(tokens, user.accessToken)
    }
  } finally {
    restore()
  }
}

export interface StampedeResults {
  readonly oneRuntime: StampedeResult
  readonly fourTabsOnDemand: StampedeResult
  readonly fourTabsAhead: StampedeResult
  readonly official: StampedeResult | { readonly error: string }
}

export const runStampede = async (proxy: CountingProxy): Promise<StampedeResults> => {
  const user = await signUp(proxy.url, uniqueEmail("stampede"), "benchmark-password")
  const one = await within(30_000, "stampede, one runtime", oneRuntime(proxy, user, 100))
  const onDemand = await within(30_000, "stampede, four tabs", fourTabsOnDemand(proxy, user, 4, 25))
  const ahead = await within(30_000, "stampede, four tabs ahead of expiry", fourTabsAhead(proxy, user, 4))
  const official = await within(30_000, "stampede, @stackframe/js", officialOneApp(proxy, user, 100)).catch(
    (error: unknown) => ({ error: String(error).slice(0, 300) })
  )
  return { oneRuntime: one, fourTabsOnDemand: onDemand, fourTabsAhead: ahead, official }
}
