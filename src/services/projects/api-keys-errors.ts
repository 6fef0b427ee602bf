/**
 * The known errors each `ApiKeys` method documents (see `ErrorTable` in endpoint.ts); like every admin call,
 * each documents the admin-token errors (admin-auth.ts).
 */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

export const ApiKeysErrors = {
  create: AdminAuthErrorTags,
  list: AdminAuthErrorTags,
  get: [...AdminAuthErrorTags, "ApiKeyNotFound"],
  revoke: [...AdminAuthErrorTags, "ApiKeyNotFound"]
} as const satisfies ErrorTable
