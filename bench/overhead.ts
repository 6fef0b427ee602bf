/**
 * Benchmark 4: per-call overhead. Sequential reads of the signed-in user, each client over Node's global
 * fetch:
 *
 * - raw fetch: `GET /api/v1/users/me` as the wire contract (docs/wire.md) has every client send it, the
 *   same request stackfx sends: its headers (client headers, client version, a fresh random nonce, both
 *   session tokens) and fetch options (`credentials: "omit"`, `cache: "no-store"`), status checked, body
 *   parsed as JSON. Only the AbortSignal stackfx passes (so that interrupting a call aborts its request)
 *   is left out: that is a cost of the client, not of the call;
 * - stackfx: `runtime.runPromise(CurrentUser.get)` on a client tier (memory token store) built once;
 * - `@stackframe/js`, public API: `app.getUser({ tokenStore: { accessToken, refreshToken } })`. Each call
 *   gets a fresh token store and therefore a fresh session and a fresh cache entry, so every call sends a
 *   request (the SDK's server-side pattern);
 * - `@stackframe/js`, cache-miss path: what `getUser()` runs when its cache misses, on one persistent
 *   session (a memory store holding the tokens, as after a sign-in):
 *   `_interface.getClientUserByToken(session)` then `_currentUserFromCrud(crud, session)`;
 * - `@stackframe/js`, plain `getUser()` on that persistent session: only a few calls, because its
 *   current-user cache refetches on every `getUser()` but through a rate limiter that allows one fetch per
 *   300 ms.
 *
 * Two settings: against the local backend (its own process) over loopback, and "client only", where
 * `globalThis.fetch` answers the same `/users/me` body at once, which isolates what each client itself
 * costs per call. The variants run interleaved in rounds, after a warm-up, so that the machine's drift
 * hits them alike; the figures are per-call medians (robust to scheduling outliers) with means beside them.
 */
import { StackClientApp } from "@stackframe/js"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { randomUUID } from "node:crypto"
import { clientTier } from "../src/layers/client.js"
import { makeClientConfig } from "../src/services/http/client-config.js"
import { CurrentUser } from "../src/services/users/current-user.js"
import { Session } from "../src/services/session/session.js"
import { asOfficial } from "./official.js"
import { project, quantile, uniqueEmail } from "./util.js"
import { clientHeaders, signUp, type Tokens } from "./wire.js"

export interface CallStats {
  readonly calls: number
  readonly meanMs: number
  readonly p50Ms: number
  readonly p99Ms: number
}

const VARIANTS = ["raw", "stackfx", "officialPublic", "officialCacheMiss"] as const
type Variant = (typeof VARIANTS)[number]

export interface SettingResults {
  readonly stats: Readonly<Record<Variant, CallStats>>
  /** Median per call over raw fetch's median. */
  readonly medianRatio: Readonly<Record<Exclude<Variant, "raw">, number>>
  /** Mean per call over raw fetch's mean. */
  readonly meanRatio: Readonly<Record<Exclude<Variant, "raw">, number>>
}

export interface OverheadResults {
  readonly loopback: SettingResults
  readonly clientOnly: SettingResults
  readonly officialGetUser: CallStats
}

type Call = () => Promise<unknown>

/** The private members the official variants reach, as the SDK's own `getUser` does. */
interface OfficialInternals {
  _memoryTokenStore: { set(tokens: { accessToken: string; refreshToken: string }): void }
  _getSession(): Promise<unknown>
  _interface: { getClientUserByToken(session: unknown): Promise<unknown> }
  _currentUserFromCrud(crud: unknown, session: unknown): unknown
}

const check = (userId: string, what: string) => (user: unknown) => {
  if ((user as { readonly id?: unknown } | null)?.id !== userId) throw new Error(`${what} did not answer the signed-in user`)
}

const rawCall = (baseUrl: string, tokens: Tokens): Call => {
  const clientVersion = makeClientConfig({ projectId: project.id, accessType: "client" }).clientVersion
  const url = `${baseUrl}/api/v1/users/me`
  const ok = check(tokens.userId, "raw fetch")
  return async () => {
    const res = await fetch(url, {
      headers: {
        ...clientHeaders,
        "x-stack-client-version": clientVersion,
        "x-stack-random-nonce": randomUUID(),
        "x-stack-access-token": tokens.accessToken,
        "x-stack-refresh-token": tokens.refreshToken
      },
      credentials: "omit",
      cache: "no-store"
    })
    if (res.status !== 200) throw new Error(`raw fetch answered ${res.status}`)
    ok(await res.json())
  }
}

