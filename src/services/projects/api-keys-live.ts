/** The implementation of {@link ApiKeys}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { InternalApiKeysApi } from "../../contract/api-keys.js"
import type { ApiKeyCreate } from "../../domain/api-key.js"
import { callers } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { withValidity } from "./api-keys.js"
import { ApiKeysCalls } from "./api-keys-calls.js"

export const makeApiKeys = implement(
  ApiKeysCalls,
  Effect.map(Transport, (transport) => {
    const { create, list, get, update } = callers(transport, InternalApiKeysApi, "admin")
    const key = (id: string) => ({ apiKeyId: id })
    return {
      create: (input: ApiKeyCreate) => Effect.flatMap(create({ body: input }), withValidity),
      list: Effect.flatMap(list({}), (answer) => Effect.forEach(answer.items, withValidity)),
      get: (id: string) => Effect.flatMap(get({ params: key(id) }), withValidity),
      revoke: (id: string) =>
        update({ params: key(id), body: { revoked: true } }).pipe(
          // `{ revoked: true }` always encodes.
          Effect.catchTag("InvalidInput", (error) => Effect.die(error)),
          Effect.flatMap(withValidity)
        )
    }
  })
)
