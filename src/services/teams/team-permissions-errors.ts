/** The known errors each `TeamPermissions` and `ServerTeamPermissions` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

export const TeamPermissionsErrors = {
  list: ["CannotGetOwnUserWithoutUser"],
  has: ["CannotGetOwnUserWithoutUser"]
} as const satisfies ErrorTable

export const ServerTeamPermissionsErrors = {
  list: ["CannotGetOwnUserWithoutUser"],
  grant: ["TeamMembershipNotFound", "UserNotFound", "PermissionNotFound", "WrongPermissionScope", "SchemaError", "CannotGetOwnUserWithoutUser"],
  revoke: ["TeamMembershipNotFound", "UserNotFound", "TeamPermissionNotFound", "SchemaError", "CannotGetOwnUserWithoutUser"]
} as const satisfies ErrorTable
