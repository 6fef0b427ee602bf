/** The known errors each `TeamMembers` and `ServerTeamMembers` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

const read = ["CannotGetOwnUserWithoutUser", "TeamMembershipNotFound", "TeamPermissionRequired", "UserNotFound"] as const
const edit = ["TeamMembershipNotFound", "UserNotFound", "CannotGetOwnUserWithoutUser"] as const

export const TeamMembersErrors = {
  list: read,
  get: read,
  getMine: read,
  updateMine: ["CannotGetOwnUserWithoutUser", "TeamMembershipNotFound", "UserNotFound"]
} as const satisfies ErrorTable

export const ServerTeamMembersErrors = {
  list: ["TeamNotFound", "UserNotFound", "CannotGetOwnUserWithoutUser"],
  get: edit,
  update: edit
} as const satisfies ErrorTable
