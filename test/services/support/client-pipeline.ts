/** The call pipeline of a client tab (Transport and Session over a memory store) against a stub server. */
import * as Layer from "effect/Layer"
import { ClientConfig, type ClientConfigInput } from "../../../src/services/wire/client-config.js"
import { Transport } from "../../../src/services/http/transport.js"
import type { Session } from "../../../src/services/session/session.js"
import { type StoredTokens, TokenStore } from "../../../src/services/session/token-store.js"

/** The client tier's config of these tests: project `proj`, publishable key `pck`, the given base URL. */
export const testClientConfig = (
  baseUrl: string,
  overrides: Partial<ClientConfigInput> = {}
): Layer.Layer<ClientConfig> =>
  ClientConfig.layer({ projectId: "proj", accessType: "client", publishableClientKey: "pck", baseUrl, ...overrides })

/** Project `proj`, publishable key `pck`, the session holding `tokens`. */
export const clientPipeline = (baseUrl: string, tokens: StoredTokens): Layer.Layer<Transport | Session> =>
  Transport.layerWithSession.pipe(Layer.provide(Layer.merge(testClientConfig(baseUrl), TokenStore.memory(tokens))))
