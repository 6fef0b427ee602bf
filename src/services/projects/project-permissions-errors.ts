/** The known errors each `ProjectPermissions` and `ServerProjectPermissions` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

export const ProjectPermissionsErrors = {
  list: ["CannotGetOwnUserWithoutUser"],
  has: ["CannotGetOwnUserWithoutUser"]
} as const satisfies ErrorTable

export const ServerProjectPermissionsErrors = {
  list: ["CannotGetOwnUserWithoutUser", "SchemaError"],
  grant: ["UserNotFound", "PermissionNotFound", "WrongPermissionScope", "SchemaError", "CannotGetOwnUserWithoutUser"],
  // Revoking a grant the user does not hold directly is PERMISSION_NOT_FOUND on the service.
  revoke: ["UserNotFound", "PermissionNotFound", "SchemaError", "CannotGetOwnUserWithoutUser"]
} as const satisfies ErrorTable
