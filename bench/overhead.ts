/**
 * Benchmark 4: per-call overhead. Sequential reads of the signed-in user, each client over Node's global
 * fetch:
 *
 * - raw fetch: `GET /api/v1/users/me` as the wire contract (docs/wire.md) has every client send it, the
 *   same request stackfx sends: its headers (client headers, client version, a fresh random nonce, both
 *   session tokens) and fetch options (`credentials: "omit"`, `cache: "no-store"`), status checked, body
 *   parsed as JSON. Only the AbortSignal stackfx passes (so that interrupting a call aborts its request)
 *   is left out: that is a cost of the client, not of the call;
 * - stackfx: `runtime.runPromise(CurrentUser.get)` on a client tier (memory token store) built once, run
 *   as the package runs, built (per-call-client.ts, built-client.ts), not through the benchmarks' loader;
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
 * costs per call. Each client is measured in a pass of its own beside raw fetch (stackfx; then the two
 * official variants): the official SDK's calls leave several times the garbage of the others, and when they
 * ran between stackfx's they slowed those (on 2026-11-24, 1.12-1.18x mixed against 1.08-1.10x apart, same
 * code), which measured the neighbour and not the client. Within a pass the variants alternate call by call
 * (the order rotating), after a warm-up, so that the machine's drift, large on a shared virtual machine,
 * hits them alike; the figures are per-call medians (robust to scheduling outliers) with means beside them.
 */
import { StackClientApp } from "@stackframe/js"
import { randomUUID } from "node:crypto"
import { makeClientConfig } from "../src/services/wire/client-config.js"
import { loadBuiltPerCallClient } from "./built-client.js"
import { asOfficial } from "./official.js"
import { project, quantile, uniqueEmail } from "./util.js"
import { clientHeaders, signUp, type Tokens } from "./wire.js"

export interface CallStats {
  readonly calls: number
  readonly meanMs: number
  readonly p50Ms: number
  readonly p99Ms: number
}

type Variant = "raw" | "stackfx" | "officialPublic" | "officialCacheMiss"

export interface SettingResults {
  /** `raw` is the raw fetch of stackfx's pass; {@link rawBesideOfficial} that of the official SDK's. */
  readonly stats: Readonly<Record<Variant, CallStats>>
  readonly rawBesideOfficial: CallStats
  /** Median per call over the median of the raw fetch calls of the same pass. */
  readonly medianRatio: Readonly<Record<Exclude<Variant, "raw">, number>>
  /** Mean per call over the mean of the raw fetch calls of the same pass. */
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
  if ((user as { readonly id?: unknown } | null)?.id !== userId)
    throw new Error(`${what} did not answer the signed-in user`)
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
  return {
    calls: samples.length,
    meanMs: total / samples.length,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99)
  }
}

/**
 * One pass: `names` alternate call by call, the order rotating each round, `calls` calls each after
 * `warmup` calls each.
 */
const pass = async (
  calls: Readonly<Record<Variant, Call>>,
  names: ReadonlyArray<Variant>,
  options: { readonly warmup: number; readonly calls: number }
): Promise<Partial<Record<Variant, CallStats>>> => {
  for (const name of names) await timeCalls(calls[name], options.warmup, [])
  const samples = new Map<Variant, Array<number>>(names.map((name) => [name, []]))
  for (let round = 0; round < options.calls; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length] as Variant
      await timeCalls(calls[name], 1, samples.get(name) ?? [])
    }
  }
  return Object.fromEntries([...samples].map(([name, taken]) => [name, callStats(taken)]))
}

const measure = async (
  calls: Readonly<Record<Variant, Call>>,
  options: { readonly warmup: number; readonly calls: number }
): Promise<SettingResults> => {
  const mine = await pass(calls, ["raw", "stackfx"], options)
  const official = await pass(calls, ["raw", "officialPublic", "officialCacheMiss"], options)
  const found = (stats: CallStats | undefined, what: string): CallStats => {
    if (stats === undefined) throw new Error(`the ${what} pass took no samples`)
    return stats
  }
  const raw = found(mine.raw, "stackfx")
  const rawBesideOfficial = found(official.raw, "official")
  const stats = {
    raw,
    stackfx: found(mine.stackfx, "stackfx"),
    officialPublic: found(official.officialPublic, "official"),
    officialCacheMiss: found(official.officialCacheMiss, "official")
  }
  const ratio = (field: "p50Ms" | "meanMs") => ({
    stackfx: stats.stackfx[field] / raw[field],
    officialPublic: stats.officialPublic[field] / rawBesideOfficial[field],
    officialCacheMiss: stats.officialCacheMiss[field] / rawBesideOfficial[field]
  })
  return { stats, rawBesideOfficial, medianRatio: ratio("p50Ms"), meanRatio: ratio("meanMs") }
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

export const runOverhead = async (baseUrl: string, calls = 3_000): Promise<OverheadResults> => {
  const tokens = await signUp(baseUrl, uniqueEmail("overhead"), "benchmark-password")
  const userBody = await (
    await fetch(`${baseUrl}/api/v1/users/me`, {
      headers: { ...clientHeaders, "x-stack-access-token": tokens.accessToken }
    })
  ).text()

  const { makePerCallClient } = await loadBuiltPerCallClient()
  const stackfx = await makePerCallClient({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl,
    tokens
  })
  let restoreFetch: (() => void) | undefined
  try {
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
      stackfx: () => stackfx.getUser().then(stackfxOk),
      officialPublic: asOfficial(() => publicApp.getUser({ tokenStore: storeInit }).then(officialOk)),
      officialCacheMiss: asOfficial(async () => {
        const crud = await internals._interface.getClientUserByToken(persistent)
        officialOk(internals._currentUserFromCrud(crud, persistent))
      })
    }

    const loopback = await measure(variants, { warmup: 500, calls })
    const getUserSamples: Array<number> = []
    await timeCalls(
      asOfficial(() => sessionApp.getUser().then(officialOk)),
      8,
      getUserSamples
    )

    // The official calls still go through the header-renaming wrapper, which now sits over the stub.
    restoreFetch = stubFetch(userBody)
    const clientOnly = await measure(variants, { warmup: 2_000, calls: 5_000 })
    return { loopback, clientOnly, officialGetUser: callStats(getUserSamples) }
  } finally {
    restoreFetch?.()
    await stackfx.dispose()
  }
}
