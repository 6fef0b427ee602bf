/** The known errors each `ServerUsers` request documents (see `ErrorTable` in endpoint.ts); `listAll` is `list`'s. */
import type { ErrorTable } from "../http/endpoint.js"

export const ServerUsersErrors = {
  list: [],
  get: ["UserNotFound"],
  create: ["UserEmailAlreadyExists", "PasswordTooShort", "PasswordTooLong"],
  update: ["UserNotFound", "UserEmailAlreadyExists", "TeamMembershipNotFound", "PasswordTooShort", "PasswordTooLong"],
  delete: ["UserNotFound"]
} as const satisfies ErrorTable
