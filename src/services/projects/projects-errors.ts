/** The known errors each `Projects` and `AdminProjects` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

export const ProjectsErrors = {
  current: []
} as const satisfies ErrorTable

/** Every admin call also documents the admin-token errors (admin-auth.ts). */
export const AdminProjectsErrors = {
  get: AdminAuthErrorTags,
  update: [...AdminAuthErrorTags, "SchemaError"],
  delete: AdminAuthErrorTags
} as const satisfies ErrorTable
