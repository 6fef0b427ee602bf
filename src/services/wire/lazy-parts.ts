/**
 * What the wire needs of the lazily loaded chunk (services/live.ts): the known-error catalogue, for an answer
 * that carries a known error, the network diagnostics, for a request the retries gave up on, and the spans of a
 * traced program. The wire does
 * not import the chunk: whoever builds the pipeline hands it the loader (`Transport.layerWithSession`, through
 * services/http/internal/lazy-service.ts), so imports only point down, from the services to the wire.
 */
import * as Context from "effect/Context"
import type { KnownErrorMismatch } from "../../errors/client/known-error-mismatch.js"
import type { UnexpectedKnownError } from "../../errors/client/unexpected-known-error.js"
import type { KnownError } from "../../errors/known/registry.js"
import type { WireErrorResponse } from "../../errors/wire-response.js"
import type { ClientConfigShape } from "./client-config.js"
import type { runDiagnostics } from "./diagnostics.js"
import type { attemptSpan, spanned } from "./tracing-spans.js"

/** What the wire uses of the lazily loaded chunk. */
export interface LazyParts {
  /** The known error an answer carries (errors/decode.ts; written out: that function is internal). */
  readonly decodeKnownErrorWithCode: (
    res: WireErrorResponse,
    headerCode: string
  ) => KnownError | UnexpectedKnownError | KnownErrorMismatch
  /** Health probes for a request the retries gave up on (diagnostics.ts). */
  readonly runDiagnostics: typeof runDiagnostics
  /** A span around an effect, for a traced program (tracing-spans.ts). */
  readonly spanned: typeof spanned
  /** The span of one HTTP attempt (tracing-spans.ts). */
  readonly attemptSpan: typeof attemptSpan
}

/** Loads the parts (once: the module system keeps the chunk); a failed load is tried again by the next caller. */
export type LoadLazyParts = () => Promise<LazyParts>

/**
 * The loader of the lazy parts, handed to the session and the transport when they are built. Not exported by the
 * entries: `Transport.layerWithSession` (what every tier uses) provides it; the declarations of `Session.layer`
 * and `Transport.layer` name it, so it is not marked internal.
 */
export class LazyPartsLoader
  extends /* @__PURE__ */ Context.Service<LazyPartsLoader, LoadLazyParts>()("stackfx/LazyPartsLoader") {}

/** The client's configuration with the loader of the lazy parts: what the wire's send functions take. */
export interface WireConfig extends ClientConfigShape {
  readonly loadLazyParts: LoadLazyParts
}

/** `config` handed the loader of the lazy parts. @internal */
export const wireConfig = (config: ClientConfigShape, loadLazyParts: LoadLazyParts): WireConfig => ({
  ...config,
  loadLazyParts
})
