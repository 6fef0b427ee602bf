/**
 * Project API key sets (admin tier). Every key set comes back with its validity (the rule:
 * expired, manually revoked or valid) worked out against the Effect `Clock` when it was read.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from "../../domain/api-key.js"
import { type ApiKeyTimes, type ApiKeyValidity, apiKeyValidity } from "../../domain/rules/api-key-validity.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import type { ApiKeysErrors } from "./api-keys-errors.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"

/** A listed key set (last four characters only) and whether it still works. */
export type ApiKeyWithValidity = ApiKey & { readonly validity: ApiKeyValidity }
/** The create answer (full key values, shown this once) and its validity. */
export type CreatedApiKey = ApiKeyCreated & { readonly validity: ApiKeyValidity }

/** Attaches the validity as of the current `Clock` time. */
export const withValidity = <K extends ApiKeyTimes>(key: K): Effect.Effect<K & { readonly validity: ApiKeyValidity }> =>
  Effect.map(Clock.currentTimeMillis, (now) => ({ ...key, validity: apiKeyValidity(key, now) }))

type Fails<Method extends keyof typeof ApiKeysErrors> = FailureOf<typeof ApiKeysErrors, Method>

/** What the ApiKeys service offers; see its tag for the rules. */
export interface ApiKeysShape {
  /**
   * `create({ description: "CI", expiresAt, hasPublishableClientKey: true, hasSecretServerKey: true,
   * hasSuperSecretAdminKey: false })`; the answer is the only time the full keys are available.
   */
  readonly create: (input: ApiKeyCreate) => Effect.Effect<CreatedApiKey, InvalidInput | Fails<"create">>
  /** Every key set of the project, newest first. */
  readonly list: Effect.Effect<ReadonlyArray<ApiKeyWithValidity>, Fails<"list">>
  readonly get: (id: string) => Effect.Effect<ApiKeyWithValidity, Fails<"get">>
  /** Revokes a key set for good; its keys stop working at once. Revoking twice keeps the first time. */
  readonly revoke: (id: string) => Effect.Effect<ApiKeyWithValidity, Fails<"revoke">>
}

/** The project's API key sets (admin): create, list, read and revoke. User and team keys are `UserApiKeys`, `TeamApiKeys` and `ServerApiKeys`. */
export class ApiKeys extends /* @__PURE__ */ Context.Service<ApiKeys, ApiKeysShape>()("stackfx/ApiKeys") {
  static readonly layer: Layer.Layer<ApiKeys, never, Transport> = /* @__PURE__ */ lazyLayer(
    ApiKeys,
    { create: "function", list: "effect", get: "function", revoke: "function" },
    () => import("../live.js").then((m) => m.makeApiKeys)
  )
}
