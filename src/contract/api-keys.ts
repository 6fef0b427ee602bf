/**
 * The project's API key sets (`/internal/api-keys`), admin only, as the hosted dashboard uses them. A key
 * set's full key values are answered once, by the create; reads show their last four characters.
 */
import { ApiKeyCreate, ApiKeyUpdate, HostedApiKey, HostedApiKeyCreated } from "../domain/api-key.js"
import { ListResponse } from "../domain/list.js"
import { ApiKeySetId } from "../domain/ids.js"
import { ADMIN, ADMIN_TOKEN_ERRORS } from "./access.js"
import { endpoint } from "./declaration.js"
import { NoCrudQuery } from "./crud-query.js"

export const InternalApiKeysApi = {
  create: endpoint({
    name: "internalApiKeys.create",
    summary: "A new key set; the answer is the only time its full keys are shown",
    method: "POST",
    path: "/internal/api-keys",
    access: ADMIN,
    query: NoCrudQuery,
    body: ApiKeyCreate,
    success: HostedApiKeyCreated,
    errors: ADMIN_TOKEN_ERRORS
  }),
  list: endpoint({
    name: "internalApiKeys.list",
    summary: "Every key set of the project, newest first",
    method: "GET",
    path: "/internal/api-keys",
    access: ADMIN,
    query: NoCrudQuery,
    success: ListResponse(HostedApiKey),
    errors: ADMIN_TOKEN_ERRORS
  }),
  get: endpoint({
    name: "internalApiKeys.get",
    summary: "One key set",
    method: "GET",
    path: "/internal/api-keys/{api_key_id}",
    params: { api_key_id: ApiKeySetId },
    access: ADMIN,
    query: NoCrudQuery,
    success: HostedApiKey,
    errors: [...ADMIN_TOKEN_ERRORS, "ApiKeyNotFound"]
  }),
  update: endpoint({
    name: "internalApiKeys.update",
    summary: "Renames or revokes a key set (`{ revoked: true }`, for good; a second revoke keeps the first time)",
    method: "PATCH",
    path: "/internal/api-keys/{api_key_id}",
    params: { api_key_id: ApiKeySetId },
    access: ADMIN,
    query: NoCrudQuery,
    body: ApiKeyUpdate,
    success: HostedApiKey,
    errors: [...ADMIN_TOKEN_ERRORS, "ApiKeyNotFound"]
  })
}
