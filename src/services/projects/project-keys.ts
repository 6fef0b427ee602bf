/**
 * Project API key sets (admin tier). Every key set comes back with its validity (the rule:
 * expired, manually revoked or valid) worked out against the Effect `Clock` when it was read.
 */
import * as Effect from "effect/Effect"
import { type ApiKeyWithValidity, type CreatedApiKey, withValidity } from "./project-key-validity.js"
import { callers, type CallFailureAt, custom, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { InternalApiKeysApi } from "../../contract/api-keys.js"
import type { ApiKeyCreate } from "../../domain/api-key.js"

type Fails<D extends keyof typeof InternalApiKeysApi> = CallFailureAt<(typeof InternalApiKeysApi)[D], "admin">

/** The project's API key sets (admin): create, list, read and revoke. User and team keys are `UserApiKeys`, `TeamApiKeys` and `ServerApiKeys`. */
export const ApiKeysCalls = {
  /**
   * `create({ description: "CI", expiresAt, hasPublishableClientKey: true, hasSecretServerKey: true,
   * hasSuperSecretAdminKey: false })`; the answer is the only time the full keys are available.
   */
  create: custom<(input: ApiKeyCreate) => Effect.Effect<CreatedApiKey, Fails<"create">>>("function"),
  /** Every key set of the project, newest first. */
  list: custom<Effect.Effect<ReadonlyArray<ApiKeyWithValidity>, Fails<"list">>>("effect"),
  get: custom<(id: string) => Effect.Effect<ApiKeyWithValidity, Fails<"get">>>("function"),
  /**
   * Revokes a key set for good; its keys stop working at once. Revoking twice keeps the first time. An id that is
   * not a UUID is `InvalidInput`, nothing sent.
   */
  revoke: custom<(id: string) => Effect.Effect<ApiKeyWithValidity, Fails<"update">>>("function")
}

export const makeApiKeys = implement(
  ApiKeysCalls,
  Effect.map(Transport, (transport) => {
    const { create, list, get, update } = callers(transport, InternalApiKeysApi, "admin")
    const key = (id: string) => ({ api_key_id: id })
    return {
      create: (input: ApiKeyCreate) => Effect.flatMap(create({ body: input }), withValidity),
      list: Effect.flatMap(list({}), (answer) => Effect.forEach(answer.items, withValidity)),
      get: (id: string) => Effect.flatMap(get({ params: key(id) }), withValidity),
      revoke: (id: string) => Effect.flatMap(update({ params: key(id), body: { revoked: true } }), withValidity)
    }
  })
)
