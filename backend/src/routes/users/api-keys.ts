/**
 * Project API key sets (`/internal/api-keys`), admin only, as the hosted dashboard uses them. The answers
 * leave `manually_revoked_at_millis` out until a key set is revoked, as the service does (the declarations'
 * `HostedApiKey`).
 */
import * as Effect from "effect/Effect"
import { InternalApiKeysApi } from "@stackfx/lib/contract/api-keys.js"
import { requireInput } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  createApiKeySet,
  findApiKey,
  listApiKeys,
  unstorableExpiryReason,
  updateApiKey
} from "../../operations/projects/api-key-sets.js"

export const routes = [
  serve(InternalApiKeysApi.create, ({ auth, body, request }) =>
    Effect.gen(function* () {
      const unstorable = unstorableExpiryReason(body.expiresAt.getTime())
      yield* requireInput(request, unstorable === undefined, `body.expires_at_millis: ${unstorable}`)
      return yield* createApiKeySet(auth.project.id, body)
    })
  ),
  serve(InternalApiKeysApi.list, ({ auth }) =>
    Effect.map(listApiKeys(auth.project.id), (items) => ({ items, isPaginated: false as const }))
  ),
  serve(InternalApiKeysApi.get, ({ auth, params }) => findApiKey(auth.project.id, params.api_key_id)),
  serve(InternalApiKeysApi.update, ({ auth, body, params }) => updateApiKey(auth.project.id, params.api_key_id, body))
]
