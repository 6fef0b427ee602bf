/** The known errors each `ServerUsers` request documents (see `ErrorTable` in endpoint.ts); `listAll` is `list`'s. */
import type { ErrorTable } from "../http/endpoint.js"

export const ServerUsersErrors = {
  list: [],
  get: ["UserNotFound"],
  create: ["UserEmailAlreadyExists", "PasswordTooShort", "PasswordTooLong"],
  update: ["UserNotFound", "UserEmailAlreadyExists", "TeamMembershipNotFound", "PasswordTooShort", "PasswordTooLong"],
  delete: ["UserNotFound"],
  // A PATCH of the restriction fields only: no e-mail, password or team is touched, so only the user can be missing.
  restrict: ["UserNotFound"],
  unrestrict: ["UserNotFound"]
} as const satisfies ErrorTable
