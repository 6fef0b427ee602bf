/**
 * The known errors each `ProjectConfig` method documents (see `ErrorTable` in endpoint.ts). An override the
 * service refuses (a key it does not know, a wrong value, invalid JSON) is a plain 400, an `HttpError`.
 */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

export const ProjectConfigErrors = {
  get: [...AdminAuthErrorTags, "InsufficientAccessType"],
  getOverride: [...AdminAuthErrorTags, "InsufficientAccessType", "SchemaError"],
  override: [...AdminAuthErrorTags, "InsufficientAccessType", "SchemaError"],
  replace: [...AdminAuthErrorTags, "InsufficientAccessType", "SchemaError"]
} as const satisfies ErrorTable
