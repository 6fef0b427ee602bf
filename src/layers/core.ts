/**
 * What every tier is built on: the resolved config, a token store, the session over it, the one
 * transport, and the channel on which its services' writes announce what they changed. Tier Layers add
 * endpoint services on top of this.
 */
import * as Layer from "effect/Layer"
import { ClientConfig, type ClientConfigInput } from "../services/wire/client-config.js"
import { DataChanges } from "../services/changes/data-changes.js"
import type { Session } from "../services/session/session.js"
import { TokenStore } from "../services/session/token-store.js"
import { Transport } from "../services/http/transport.js"

/** The services every tier starts from: configuration, token store, session, transport and data-change notices. */
export type CoreServices = ClientConfig | TokenStore | Session | Transport | DataChanges

/**
 * `layerCore({ projectId, accessType: "client", publishableClientKey, baseUrl })` with a memory token
 * store unless another is given.
 */
export const layerCore = (
  config: ClientConfigInput,
  tokenStore: Layer.Layer<TokenStore> = TokenStore.memory()
): Layer.Layer<CoreServices> =>
  Transport.layerWithSession.pipe(
    Layer.provideMerge(Layer.mergeAll(ClientConfig.layer(config), tokenStore, DataChanges.layer))
  )

/** The former name of `layerCore` (effect's order for layer constructors). @deprecated Use `layerCore`. */
export const coreLayer = layerCore
