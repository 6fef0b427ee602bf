/** The known errors each `Teams` and `ServerTeams` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

const manage = ["UserAuthenticationRequired", "TeamMembershipNotFound", "TeamPermissionRequired", "TeamNotFound"] as const

export const TeamsErrors = {
  list: ["CannotGetOwnUserWithoutUser"],
  get: ["UserAuthenticationRequired", "TeamMembershipNotFound", "TeamNotFound"],
  create: ["UserAuthenticationRequired"],
  update: manage,
  delete: manage,
  leave: ["CannotGetOwnUserWithoutUser", "TeamMembershipNotFound"]
} as const satisfies ErrorTable

export const ServerTeamsErrors = {
  list: ["CannotGetOwnUserWithoutUser"],
  get: ["TeamNotFound"],
  create: ["UserNotFound", "CannotGetOwnUserWithoutUser"],
  update: ["TeamNotFound"],
  delete: ["TeamNotFound"],
  addMember: ["TeamNotFound", "UserNotFound", "TeamMembershipAlreadyExists", "CannotGetOwnUserWithoutUser"],
  removeMember: ["TeamMembershipNotFound", "UserNotFound", "CannotGetOwnUserWithoutUser"]
} as const satisfies ErrorTable
