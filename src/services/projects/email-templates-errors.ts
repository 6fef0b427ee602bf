/**
 * The known errors each `EmailTemplates` method documents (see `ErrorTable` in endpoint.ts); like every admin call,
 * each documents the admin-token errors (admin-auth.ts). Writes are refused while the project uses the shared
 * email server (`RequiresCustomEmailServer`); a template id that is not a UUID is a `SchemaError`.
 */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

export const EmailTemplatesErrors = {
  list: AdminAuthErrorTags,
  get: AdminAuthErrorTags,
  create: [...AdminAuthErrorTags, "SchemaError", "RequiresCustomEmailServer"],
  update: [...AdminAuthErrorTags, "SchemaError", "RequiresCustomEmailServer", "EmailRenderingError"],
  delete: [...AdminAuthErrorTags, "SchemaError", "RequiresCustomEmailServer"]
} as const satisfies ErrorTable
