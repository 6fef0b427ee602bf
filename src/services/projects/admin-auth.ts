/**
 * Known errors every admin-tier call can raise while its admin access token is being checked (the
 * token is a signed-in owner's access token: it expires, and ownership can end). A misconfigured
 * super-secret admin key is a setup error and stays an `UnexpectedKnownError`.
 */
import { InvalidAdminAccessTokenTags } from "../../errors/categories.js"
import type { KnownErrorTag } from "../../errors/known/registry.js"
import type { CallFailure } from "../http/transport.js"

/** The known errors any admin call can fail with because of its admin access token. */
export const AdminAuthErrorTags = InvalidAdminAccessTokenTags
/** The tag of one of `AdminAuthErrorTags`. */
export type AdminAuthErrorTag = (typeof AdminAuthErrorTags)[number]

/** The error channel of an admin call documenting `Tags` besides the admin-token errors. */
export type AdminFailure<Tags extends KnownErrorTag = never> = CallFailure<AdminAuthErrorTag | Tags>
