/** The known errors each `Projects` and `AdminProjects` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

export const ProjectsErrors = {
  current: []
} as const satisfies ErrorTable

/**
 * Every admin call also documents the admin-token errors (admin-auth.ts), and INSUFFICIENT_ACCESS_TYPE: the
 * service answers `/internal/projects/current` to admins only.
 */
export const AdminProjectsErrors = {
  get: [...AdminAuthErrorTags, "InsufficientAccessType"],
  update: [...AdminAuthErrorTags, "InsufficientAccessType", "SchemaError"],
  delete: [...AdminAuthErrorTags, "InsufficientAccessType"]
} as const satisfies ErrorTable
