/**
 * The codec (wire-codec.ts: effect's Schema and the schemas every program uses), loaded once, on first use,
 * and the schemas code on a program's first load names through it (`lazySchema`): that code must not import
 * a schema. A call starts the load when it starts its request and awaits it when the answer is in, so the
 * load costs no time of its own; after that the module is at hand synchronously.
 *
 * The one loader below is module state on purpose: it is a memo of one immutable value, the codec module,
 * which the module system itself imports once per page or process whoever asks. Held per Layer, each
 * runtime's first answer would only wait once more for a module already loaded; and the session, which
 * the Transport is built on, starts the same load for its refresh.
 */
import * as Effect from "effect/Effect"
import { NetworkError } from "../../errors/client/network-error.js"
import type * as WireCodec from "./wire-codec.js"

/** The codec module's contents. */
export type WireCodecModule = typeof WireCodec

const LazySchemaId: unique symbol = Symbol.for("stackfx/LazySchema")

/**
 * A schema named through the codec module, for code on the first load (which must not import a schema):
 * `lazySchema((codec) => codec.schemas.ClientUser)`.
 */
export interface LazySchema<S> {
  readonly [LazySchemaId]: (codec: WireCodecModule) => S
}

/** See {@link LazySchema}. */
export const lazySchema = <S>(pick: (codec: WireCodecModule) => S): LazySchema<S> => ({ [LazySchemaId]: pick })

/** The schema itself, or the one a {@link LazySchema} names, given the loaded codec. @internal */
export const resolveSchema = <S>(schema: S | LazySchema<S>, codec: WireCodecModule): S =>
  typeof schema === "object" && schema !== null && LazySchemaId in schema
    ? (schema as LazySchema<S>)[LazySchemaId](codec)
    : (schema as S)

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
