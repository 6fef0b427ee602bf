/**
 * What every tier is built on: the resolved config, a token store, the session over it and the one
 * transport. Tier Layers add endpoint services on top of this.
 */
import * as Layer from "effect/Layer"
import { ClientConfig, type ClientConfigInput } from "../services/client-config.js"
import type { Session } from "../services/session.js"
import { TokenStore } from "../services/token-store.js"
import { Transport } from "../services/transport.js"

export type CoreServices = ClientConfig | TokenStore | Session | Transport

/**
 * `coreLayer({ projectId, accessType: "client", publishableClientKey, baseUrl })` with a memory token
 * store unless another is given.
 */
export const coreLayer = (
  config: ClientConfigInput,
  tokenStore: Layer.Layer<TokenStore> = TokenStore.memory()
): Layer.Layer<CoreServices> =>
  Transport.layerWithSession.pipe(Layer.provideMerge(Layer.merge(ClientConfig.layer(config), tokenStore)))
