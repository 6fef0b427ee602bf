/** The known errors each `ServerUsers` request documents (see `ErrorTable` in endpoint.ts); `listAll` is `list`'s. */
import { PasswordRequirementsNotMetTags } from "../../errors/categories.js"
import type { ErrorTable } from "../http/endpoint.js"

export const ServerUsersErrors = {
  list: [],
  get: ["UserNotFound"],
  create: ["UserEmailAlreadyExists", ...PasswordRequirementsNotMetTags],
  update: ["UserNotFound", "UserEmailAlreadyExists", "TeamMembershipNotFound", ...PasswordRequirementsNotMetTags],
  delete: ["UserNotFound"]
} as const satisfies ErrorTable
