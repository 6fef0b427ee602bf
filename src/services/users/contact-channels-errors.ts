/** The known errors each `ContactChannels` and `ServerContactChannels` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

export const ContactChannelsErrors = {
  list: ["CannotGetOwnUserWithoutUser"],
  create: ["CannotGetOwnUserWithoutUser", "ContactChannelAlreadyUsedForAuthBySomeoneElse"],
  update: ["CannotGetOwnUserWithoutUser", "ContactChannelAlreadyUsedForAuthBySomeoneElse"],
  delete: ["CannotGetOwnUserWithoutUser"],
  sendVerificationEmail: ["CannotGetOwnUserWithoutUser", "EmailAlreadyVerified", "RedirectUrlNotWhitelisted"]
} as const satisfies ErrorTable

/** The signed-in user's table, and on any user the user may not exist. */
export const ServerContactChannelsErrors = {
  list: ContactChannelsErrors.list,
  create: [...ContactChannelsErrors.create, "UserIdDoesNotExist"],
  update: ContactChannelsErrors.update,
  delete: ContactChannelsErrors.delete,
  sendVerificationEmail: [...ContactChannelsErrors.sendVerificationEmail, "UserIdDoesNotExist"]
} as const satisfies ErrorTable
