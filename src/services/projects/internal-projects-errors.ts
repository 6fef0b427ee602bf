/** The known errors each `InternalProjects` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

/** The internal project's session is needed for every call. */
const internal = ["UserAuthenticationRequired", "ExpectedInternalProject"] as const

export const InternalProjectsErrors = {
  list: internal,
  /**
   * The owner team must be one the user belongs to (TEAM_MEMBERSHIP_NOT_FOUND). Making the first keys uses
   * the owner's token as the new project's admin access token.
   */
  create: [...internal, ...AdminAuthErrorTags, "SchemaError", "TeamMembershipNotFound"],
  /**
   * The service answers a transfer outside the internal project's session with SCHEMA_ERROR; the caller needs
   * the admin permission on the current owner team (TEAM_MEMBERSHIP_NOT_FOUND / TEAM_PERMISSION_REQUIRED) and
   * membership of the new one.
   */
  transfer: ["SchemaError", "ProjectNotFound", "TeamMembershipNotFound", "TeamPermissionRequired"]
} as const satisfies ErrorTable
