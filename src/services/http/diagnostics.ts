import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { isHostedBaseUrl } from "../../domain/api.js"
import type { NetworkDiagnostics } from "../../errors/client/network-diagnostics.js"
import type { ClientConfigShape } from "./client-config.js"
import { Fetch } from "./transport-fetch.js"

/**
 * Public hosts probed only when the client talks to the hosted API (at either of its hosts): a trace
 * endpoint, and the dashboard of the same name as the API host (`api.hexclave.com` -> `app.hexclave.com`).
 */
const thirdPartyProbeUrls = (baseUrl: string): ReadonlyArray<string> => [
  "https://1.1.1.1/cdn-cgi/trace",
  `${baseUrl.replace(/\/+$/, "").replace("://api.", "://app.")}/health`
]

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

/** The API's own health endpoint, plus third-party hosts only for the hosted API and only when allowed. */
export const probeUrls = (config: ClientConfigShape): ReadonlyArray<string> => [
  `${config.baseUrl}/health`,
  ...(config.thirdPartyDiagnostics && isHostedBaseUrl(config.baseUrl) ? thirdPartyProbeUrls(config.baseUrl) : [])
]

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
      message: `Could not connect to ${config.baseUrl}. Checks: ${probes.map(describeProbe).join("; ")}`,
      checks: probes.map((p) => ({
        url: p.url,
        ok: p.status !== undefined && p.status >= 200 && p.status < 300,
        ...(p.status === undefined ? {} : { status: p.status })
      }))
    }
  })
