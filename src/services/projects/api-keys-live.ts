/** The implementation of {@link ApiKeys}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { ApiKey, ApiKeyCreate, ApiKeyCreated } from "../../domain/api-key.js"
import { ListResponse } from "../../domain/list.js"
import { ApiKeysErrors } from "./api-keys-errors.js"
import { type ApiKeysShape, withValidity } from "./api-keys.js"
import { documented } from "../http/endpoint.js"
import { jsonBody, Transport } from "../http/transport.js"
import { encodeInput } from "../http/wire-codec.js"

export const makeApiKeys: Effect.Effect<ApiKeysShape, never, Transport> = Effect.gen(function*() {
  const transport = yield* Transport
  const encodeCreate = encodeInput(ApiKeyCreate)
  const path = (id: string) => `/internal/api-keys/${encodeURIComponent(id)}`

  const create = (input: ApiKeyCreate) =>
    encodeCreate(input).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "POST", path: "/internal/api-keys", body: jsonBody(body) }, ApiKeyCreated)
      ),
      Effect.flatMap(withValidity),
      documented(...ApiKeysErrors.create)
    )

  const list = transport.requestJson({ method: "GET", path: "/internal/api-keys" }, ListResponse(ApiKey)).pipe(
    Effect.flatMap((answer) => Effect.forEach(answer.items, withValidity)),
    documented(...ApiKeysErrors.list)
  )

  const get = (id: string) =>
    transport.requestJson({ method: "GET", path: path(id) }, ApiKey).pipe(
      Effect.flatMap(withValidity),
      documented(...ApiKeysErrors.get)
    )

  const revoke = (id: string) =>
    transport.requestJson({ method: "PATCH", path: path(id), body: jsonBody({ revoked: true }) }, ApiKey).pipe(
      Effect.flatMap(withValidity),
      documented(...ApiKeysErrors.revoke)
    )

  return { create, list, get, revoke } satisfies ApiKeysShape
})