const timeCalls = async (call: Call, count: number, into: Array<number>): Promise<void> => {
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await call()
    into.push(performance.now() - started)
  }
}

export const callStats = (samples: ReadonlyArray<number>): CallStats => {
  const sorted = [...samples].sort((a, b) => a - b)
  const total = samples.reduce((a, b) => a + b, 0)
  return { calls: samples.length, meanMs: total / samples.length, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99) }
}

const measure = async (
  calls: Readonly<Record<Variant, Call>>,
  options: { readonly warmup: number; readonly rounds: number; readonly perRound: number }
): Promise<SettingResults> => {
  const samples: Record<Variant, Array<number>> = { raw: [], stackfx: [], officialPublic: [], officialCacheMiss: [] }
  for (const name of VARIANTS) await timeCalls(calls[name], options.warmup, [])
  for (let round = 0; round < options.rounds; round++) {
    // Rotate the order so that no variant always runs right after the same neighbour.
    for (let i = 0; i < VARIANTS.length; i++) {
      const name = VARIANTS[(round + i) % VARIANTS.length] as Variant
      await timeCalls(calls[name], options.perRound, samples[name])
    }
  }
  const stats = {
    raw: callStats(samples.raw),
    stackfx: callStats(samples.stackfx),
    officialPublic: callStats(samples.officialPublic),
    officialCacheMiss: callStats(samples.officialCacheMiss)
  }
  const ratio = (field: "p50Ms" | "meanMs") => ({
    stackfx: stats.stackfx[field] / stats.raw[field],
    officialPublic: stats.officialPublic[field] / stats.raw[field],
    officialCacheMiss: stats.officialCacheMiss[field] / stats.raw[field]
  })
  return { stats, medianRatio: ratio("p50Ms"), meanRatio: ratio("meanMs") }
}

/** `globalThis.fetch` answering `body` at once; the returned function puts the original back. */
const stubFetch = (body: string): (() => void) => {
  const original = globalThis.fetch
  globalThis.fetch = (async () =>
    new Response(body, { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch
  return () => {
    globalThis.fetch = original
  }
}

export const runOverhead = async (baseUrl: string, calls = 2_000): Promise<OverheadResults> => {
  const tokens = await signUp(baseUrl, uniqueEmail("overhead"), "benchmark-password")
  const userBody = await (await fetch(`${baseUrl}/api/v1/users/me`, {
    headers: { ...clientHeaders, "x-stack-access-token": tokens.accessToken }
  })).text()

  const runtime = ManagedRuntime.make(clientTier({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl,
    tokenStore: "memory"
  }))
  let restoreFetch: (() => void) | undefined
  try {
    await runtime.runPromise(Session.use((session) => session.setTokens(tokens)))
    const getUser = CurrentUser.use((me) => me.get)
    const stackfxOk = check(tokens.userId, "stackfx")

    const storeInit = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }
    const options = { projectId: project.id, publishableClientKey: project.publishableClientKey, baseUrl }
    const publicApp = new StackClientApp({ ...options, tokenStore: "memory" })
    const officialOk = check(tokens.userId, "@stackframe/js")
    // A memory store holding the session, as after a sign-in: `_getSession()` then answers one session.
    const sessionApp = new StackClientApp({ ...options, tokenStore: "memory" })
    const internals = sessionApp as unknown as OfficialInternals
    internals._memoryTokenStore.set(storeInit)
    const persistent = await internals._getSession()

    const variants: Record<Variant, Call> = {
      raw: rawCall(baseUrl, tokens),
      stackfx: () => runtime.runPromise(getUser).then(stackfxOk),
      officialPublic: asOfficial(() => publicApp.getUser({ tokenStore: storeInit }).then(officialOk)),
      officialCacheMiss: asOfficial(async () => {
        const crud = await internals._interface.getClientUserByToken(persistent)
        officialOk(internals._currentUserFromCrud(crud, persistent))
      })
    }

    const perRound = 100
    const loopback = await measure(variants, { warmup: 500, rounds: Math.ceil(calls / perRound), perRound })
    const getUserSamples: Array<number> = []
    await timeCalls(asOfficial(() => sessionApp.getUser().then(officialOk)), 8, getUserSamples)

    // The official calls still go through the header-renaming wrapper, which now sits over the stub.
    restoreFetch = stubFetch(userBody)
    const clientOnly = await measure(variants, { warmup: 2_000, rounds: 10, perRound: 500 })
    return { loopback, clientOnly, officialGetUser: callStats(getUserSamples) }
  } finally {
    restoreFetch?.()
    await runtime.dispose()
  }
}
