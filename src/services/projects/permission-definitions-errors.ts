/**
 * The known errors each `PermissionDefinitions` method documents (see `ErrorTable` in endpoint.ts); like every admin call,
 * each documents the admin-token errors (admin-auth.ts).
 */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

export const PermissionDefinitionsErrors = {
  list: AdminAuthErrorTags,
  create: [...AdminAuthErrorTags, "PermissionIdAlreadyExists", "ContainedPermissionNotFound", "SchemaError"],
  update: [...AdminAuthErrorTags, "PermissionNotFound", "PermissionIdAlreadyExists", "ContainedPermissionNotFound", "SchemaError"],
  delete: [...AdminAuthErrorTags, "PermissionNotFound"]
} as const satisfies ErrorTable
