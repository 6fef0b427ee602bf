import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { DEFAULT_BASE_URL, isHostedBaseUrl } from "../../domain/api.js"
import type { NetworkDiagnostics } from "../../errors/client/network-diagnostics.js"
import type { ClientConfigShape } from "./client-config.js"
import { Fetch } from "./transport-request.js"

/**
 * The public trace endpoint (is the internet there?) and the health of the hosted dashboard of the same name
 * as a hosted API host (`api.hexclave.com` -> `app.hexclave.com`; `api.stack-auth.com` -> `app.stack-auth.com`).
 */
const thirdPartyProbeUrls = (baseUrl: string): ReadonlyArray<string> => [
  "https://1.1.1.1/cdn-cgi/trace",
  `${baseUrl.replace(/\/+$/, "").replace("://api.", "://app.")}/health`
]

/**
 * Whether the base URL is on this machine (localhost, a `.localhost` name, 127.0.0.0/8, ::1): a local backend
 * that does not answer is down or elsewhere, and no host on the internet says anything about that.
 */
const onThisMachine = (baseUrl: string): boolean => {
  if (!URL.canParse(baseUrl)) return false
  const host = new URL(baseUrl).hostname
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]"
}

export const probeTimeoutMs = 5000

interface Probe {
  readonly url: string
  readonly status?: number
  readonly error?: string
}

const navigatorOnline = (): boolean | undefined => {
  const online = (globalThis as { readonly navigator?: { readonly onLine?: unknown } }).navigator?.onLine
  return typeof online === "boolean" ? online : undefined
}

const probe = (url: string): Effect.Effect<Probe> =>
  Effect.gen(function* () {
    const fetch = yield* Fetch
    return yield* Effect.tryPromise({
      try: (signal) => fetch(url, { method: "GET", credentials: "omit", cache: "no-store", signal }),
      catch: (cause) => (cause instanceof Error ? cause.message : String(cause))
    }).pipe(
      Effect.timeoutOrElse({
        duration: Duration.millis(probeTimeoutMs),
        orElse: () => Effect.fail(`no answer within ${probeTimeoutMs} ms`)
      }),
      Effect.match({
        onSuccess: (response): Probe => ({ url, status: response.status }),
        onFailure: (error): Probe => ({ url, error })
      })
    )
  })

const describeProbe = (p: Probe): string =>
  `${p.url}: ${p.status === undefined ? `unreachable (${p.error ?? "unknown error"})` : `HTTP ${p.status}`}`

/** Which probes answered (any HTTP status) and which did not, in one sentence. */
const summarize = (probes: ReadonlyArray<Probe>): string => {
  const answered = probes.filter((p) => p.status !== undefined).map((p) => p.url)
  const silent = probes.filter((p) => p.status === undefined).map((p) => p.url)
  return [
    answered.length === 0 ? "None answered" : `Answered: ${answered.join(", ")}`,
    silent.length === 0 ? "" : `; no answer from ${silent.join(", ")}`
  ].join("")
}

/**
 * The API's own health endpoint; then, when third-party diagnostics are allowed (the default) and the API is
 * not on this machine, the public trace endpoint, the hosted app's health and (beside a custom base URL) the
 * hosted backend's, as SPEC asks: together they tell whether the internet, the hosted service or the API
 * is what cannot be reached.
 */
export const probeUrls = (config: ClientConfigShape): ReadonlyArray<string> => {
  const own = `${config.baseUrl}/health`
  if (!config.thirdPartyDiagnostics || onThisMachine(config.baseUrl)) return [own]
  return isHostedBaseUrl(config.baseUrl)
    ? [own, ...thirdPartyProbeUrls(config.baseUrl)]
    : [own, ...thirdPartyProbeUrls(DEFAULT_BASE_URL), `${DEFAULT_BASE_URL}/health`]
}

/**
 * Report offline when the platform says so; otherwise probe, so the report tells
 * whether the internet, the API, or this machine is the problem. Never fails.
 */
export const runDiagnostics = (config: ClientConfigShape): Effect.Effect<NetworkDiagnostics> =>
  Effect.gen(function* () {
    if (navigatorOnline() === false) {
      return {
        offline: true,
        message: "You are offline: the browser reports no network connection. Check your internet connection.",
        checks: []
      }
    }
    const probes = yield* Effect.forEach(probeUrls(config), probe, { concurrency: "unbounded" })
    return {
      offline: false,
      message: `Could not connect to ${config.baseUrl}. ${summarize(probes)}. Checks: ${probes.map(describeProbe).join("; ")}`,
      checks: probes.map((p) => ({
        url: p.url,
        ok: p.status !== undefined && p.status >= 200 && p.status < 300,
        ...(p.status === undefined ? {} : { status: p.status })
      }))
    }
  })
