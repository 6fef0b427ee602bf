/** The known errors each `TeamInvitations` method documents (see `ErrorTable` in endpoint.ts). */
import { VerificationErrorTags } from "../../errors/categories.js"
import type { ErrorTable } from "../http/endpoint.js"

/** What managing a team's invitations can be refused with. */
const manage = ["CannotGetOwnUserWithoutUser", "TeamMembershipNotFound", "TeamPermissionRequired", "TeamNotFound", "UserNotFound"] as const

/** A code's use by the signed-in user: it must be usable and the user unrestricted (not anonymous). */
const codeUse = [...VerificationErrorTags, "UserAuthenticationRequired", "TeamInvitationRestrictedUserNotAllowed", "TeamNotFound"] as const

export const TeamInvitationsErrors = {
  send: [
    "UserAuthenticationRequired",
    "TeamMembershipNotFound",
    "TeamPermissionRequired",
    "TeamNotFound",
    "UserNotFound",
    "RedirectUrlNotWhitelisted",
    "SchemaError"
  ],
  list: manage,
  revoke: [...manage, "VerificationCodeNotFound"],
  checkCode: VerificationErrorTags,
  details: codeUse,
  /**
   * Newer hosted builds refuse an invitation sent to an address the user has not verified; an invitation to a
   * team of the hosted `internal` project also spends a dashboard seat (an item), which may be missing or used up.
   */
  accept: [...codeUse, "UserNotFound", "TeamInvitationEmailMismatch", "ItemNotFound", "ItemQuantityInsufficientAmount"],
  listReceived: ["CannotGetOwnUserWithoutUser"],
  // Every way an invitation is not acceptable (unknown, used, expired, sent elsewhere) is VerificationCodeNotFound;
  // a team of the hosted `internal` project spends a dashboard seat here too.
  acceptById: [
    "CannotGetOwnUserWithoutUser",
    "TeamInvitationRestrictedUserNotAllowed",
    "VerificationCodeNotFound",
    "ItemNotFound",
    "ItemQuantityInsufficientAmount"
  ]
} as const satisfies ErrorTable
