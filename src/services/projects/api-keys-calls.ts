/**
 * The members of {@link ApiKeys}, each a call of a declared endpoint (contract/api-keys.ts), answered with
 * the key set's validity as of the Effect `Clock` (api-keys-live.ts adds it).
 */
import type * as Effect from "effect/Effect"
import { InternalApiKeysApi } from "../../contract/api-keys.js"
import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from "../../domain/api-key.js"
import type { ApiKeyValidity } from "../../domain/rules/api-key-validity.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { CallFailureAt } from "../http/call.js"
import { custom } from "../http/service-calls.js"

/** A listed key set (last four characters only) and whether it still works. */
export type ApiKeyWithValidity = ApiKey & { readonly validity: ApiKeyValidity }
/** The create answer (full key values, shown this once) and its validity. */
export type CreatedApiKey = ApiKeyCreated & { readonly validity: ApiKeyValidity }

type Fails<D extends keyof typeof InternalApiKeysApi> = CallFailureAt<(typeof InternalApiKeysApi)[D], "admin">

export const ApiKeysCalls = {
  /**
   * `create({ description: "CI", expiresAt, hasPublishableClientKey: true, hasSecretServerKey: true,
   * hasSuperSecretAdminKey: false })`; the answer is the only time the full keys are available.
   */
  create: custom<(input: ApiKeyCreate) => Effect.Effect<CreatedApiKey, Fails<"create">>>("function"),
  /** Every key set of the project, newest first. */
  list: custom<Effect.Effect<ReadonlyArray<ApiKeyWithValidity>, Fails<"list">>>("effect"),
  get: custom<(id: string) => Effect.Effect<ApiKeyWithValidity, Fails<"get">>>("function"),
  /** Revokes a key set for good; its keys stop working at once. Revoking twice keeps the first time. */
  revoke: custom<(id: string) => Effect.Effect<ApiKeyWithValidity, Exclude<Fails<"update">, InvalidInput>>>("function")
}
