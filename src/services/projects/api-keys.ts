/**
 * Project API key sets (admin tier). Every key set comes back with its validity (the rule:
 * expired, manually revoked or valid) worked out against the Effect `Clock` when it was read.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { type ApiKeyTimes, type ApiKeyValidity, apiKeyValidity } from "../../domain/rules/api-key-validity.js"
import { ApiKeysMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ApiKeysCalls } from "./api-keys-calls.js"

export type { ApiKeyWithValidity, CreatedApiKey } from "./api-keys-calls.js"

/** Attaches the validity as of the current `Clock` time. */
export const withValidity = <K extends ApiKeyTimes>(key: K): Effect.Effect<K & { readonly validity: ApiKeyValidity }> =>
  Effect.map(Clock.currentTimeMillis, (now) => ({ ...key, validity: apiKeyValidity(key, now) }))

/** What the ApiKeys service offers; see its tag for the rules. Its members are declared in api-keys-calls.ts. */
export type ApiKeysShape = ShapeOf<typeof ApiKeysCalls>

/** The project's API key sets (admin): create, list, read and revoke. User and team keys are `UserApiKeys`, `TeamApiKeys` and `ServerApiKeys`. */
export class ApiKeys extends /* @__PURE__ */ Context.Service<ApiKeys, ApiKeysShape>()("stackfx/ApiKeys") {
  static readonly layer: Layer.Layer<ApiKeys, never, Transport> = /* @__PURE__ */ lazyLayer(
    ApiKeys,
    ApiKeysMembers,
    () => import("../live.js").then((m) => m.makeApiKeys)
  )
}
