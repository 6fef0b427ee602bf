/**
 * The one loader of the lazily loaded chunk (services/live.ts: every service implementation, the known-error
 * catalogue, the network diagnostics) that the pipeline is handed: the wire (services/wire/lazy-parts.ts) asks
 * it for the catalogue when an answer carries a known error and for the diagnostics when the retries gave up
 * on the network, and never imports the chunk itself (test/architecture.test.ts).
 *
 * The dynamic import keeps the chunk out of the first load; it is the same chunk the endpoint services'
 * lazy layers load (lazy-service.ts), so a bundler still makes one chunk of it.
 */
import * as Layer from "effect/Layer"
import { type LazyParts, LazyPartsLoader } from "../../wire/lazy-parts.js"

/** Loads the chunk (once: the module system keeps it); a failed load is tried again by the next caller. @internal */
export const loadLiveChunk = (): Promise<LazyParts> => import("../../live.js")

/** The loader, for the layers of the session and the transport. @internal */
export const lazyPartsLayer: Layer.Layer<LazyPartsLoader> = /* @__PURE__ */ Layer.succeed(
  LazyPartsLoader,
  loadLiveChunk
)
