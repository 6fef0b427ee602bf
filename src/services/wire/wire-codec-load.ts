/**
 * Loads wire-codec.ts (effect's Schema and the schemas every program uses) once, on first use. A call starts
 * the load when it starts its request and awaits it when the answer is in, so the load costs no time of its
 * own; after that the module is at hand synchronously.
 *
 * The one loader below is module state on purpose: it is a memo of one immutable value, the codec module,
 * which the module system itself imports once per page or process whoever asks. Held per Layer, each
 * runtime's first answer would only wait once more for a module already loaded; and the session, which
 * the Transport is built on, starts the same load for its refresh.
 */
import * as Effect from "effect/Effect"
import { NetworkError } from "../../errors/client/network-error.js"
import type { WireCodecModule } from "./lazy-schema.js"

/** Loads the codec once, with `importModule`; see {@link startLoadingCodec} and {@link wireCodec}. @internal */
export const makeCodecLoader = (importModule: () => Promise<WireCodecModule>) => {
  let loaded: WireCodecModule | undefined
  let loading: Promise<WireCodecModule> | undefined

  const start = (): void => {
    if (loaded !== undefined || loading !== undefined) return
    loading = importModule().then(
      (module) => (loaded = module),
      (cause: unknown) => {
        loading = undefined
        throw cause
      }
    )
  }

  const get = (method: string, url: string): Effect.Effect<WireCodecModule, NetworkError> => {
    if (loaded !== undefined) return Effect.succeed(loaded)
    start()
    return Effect.tryPromise({
      try: () => loading ?? importModule(),
      catch: (cause) =>
        new NetworkError({
          method,
          url,
          causeMessage: `stackfx could not load its response decoder: ${cause instanceof Error ? cause.message : String(cause)}`,
          attempts: 1
        })
    })
  }
  /** The codec if it is loaded, for code that can use it at once. */
  const now = (): WireCodecModule | undefined => loaded
  return { start, get, now }
}

const loader = makeCodecLoader(() => import("./wire-codec.js"))

/**
 * Starts loading the codec unless it is loaded or loading; a failed load is tried again by the next call.
 * @internal
 */
export const startLoadingCodec: () => void = loader.start

/**
 * The codec, once loaded. Its chunk failing to load (the network is down, the app was redeployed) is the
 * call's `NetworkError`: the answer could not be read, exactly as if it had not arrived.
 * @internal
 */
export const wireCodec: (method: string, url: string) => Effect.Effect<WireCodecModule, NetworkError> = loader.get

/** The codec if it is already loaded, else `undefined` (then use {@link wireCodec}). @internal */
export const loadedCodec: () => WireCodecModule | undefined = loader.now
