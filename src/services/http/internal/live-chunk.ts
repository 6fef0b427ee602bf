/**
 * The transport's one way into the lazily loaded chunk (services/live.ts: every service implementation, the
 * known-error catalogue, the network diagnostics). The transport needs two things from it, and only when an
 * answer carries a known error or the retries gave up on the network: it asks this loader for them, and
 * never imports live.ts itself (test/architecture.test.ts), so a call flows one way: from a service through
 * the transport to fetch, and back.
 *
 * The dynamic import keeps the chunk out of the first load; it is the same chunk the endpoint services'
 * lazy layers load (lazy-service.ts), so a bundler still makes one chunk of it.
 */
import type { decodeKnownErrorWithCode } from "../../../errors/decode.js"
import type { runDiagnostics } from "../diagnostics.js"

/** What the transport uses of the lazily loaded chunk. @internal */
export interface LiveChunk {
  /** The known error an answer carries (errors/decode.ts). */
  readonly decodeKnownErrorWithCode: typeof decodeKnownErrorWithCode
  /** Health probes for a request the retries gave up on (diagnostics.ts). */
  readonly runDiagnostics: typeof runDiagnostics
}

/** Loads the chunk (once: the module system keeps it); a failed load is tried again by the next caller. @internal */
export const loadLiveChunk = (): Promise<LiveChunk> => import("../../live.js")
