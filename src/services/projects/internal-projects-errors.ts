/** The known errors each `InternalProjects` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

/** The internal project's session is needed for both calls. */
const internal = ["UserAuthenticationRequired", "ExpectedInternalProject"] as const

export const InternalProjectsErrors = {
  list: internal,
  /** Making the first keys uses the owner's token as the new project's admin access token. */
  create: [...internal, ...AdminAuthErrorTags, "SchemaError"]
} as const satisfies ErrorTable
