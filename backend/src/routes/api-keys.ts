/** Project API key sets (`/internal/api-keys`), admin only, as the hosted dashboard uses them. */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyUpdate } from "@stackfx/lib/domain/api-key.js"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { ApiKeyNotFound } from "@stackfx/lib/errors/known/api-keys.js"
import { endpoint } from "../http/endpoint.js"
import { schemaErrorOf } from "../http/request.js"
import { json } from "../http/respond.js"
import { createApiKeySet, toApiKey } from "../operations/api-keys.js"
import { Db } from "../store/db.js"
import { STORABLE_MILLIS } from "../store/storable.js"
import { findApiKeySet, listApiKeySets, revokeApiKeySet, updateApiKeySetDescription } from "../store/api-keys.js"
import { ADMIN } from "../http/access.js"

const ApiKeyList = ListResponse(ApiKey)

type WireKey = Readonly<Record<string, unknown>>

const isRecord = (value: unknown): value is WireKey => typeof value === "object" && value !== null && !Array.isArray(value)

/** The hosted service leaves `manually_revoked_at_millis` out of a key set that was never revoked. */
const hostedKeyShape = (wire: WireKey): WireKey => {
  if (wire["manually_revoked_at_millis"] !== null) return wire
  const { manually_revoked_at_millis: _never, ...rest } = wire
  return rest
}

/** Encodes a key set (or a list of them) in the hosted shape. */
const keyResponse = <S extends Schema.Top & { readonly EncodingServices: never }>(schema: S, value: S["Type"]) =>
  Effect.map(Effect.orDie(Schema.encodeEffect(schema)(value)), (wire) => {
    if (!isRecord(wire)) return json(wire)
    const items = wire["items"]
    return json(
      Array.isArray(items)
        ? { ...wire, items: items.map((item) => (isRecord(item) ? hostedKeyShape(item) : item)) }
        : hostedKeyShape(wire)
    )
  })

const findOrFail = (projectId: string, id: string | undefined) =>
  Effect.gen(function*() {
    const db = yield* Db
    const row = id === undefined ? undefined : yield* findApiKeySet(db, projectId, id)
    if (row === undefined) return yield* Effect.fail(new ApiKeyNotFound({}))
    return row
  })

export const routes = [
  endpoint({
    method: "POST",
    path: "/internal/api-keys",
    access: ADMIN,
    body: ApiKeyCreate,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        const expiresAt = body.expiresAt.getTime()
        if (expiresAt < STORABLE_MILLIS.min || expiresAt > STORABLE_MILLIS.max) {
          return yield* Effect.fail(schemaErrorOf(request, [
            `body.expires_at_millis: must be between ${STORABLE_MILLIS.min} and ${STORABLE_MILLIS.max} (years 1 to 9999)`
          ]))
        }
        const created = yield* createApiKeySet(yield* Db, auth.project.id, body)
        return yield* keyResponse(ApiKeyCreated, created)
      })
  }),
  endpoint({
    method: "GET",
    path: "/internal/api-keys",
    access: ADMIN,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        const rows = yield* listApiKeySets(yield* Db, auth.project.id)
        return yield* keyResponse(ApiKeyList, { items: rows.map(toApiKey), isPaginated: false })
      })
  }),
  endpoint({
    method: "GET",
    path: "/internal/api-keys/:apiKeyId",
    access: ADMIN,
    handler: ({ auth, params }) => Effect.flatMap(findOrFail(auth.project.id, params["apiKeyId"]), (row) => keyResponse(ApiKey, toApiKey(row)))
  }),
  endpoint({
    method: "PATCH",
    path: "/internal/api-keys/:apiKeyId",
    access: ADMIN,
    body: ApiKeyUpdate,
    handler: ({ auth, body, params }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const row = yield* findOrFail(auth.project.id, params["apiKeyId"])
        yield* db.transaction(
          Effect.gen(function*() {
            if (body.description !== undefined) yield* updateApiKeySetDescription(db, auth.project.id, row.id, body.description)
            // Revocation is final; a second revoke keeps the first time (see revokeApiKeySet).
            if (body.revoked === true) {
              yield* revokeApiKeySet(db, auth.project.id, row.id, new Date(yield* Clock.currentTimeMillis))
            }
          })
        )
        const updated = yield* findOrFail(auth.project.id, row.id)
        return yield* keyResponse(ApiKey, toApiKey(updated))
      })
  })
]
