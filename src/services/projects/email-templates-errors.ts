/**
 * The known errors each `EmailTemplates` method documents (see `ErrorTable` in endpoint.ts); like every admin call,
 * each documents the admin-token errors (admin-auth.ts).
 */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

export const EmailTemplatesErrors = {
  list: AdminAuthErrorTags,
  get: [...AdminAuthErrorTags, "SchemaError"],
  update: [...AdminAuthErrorTags, "SchemaError"],
  resetToDefault: [...AdminAuthErrorTags, "SchemaError"]
} as const satisfies ErrorTable
